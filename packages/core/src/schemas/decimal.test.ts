import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalInteger, pathIdSchema } from './decimal';
import { documentListQuerySchema, documentParamsSchema } from './documents';

describe('decimal path and query numbers', () => {
  it('reads canonical decimal digits', () => {
    expect(pathIdSchema.parse('16')).toBe(16);
    expect(pathIdSchema.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(pathIdSchema.parse(16)).toBe(16);
    expect(decimalInteger(z.number().int().min(0)).parse('0')).toBe(0);
  });

  it('refuses every other spelling of a number, which z.coerce.number() read as one', () => {
    for (const text of [
      '0x10',
      '016',
      '+16',
      ' 16',
      '16 ',
      '1e1',
      '16.0',
      '0b10',
      '0o20',
      '',
      '-1',
      '0',
      '١٦',
    ]) {
      expect(pathIdSchema.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
    expect(pathIdSchema.safeParse('9007199254740992').success).toBe(false);
    const bin = '123456789012';
    expect(documentParamsSchema.safeParse({ bin, id: '0x10' }).success).toBe(false);
    expect(documentParamsSchema.parse({ bin, id: '16' })).toEqual({ bin, id: 16 });
    expect(documentListQuerySchema.safeParse({ box: 'outgoing', limit: '1e1' }).success).toBe(false);
    expect(documentListQuerySchema.parse({ box: 'outgoing', limit: '10' }).limit).toBe(10);
  });

  it('documents itself as the number it is', () => {
    const coerced = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(pathIdSchema, { io })).toEqual(z.toJSONSchema(coerced, { io }));
    }
  });
});
