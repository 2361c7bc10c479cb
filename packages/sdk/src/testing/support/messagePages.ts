import type { SupportMessage, SupportMessagePage } from '@qoltanba/core';
import { refuse } from '../fakeHttp';

// The support chat's keyset pages as the fake answers them: a conversation's messages newest page first (each page
// oldest first), the visitor's conversations newest first. Cursors are opaque base64 JSON of the last id shown, as
// the server's; anything else is 400 VALIDATION_FAILED.

/** Encodes the id a page stopped at (base64url, as the server's). */
const encodeCursor = (id: number) =>
  btoa(JSON.stringify([id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The id of a cursor made by {@link encodeCursor}, else the server's refusal. */
function decodeCursor(cursor: string): number {
  try {
    const value = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    if (Array.isArray(value) && value.length === 1 && Number.isInteger(value[0]) && (value[0] as number) > 0)
      return value[0] as number;
  } catch {
    // Falls through to the refusal.
  }
  refuse('VALIDATION_FAILED', { field: 'cursor' });
}

/** A page of `messages` (oldest first): the newest `limit` before the cursor, and the cursor of the page before. */
export function fakeMessagePage(
  messages: readonly SupportMessage[],
  query: { limit: number; cursor?: string | undefined },
): SupportMessagePage {
  const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : decodeCursor(query.cursor);
  const older = messages.filter((message) => message.id < before);
  const items = older.slice(-query.limit);
  const oldest = items[0];
  return {
    items,
    nextCursor: older.length > query.limit && oldest ? encodeCursor(oldest.id) : null,
  };
}

/** A page of conversations newest first (by id) after the cursor, and the cursor of the next page. */
export function fakeHistoryPage<T extends { id: number }>(
  newestFirst: readonly T[],
  query: { limit: number; cursor?: string | undefined },
): { items: T[]; nextCursor: string | null } {
  const after = query.cursor === undefined ? Number.POSITIVE_INFINITY : decodeCursor(query.cursor);
  const rest = newestFirst.filter((item) => item.id < after);
  const items = rest.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > query.limit && last ? encodeCursor(last.id) : null };
}
