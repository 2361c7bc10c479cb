import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isErrorCode } from '../errors/codes';
import { activeTariffSchema } from '../tariff/tariff-state';
import { authTokensSchema, loginRequestSchema, profileSchema } from './account';
import { errorResponseSchema, healthSchema, readinessSchema } from './api';
import { paymentInvoiceRequestSchema, tariffShortInfoSchema } from './billing';
import { companySchema } from './company';
import {
  documentNameSchema,
  identityNumberSchema,
  langSchema,
  newPasswordSchema,
  rejectCommentSchema,
} from './fields';

/** The single issue message of a failed parse. */
function issueMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('langSchema', () => {
  it('accepts the languages and reads kz as kk', () => {
    expect(langSchema.parse('ru')).toBe('ru');
    expect(langSchema.parse('kz')).toBe('kk');
    expect(langSchema.parse(' KZ ')).toBe('kk');
    expect(langSchema.parse('EN')).toBe('en');
  });

  it('refuses other values', () => {
    expect(langSchema.safeParse('de').success).toBe(false);
    expect(langSchema.safeParse('ru-RU').success).toBe(false);
    expect(langSchema.safeParse(1).success).toBe(false);
    expect(langSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('identityNumberSchema', () => {
  it('accepts valid numbers, trimmed', () => {
    expect(identityNumberSchema().parse(' 900515300127 ')).toBe('900515300127');
    expect(identityNumberSchema().parse('070940000718')).toBe('070940000718');
  });

  it('refuses bad numbers with the catalogue code', () => {
    expect(issueMessage(identityNumberSchema(), '900515300128')).toBe('IDENTITY_NUMBER_INVALID');
    expect(issueMessage(identityNumberSchema(), '12345')).toBe('IDENTITY_NUMBER_INVALID');
  });

  it('restricts the kind when asked', () => {
    expect(identityNumberSchema({ kind: 'BIN' }).safeParse('070940000718').success).toBe(true);
    expect(identityNumberSchema({ kind: 'BIN' }).safeParse('900515300127').success).toBe(false);
    expect(identityNumberSchema({ kind: 'IIN' }).safeParse('900515300127').success).toBe(true);
  });

  it('accepts the NCA TEST numbers only in test mode', () => {
    expect(identityNumberSchema().safeParse('123456789021').success).toBe(false);
    expect(identityNumberSchema({ testMode: true, kind: 'BIN' }).safeParse('123456789021').success).toBe(
      true,
    );
    expect(identityNumberSchema({ testMode: true, kind: 'IIN' }).safeParse('123456789021').success).toBe(
      false,
    );
  });
});

describe('documentNameSchema and rejectCommentSchema', () => {
  it('bound the document name to 5-60 characters after trimming', () => {
    expect(documentNameSchema.parse('  Договор  ')).toBe('Договор');
    expect(documentNameSchema.safeParse('a'.repeat(60)).success).toBe(true);
    expect(issueMessage(documentNameSchema, '  abcd  ')).toBe('DOCUMENT_NAME_LENGTH');
    expect(issueMessage(documentNameSchema, 'a'.repeat(61))).toBe('DOCUMENT_NAME_LENGTH');
  });

  it('bound the reject comment to 5-100 characters, 5 in every language', () => {
    expect(rejectCommentSchema.parse('Wrong')).toBe('Wrong');
    expect(issueMessage(rejectCommentSchema, 'Nope')).toBe('REJECT_COMMENT_LENGTH');
    expect(rejectCommentSchema.safeParse('x'.repeat(100)).success).toBe(true);
    expect(issueMessage(rejectCommentSchema, 'x'.repeat(101))).toBe('REJECT_COMMENT_LENGTH');
  });

  it('bound new passwords to 8-128 characters', () => {
    expect(newPasswordSchema.safeParse('12345678').success).toBe(true);
    expect(issueMessage(newPasswordSchema, '1234567')).toBe('PASSWORD_TOO_SHORT');
    expect(issueMessage(newPasswordSchema, 'x'.repeat(129))).toBe('PASSWORD_TOO_LONG');
  });

  it('use catalogue codes as issue messages', () => {
    for (const message of [
      issueMessage(documentNameSchema, ''),
      issueMessage(rejectCommentSchema, ''),
      issueMessage(newPasswordSchema, ''),
      issueMessage(identityNumberSchema(), ''),
    ]) {
      expect(isErrorCode(message)).toBe(true);
    }
  });
});

describe('response and request shapes', () => {
  it('parse valid bodies', () => {
    expect(errorResponseSchema.parse({ code: 'NOT_FOUND', message: 'Not found' })).toEqual({
      code: 'NOT_FOUND',
      message: 'Not found',
    });
    expect(healthSchema.parse({ status: 'ok' })).toEqual({ status: 'ok' });
    expect(readinessSchema.parse({ status: 'unavailable', database: 'unavailable' }).database).toBe(
      'unavailable',
    );
    expect(
      authTokensSchema.parse({ access_token: 'a', refresh_token: 'r', expires_in: 3600 }).expires_in,
    ).toBe(3600);
    expect(loginRequestSchema.parse({ lang: 'kz', login: ' a@b.kz ', password: 'secret' })).toEqual({
      lang: 'kk',
      login: 'a@b.kz',
      password: 'secret',
    });
    expect(
      profileSchema.parse({ email: 'a@b.kz', lastname: 'Ахметов', firstname: 'Ерлан', lang: 'ru' }).lang,
    ).toBe('ru');
    expect(
      companySchema.parse({
        bin: '070940000718',
        nameRu: 'АО "Тест"',
        shortNameRu: null,
        isMainCompany: true,
      }),
    ).toMatchObject({ shortNameRu: null });
    expect(tariffShortInfoSchema.parse({ active: true, type: 'by_count' }).type).toBe('by_count');
    const invoice = {
      abonentId: '1001',
      currency: 'KZT',
      uin: 'U-1',
      lang: 'ru',
      filialId: 1,
      customerAccountCategoryId: 2,
      balance: 0,
    };
    expect(paymentInvoiceRequestSchema.parse(invoice)).toEqual(invoice);
  });

  it('refuse wrong types and missing fields', () => {
    expect(healthSchema.safeParse({ status: 'down' }).success).toBe(false);
    expect(readinessSchema.safeParse({ status: 'ok' }).success).toBe(false);
    expect(
      authTokensSchema.safeParse({ access_token: 'a', refresh_token: 'r', expires_in: '3600' }).success,
    ).toBe(false);
    expect(issueMessage(loginRequestSchema, { lang: 'ru', login: '  ', password: 'x' })).toBe(
      'INVALID_LOGIN',
    );
    expect(loginRequestSchema.safeParse({ lang: 'de', login: 'a', password: 'x' }).success).toBe(false);
    expect(
      companySchema.safeParse({ bin: '123', nameRu: 'x', shortNameRu: null, isMainCompany: true }).success,
    ).toBe(false);
    expect(tariffShortInfoSchema.safeParse({ active: true, type: 'monthly' }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ code: '', message: 'x' }).success).toBe(false);
  });
});

describe('error response params', () => {
  it('carry the values of the placeholders, and tolerate names added later', () => {
    const body = {
      code: 'RATE_LIMITED',
      message: 'Too many requests. Try again in 30 seconds',
      params: { retryAfter: 30, addedLater: 'x' },
    };
    expect(errorResponseSchema.parse(body)).toEqual(body);
    expect(
      errorResponseSchema.parse({
        code: 'ACCOUNT_BLOCKED',
        message: 'x',
        params: { until: '2026-11-20T09:30:00.000Z' },
      }).params?.until,
    ).toBe('2026-11-20T09:30:00.000Z');
  });

  it('refuse values of the wrong kind', () => {
    const withParams = (params: unknown) =>
      errorResponseSchema.safeParse({ code: 'RATE_LIMITED', message: 'x', params }).success;
    expect(withParams({ retryAfter: '30' })).toBe(false);
    expect(withParams({ retryAfter: -1 })).toBe(false);
    expect(withParams({ until: '12:30' })).toBe(false);
    expect(withParams({ other: { nested: true } })).toBe(false);
    expect(withParams('30')).toBe(false);
  });
});

describe('JSON Schema export', () => {
  const schemas: Record<string, z.ZodType> = {
    errorResponseSchema,
    healthSchema,
    readinessSchema,
    authTokensSchema,
    loginRequestSchema,
    profileSchema,
    companySchema,
    tariffShortInfoSchema,
    paymentInvoiceRequestSchema,
    activeTariffSchema,
    langSchema,
    identityNumberSchema: identityNumberSchema(),
    documentNameSchema,
    rejectCommentSchema,
    newPasswordSchema,
  };

  it.each(Object.entries(schemas))('%s converts to JSON Schema for input and output', (_name, schema) => {
    for (const io of ['input', 'output'] as const) {
      const json = z.toJSONSchema(schema, { io });
      expect(json.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(json.type ?? json.anyOf).toBeDefined();
    }
  });

  it('keeps the rules visible to OpenAPI', () => {
    expect(z.toJSONSchema(documentNameSchema)).toMatchObject({ type: 'string', minLength: 5, maxLength: 60 });
    expect(z.toJSONSchema(langSchema)).toMatchObject({ type: 'string', enum: ['kk', 'ru', 'en'] });
    expect(z.toJSONSchema(identityNumberSchema())).toMatchObject({ type: 'string', pattern: '^\\d{12}$' });
    expect(z.toJSONSchema(loginRequestSchema)).toMatchObject({ required: ['lang', 'login', 'password'] });
  });
});
