/** SQLSTATE of a unique violation. */
const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of a foreign-key violation. */
const FOREIGN_KEY_VIOLATION = '23503';

function violation(error: unknown, sqlState: string): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as Record<string, unknown>;
  if (fields.code !== sqlState) return undefined;
  return [fields.constraint, fields.detail, fields.message].filter((v) => typeof v === 'string').join(' ');
}

/**
 * When `error` is a unique violation (on PostgreSQL through `pg` or on PGlite, which report it alike), the
 * constraint name, detail and message joined, to tell which index refused; else undefined.
 *
 * @example if (uniqueViolation(error)?.includes('folders_sibling_name_idx')) throw new AppError('FOLDER_NAME_TAKEN');
 */
export function uniqueViolation(error: unknown): string | undefined {
  return violation(error, UNIQUE_VIOLATION);
}

/** Like {@link uniqueViolation}, for a foreign-key violation (the referenced row is gone). */
export function foreignKeyViolation(error: unknown): string | undefined {
  return violation(error, FOREIGN_KEY_VIOLATION);
}
