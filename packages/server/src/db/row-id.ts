/** Largest value of an `integer` (int4) column: ids above it cannot be stored, so no row has them. */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * True when `id` can be the id of an `integer generated ... as identity` row. Path ids are validated up to
 * `Number.MAX_SAFE_INTEGER`; a larger one would make PostgreSQL fail the query, so callers answer "not found"
 * for it without asking.
 */
export function isRowId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= ROW_ID_MAX;
}
