import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginRequestSchema } from './account';
import { paymentInvoiceRequestSchema } from './billing';
import { emailSchema, loginTargetSchema, personNameSchema, phoneSchema } from './contact-fields';
import { documentNameSchema, identityNumberSchema, rejectCommentSchema } from './fields';
import {
  hasControlCharacters,
  hasUnstorableCharacters,
  multiLineTextSchema,
  singleLineTextSchema,
} from './text';

const HIGH = '\ud83d';
const LOW = '\ude00';

function issueMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('hasUnstorableCharacters', () => {
  it('finds NUL and lone surrogates anywhere', () => {
    for (const value of [
      '\u0000',
      'a\u0000',
      `${HIGH}`,
      `a${HIGH}b`,
      `${LOW}a`,
      `${LOW}${HIGH}`,
      `x${HIGH}`,
    ]) {
      expect(hasUnstorableCharacters(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('accepts surrogate pairs and other control characters (those are for the field schemas)', () => {
    for (const value of ['', 'Айгерім', `${HIGH}${LOW}`, '😀👍🏽', 'a\tb\nc\u0001\u001f\u007f', '\u202e']) {
      expect(hasUnstorableCharacters(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('hasControlCharacters', () => {
  it('finds every C0 control, DEL and lone surrogates in single-line text', () => {
    for (let unit = 0; unit < 0x20; unit++) {
      expect(hasControlCharacters(`a${String.fromCharCode(unit)}b`), `U+${unit.toString(16)}`).toBe(true);
    }
    expect(hasControlCharacters('a\u007fb')).toBe(true);
    expect(hasControlCharacters(`a${HIGH}`)).toBe(true);
    expect(hasControlCharacters(`${LOW}`)).toBe(true);
  });

  it('lets multi-line text keep tab, line feed and carriage return, and nothing else', () => {
    expect(hasControlCharacters('line 1\r\nline 2\tend', { multiLine: true })).toBe(false);
    for (const value of ['\u0000', '\u0001', '\u000b', '\u000c', '\u001b', '\u007f', `${HIGH}x`]) {
      expect(hasControlCharacters(value, { multiLine: true }), JSON.stringify(value)).toBe(true);
    }
  });

  it('accepts ordinary text in every script, emoji and other format characters', () => {
    for (const value of ['Қолтаңба', 'Ольга Иванова', "O'Brien-Smith", '😀', '\u00a0', '\u0085', '\u202e']) {
      expect(hasControlCharacters(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('single-line and multi-line text schemas', () => {
  it('answer CONTROL_CHARACTERS', () => {
    expect(issueMessage(singleLineTextSchema, 'a\nb')).toBe('CONTROL_CHARACTERS');
    expect(issueMessage(singleLineTextSchema, 'ab')).toBeUndefined();
    expect(issueMessage(multiLineTextSchema, 'a\nb')).toBeUndefined();
    expect(issueMessage(multiLineTextSchema, 'a\u0000b')).toBe('CONTROL_CHARACTERS');
  });

  it.each([
    ['emailSchema', emailSchema, 'a\u0001@example.kz'],
    ['phoneSchema', phoneSchema, '+7 701 234\u000b56 78'],
    ['loginTargetSchema', loginTargetSchema, 'a@example.kz\u0000'],
    ['personNameSchema', personNameSchema, 'Ай\u001bгерім'],
    ['personNameSchema (surrogate)', personNameSchema, `Айгерім${HIGH}`],
    ['identityNumberSchema (before trimming)', identityNumberSchema(), '920715401122\n'],
    ['documentNameSchema', documentNameSchema, 'Договор\u0007 №1'],
    ['documentNameSchema (tab)', documentNameSchema, 'Договор\t№1'],
    ['rejectCommentSchema', rejectCommentSchema, 'Не согласен\u0000'],
  ])('%s refuses control characters', (_name, schema, value) => {
    expect(issueMessage(schema, value)).toBe('CONTROL_CHARACTERS');
  });

  it('keep accepting the values they accepted before', () => {
    expect(emailSchema.safeParse(' Aigerim@Example.kz ').success).toBe(true);
    expect(phoneSchema.safeParse('8 (701) 234-56-78').success).toBe(true);
    expect(personNameSchema.parse('  Айгерім  ')).toBe('Айгерім');
    expect(identityNumberSchema().parse(' 920715401122 ')).toBe('920715401122');
    expect(documentNameSchema.parse('Договор №1')).toBe('Договор №1');
    expect(rejectCommentSchema.parse('Не согласен\nс пунктом 2\r\n\tи 3')).toContain('\n');
  });

  it('cover the login and billing bodies', () => {
    expect(issueMessage(loginRequestSchema, { lang: 'en', login: 'a@b.kz\u0000', password: 'x' })).toBe(
      'CONTROL_CHARACTERS',
    );
    const invoice = {
      abonentId: 'A-1',
      currency: 'KZT',
      uin: 'U-1',
      lang: 'ru',
      filialId: 1,
      customerAccountCategoryId: 1,
      balance: 0,
    };
    expect(paymentInvoiceRequestSchema.safeParse(invoice).success).toBe(true);
    expect(issueMessage(paymentInvoiceRequestSchema, { ...invoice, uin: 'U\u00001' })).toBe(
      'CONTROL_CHARACTERS',
    );
    expect(issueMessage(paymentInvoiceRequestSchema, { ...invoice, abonentId: 'A\n1' })).toBe(
      'CONTROL_CHARACTERS',
    );
  });
});
