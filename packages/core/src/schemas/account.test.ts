import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  completeRegistrationRequestSchema,
  recoveryChangeRequestSchema,
  refreshRequestSchema,
  sendSmsCodeRequestSchema,
  verifyEmailCodeRequestSchema,
} from './account';
import { attachByIinRequestSchema } from './company';
import { codeSchema } from './contact-fields';

function issueMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('account request schemas', () => {
  it('accept well-formed bodies', () => {
    expect(sendSmsCodeRequestSchema.parse({ phoneNumber: '8 701 234 56 78', lang: 'kz' }).lang).toBe('kk');
    expect(
      verifyEmailCodeRequestSchema.safeParse({ email: 'a@b.kz', code: '012345', lang: 'ru' }).success,
    ).toBe(true);
    expect(refreshRequestSchema.safeParse({}).success).toBe(true);
  });

  it('name the catalogue code of the offending field', () => {
    expect(issueMessage(sendSmsCodeRequestSchema, { phoneNumber: '+7 727 111 22 33', lang: 'ru' })).toBe(
      'INVALID_PHONE',
    );
    expect(issueMessage(codeSchema, '12345')).toBe('INVALID_CODE');
    expect(issueMessage(codeSchema, '12345a')).toBe('INVALID_CODE');
    expect(
      issueMessage(recoveryChangeRequestSchema, {
        target: 'x@',
        code: '123456',
        lang: 'en',
        newPassword: 'p',
      }),
    ).toBe('INVALID_LOGIN');
    const short = { registrationToken: 't', password: 'short', firstname: 'А', lastname: 'Б', lang: 'kk' };
    expect(issueMessage(completeRegistrationRequestSchema, short)).toBe('PASSWORD_TOO_SHORT');
    expect(
      issueMessage(attachByIinRequestSchema, { iin: '12', phoneNumber: '87012345678', lang: 'ru' }),
    ).toBe('IDENTITY_NUMBER_INVALID');
  });

  it('export to JSON Schema', () => {
    for (const schema of [
      completeRegistrationRequestSchema,
      recoveryChangeRequestSchema,
      attachByIinRequestSchema,
    ]) {
      expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    }
  });
});
