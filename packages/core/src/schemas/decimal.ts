import { z } from 'zod';

/** A whole number as URLs write it: `0` or digits without a leading zero, sign, space, exponent or `0x`. */
const CANONICAL_DECIMAL = /^(0|[1-9][0-9]*)$/;

function fromCanonicalDecimal(value: unknown): unknown {
  return typeof value === 'string' && CANONICAL_DECIMAL.test(value) ? Number(value) : value;
}

/**
 * `schema` for a path or query value: a string of canonical decimal digits is read as its number, and any other
 * string (`0x10`, `016`, `+16`, ` 16`, `1e1`, `16.0`) is refused as a string, where `z.coerce.number()` read them
 * all as 16 or 10. Numbers pass as they are. JSON Schema (input and output) shows the number schema.
 */
export function decimalInteger<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(fromCanonicalDecimal, schema);
}

/** A positive numeric id in a path (documents, files, folders, counterparties, links, conversations). */
export const pathIdSchema = decimalInteger(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
