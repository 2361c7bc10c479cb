import { AppError } from '@qoltanba/core';
import type { z } from 'zod';

/** An opaque keyset cursor: base64url JSON of the sort key of the last row a page showed. */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The sort key of a cursor made by {@link encodeCursor}; anything else is 400 VALIDATION_FAILED `{field: 'cursor'}`. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', { field: 'cursor' }, { cause: error });
  }
}
