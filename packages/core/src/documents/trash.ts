import type { Document } from '../schemas/documents';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The trash countdown of a company: deletion `retentionDays` after trashing; `daysLeft` counts whole days
 * (rounded down), so it reads `retentionDays` right after trashing and 0 on the last day. Null when not trashed.
 *
 * @example trashInfo(new Date('2026-01-01'), new Date('2026-01-01T12:00Z'), 30)?.daysLeft // 29
 */
export function trashInfo(trashedAt: Date | null, now: Date, retentionDays: number): Document['trash'] {
  if (!trashedAt) return null;
  const deleteAt = new Date(trashedAt.getTime() + retentionDays * DAY_MS);
  const daysLeft = Math.max(0, Math.floor((deleteAt.getTime() - now.getTime()) / DAY_MS));
  return { trashedAt: trashedAt.toISOString(), deleteAt: deleteAt.toISOString(), daysLeft };
}
