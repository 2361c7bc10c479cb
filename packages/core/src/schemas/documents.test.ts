import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { counterpartyInputSchema } from './counterparties';
import { documentDraftSchema, documentListQuerySchema, signerRuleViolation } from './documents';
import { createFolderRequestSchema } from './folders';

const BIN = '180340021791';
const IIN = '920715401122';

function signer(identityNumber: string, extra: Record<string, unknown> = {}) {
  return { identityNumber, email: 'a@example.kz', nameRu: 'ТОО "Береке"', ...extra };
}

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('documentDraftSchema', () => {
  const schema = documentDraftSchema();
  const draft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [signer(BIN), signer(IIN)] };

  it('accepts a draft with two signers and an approver', () => {
    const parsed = schema.parse({ ...draft, signers: [signer(BIN, { approverEmail: 'boss@example.kz' })] });
    expect(parsed.signers[0]?.approverEmail).toBe('boss@example.kz');
  });

  it('accepts a draft without signers (signers are required to send, not to save)', () => {
    expect(schema.safeParse({ ...draft, signers: [] }).success).toBe(true);
  });

  it.each([
    ['a name of 4 characters', { name: 'abcd' }, 'DOCUMENT_NAME_LENGTH'],
    ['a name of 61 characters', { name: 'x'.repeat(61) }, 'DOCUMENT_NAME_LENGTH'],
    ['a BIN with a wrong check digit', { signers: [signer('180340021792')] }, 'IDENTITY_NUMBER_INVALID'],
    ['a BIN/IIN twice', { signers: [signer(BIN), signer(BIN)] }, 'SIGNER_DUPLICATE'],
    [
      'a bad approver e-mail',
      { signers: [signer(BIN, { approverEmail: 'nope' })] },
      'APPROVER_EMAIL_INVALID',
    ],
    ['a bad signer e-mail', { signers: [signer(BIN, { email: 'nope' })] }, 'INVALID_EMAIL'],
  ])('refuses %s', (_label, change, code) => {
    expect(firstMessage(schema, { ...draft, ...change })).toBe(code);
  });

  it('accepts the name at both bounds, 5 and 60 characters', () => {
    expect(schema.safeParse({ ...draft, name: 'abcde' }).success).toBe(true);
    expect(schema.safeParse({ ...draft, name: 'x'.repeat(60) }).success).toBe(true);
  });

  it('accepts the NCA test numbers only in test mode', () => {
    const testSigner = { ...draft, signers: [signer('123456789012')] };
    expect(schema.safeParse(testSigner).success).toBe(false);
    expect(documentDraftSchema({ testMode: true }).safeParse(testSigner).success).toBe(true);
  });

  it('exports to JSON Schema for the OpenAPI document', () => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(json.properties).toHaveProperty('signers');
  });
});

describe('signerRuleViolation', () => {
  it('refuses the acting company as a signer', () => {
    expect(signerRuleViolation([{ identityNumber: IIN }, { identityNumber: BIN }], BIN)).toBe(
      'SELF_AS_SIGNER',
    );
  });
  it('refuses a BIN/IIN twice, also with surrounding spaces', () => {
    expect(signerRuleViolation([{ identityNumber: IIN }, { identityNumber: ` ${IIN}` }], BIN)).toBe(
      'SIGNER_DUPLICATE',
    );
  });
  it('passes distinct other companies', () => {
    expect(signerRuleViolation([{ identityNumber: IIN }], BIN)).toBeUndefined();
  });
});

describe('documentListQuerySchema', () => {
  it('reads numbers from query strings', () => {
    expect(documentListQuerySchema.parse({ box: 'incoming', limit: '50', folderId: '3' })).toMatchObject({
      limit: 50,
      folderId: 3,
    });
  });
  it('refuses an unknown box, a page over 100 and an overlong search', () => {
    expect(documentListQuerySchema.safeParse({ box: 'inbox' }).success).toBe(false);
    expect(documentListQuerySchema.safeParse({ box: 'draft', limit: '101' }).success).toBe(false);
    expect(firstMessage(documentListQuerySchema, { box: 'draft', q: 'x'.repeat(101) })).toBe(
      'QUERY_PARAM_TOO_LONG',
    );
  });
});

describe('folder and counterparty bodies', () => {
  it.each([
    [{ name: '   ' }, 'FOLDER_NAME_REQUIRED'],
    [{}, 'FOLDER_NAME_REQUIRED'],
    [{ name: 'x'.repeat(101) }, 'FOLDER_NAME_TOO_LONG'],
  ])('folder %j is refused with %s', (body, code) => {
    expect(firstMessage(createFolderRequestSchema, body)).toBe(code);
  });

  it('a folder name of 100 characters is accepted and trimmed', () => {
    expect(createFolderRequestSchema.parse({ name: ` ${'x'.repeat(100)} ` }).name).toHaveLength(100);
  });

  it('a counterparty needs a valid number and at least one valid e-mail', () => {
    const schema = counterpartyInputSchema();
    const entry = { identityNumber: BIN, nameRu: 'ТОО "Береке"', emails: ['a@example.kz'] };
    expect(schema.safeParse(entry).success).toBe(true);
    expect(firstMessage(schema, { ...entry, emails: [] })).toBe('INVALID_EMAIL');
    expect(firstMessage(schema, { ...entry, emails: ['x'] })).toBe('INVALID_EMAIL');
    expect(firstMessage(schema, { ...entry, identityNumber: '123' })).toBe('IDENTITY_NUMBER_INVALID');
  });
});

describe('control characters in the new text fields', () => {
  it.each([
    ['a folder name', createFolderRequestSchema, { name: 'Акты\u0007' }],
    [
      'a signer company name',
      documentDraftSchema(),
      { name: 'Договор', signingMethod: 'PARALLEL', signers: [signer(BIN, { nameRu: 'ТОО\nБереке' })] },
    ],
  ])('%s with a control character is refused with CONTROL_CHARACTERS', (_label, schema, value) => {
    expect(firstMessage(schema, value)).toBe('CONTROL_CHARACTERS');
  });
});
