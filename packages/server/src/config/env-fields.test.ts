import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  envChoice,
  envConnectionUrl,
  envFlag,
  envInteger,
  envNumber,
  envText,
  envUrl,
  mergeEnv,
  parseEnv,
  unsetWhenEmpty,
} from './env-fields.js';

/** Parses one variable `V` with `field`; the result or the thrown message. */
function read(field: z.ZodType, value: string | undefined): unknown {
  try {
    return parseEnv({ V: field }, { V: value }).V;
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

describe('environment fields', () => {
  it('read an empty or blank variable as unset', () => {
    expect(read(unsetWhenEmpty(z.string().default('d')), '')).toBe('d');
    expect(read(envText('d'), '   ')).toBe('d');
    expect(read(envText(), '')).toBeUndefined();
    expect(read(envText(), ' x ')).toBe(' x ');
  });

  it('read switches in any case, default or undefined when unset, and refuse anything else', () => {
    for (const on of ['1', 'true', 'YES', ' on ']) expect(read(envFlag(), on), on).toBe(true);
    for (const off of ['0', 'False', 'no', 'OFF']) expect(read(envFlag(), off), off).toBe(false);
    expect(read(envFlag(), undefined)).toBeUndefined();
    expect(read(envFlag(true), '')).toBe(true);
    expect(read(envFlag(false), 'maybe')).toBe('error: V: expected true/false');
  });

  it('read whole numbers within their bounds', () => {
    const field = envInteger({ min: 0, max: 10 }, 2);
    expect(read(field, undefined)).toBe(2);
    expect(read(field, '10')).toBe(10);
    expect(read(field, '11')).toMatch(/^error: V: Too big/);
    expect(read(field, '-1')).toMatch(/^error: V: Too small/);
    expect(read(field, '1.5')).toBe('error: V: Invalid input: expected int, received number');
    expect(read(field, 'ten')).toMatch(/^error: V: .*NaN/);
    expect(read(envInteger({ positive: true }, 1), '0')).toMatch(
      /^error: V: Too small: expected number to be >0/,
    );
    expect(read(envInteger({ min: 0 }), undefined)).toBeUndefined();
  });

  it('read numbers with fractions within their bounds', () => {
    const seconds = envNumber({ min: 0.1, max: 300 }, 20);
    expect(read(seconds, '0.25')).toBe(0.25);
    expect(read(seconds, '')).toBe(20);
    expect(read(seconds, '0.05')).toMatch(/^error: V: Too small/);
  });

  it('read URLs of the allowed protocols only', () => {
    expect(read(envUrl(/^https?$/), 'https://q.kz/x')).toBe('https://q.kz/x');
    expect(read(envUrl(/^https?$/), 'javascript:alert(1)')).toMatch(/^error: V: /);
    expect(read(envUrl(/^wss?$/, 'wss://127.0.0.1:1'), undefined)).toBe('wss://127.0.0.1:1');
    const smtp = envConnectionUrl(/^smtps?:\/\//, 'must start with smtp:// or smtps://');
    expect(read(smtp, 'smtps://mail:465')).toBe('smtps://mail:465');
    expect(read(smtp, 'http://mail')).toBe('error: V: must start with smtp:// or smtps://');
  });

  it('read one of the choices, written exactly', () => {
    const field = envChoice(['auto', 'bwrap', 'none'], 'auto');
    expect(read(field, '')).toBe('auto');
    expect(read(field, 'none')).toBe('none');
    expect(read(field, 'NONE')).toMatch(/^error: V: /);
  });

  it('name every invalid variable of a schema in one message', () => {
    const shape = { A: envInteger({ min: 1 }, 1), B: envFlag() };
    expect(() => parseEnv(shape, { A: '0', B: 'x' })).toThrow(/^A: Too small.*; B: expected true\/false$/);
    expect(parseEnv(shape, {})).toEqual({ A: 1, B: undefined });
  });

  it('merge several schemas into one, refusing a variable declared twice', () => {
    const merged = mergeEnv({ A: envFlag() }, { B: envText('b') });
    expect(parseEnv(merged, { A: 'on' })).toEqual({ A: true, B: 'b' });
    expect(() => mergeEnv({ A: envFlag() }, { A: envText() })).toThrow(
      'A is declared by two environment schemas',
    );
  });
});
