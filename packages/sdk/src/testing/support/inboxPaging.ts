import type { SupportInboxQuery } from '@qoltanba/core';
import { refuse } from '../fakeHttp';
import type { FakeSupportConversation } from './conversations';

// The operators' inbox in pages: conversations of one status, latest activity first, after an opaque cursor.

const byActivity = (a: FakeSupportConversation, b: FakeSupportConversation) =>
  b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;
const encodeCursor = (conversation: FakeSupportConversation) =>
  btoa(JSON.stringify([conversation.updatedAt, conversation.id]));
function decodeCursor(cursor: string): [string, number] {
  try {
    const value = JSON.parse(atob(cursor)) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1])) {
      return [value[0], value[1] as number];
    }
  } catch {
    // Falls through to the refusal.
  }
  refuse('VALIDATION_FAILED');
}

/** One page of the inbox: the conversations `query` asks for and the cursor of the next page, if any. */
export function inboxPage(conversations: Iterable<FakeSupportConversation>, query: SupportInboxQuery) {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const matching = [...conversations]
    .filter((conversation) => conversation.status === query.status)
    .sort(byActivity)
    .filter(
      (conversation) =>
        !after ||
        conversation.updatedAt < after[0] ||
        (conversation.updatedAt === after[0] && conversation.id < after[1]),
    );
  const page = matching.slice(0, query.limit);
  const last = page.at(-1);
  return { page, nextCursor: matching.length > query.limit && last ? encodeCursor(last) : null };
}
