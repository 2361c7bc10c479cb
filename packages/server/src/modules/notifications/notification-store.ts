import {
  AppError,
  isNotificationEvent,
  type Notification,
  type NotificationEvent,
  type NotificationPage,
  type NotificationRecipient,
  notificationLink,
  notificationWindowStart,
} from '@qoltanba/core';
import type { Kysely, Transaction } from 'kysely';
import { notifyLive } from '../../db/live-channel.js';
import type { Database, NotificationRow } from '../../db/schema.js';
import { type UserContact, userContacts } from '../account/index.js';
import { membershipOfColumns } from '../registry/index.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One event to store for its recipients. */
export interface NewNotifications {
  event: NotificationEvent;
  recipients: readonly NotificationRecipient[];
  documentId: number | null;
  documentName: string | null;
  party: string | null;
  reason: string | null;
  at: Date;
  /** Users who get no e-mail of this one (they were e-mailed a personal link of the same event already). */
  noEmailTo?: (contact: UserContact) => boolean;
}

/**
 * Stores one notification per recipient, its e-mail waiting unless the user turned that event's e-mail off or has
 * no address, and a change signal per user. Answers the users told.
 */
export async function storeNotifications(db: Db, batch: NewNotifications): Promise<string[]> {
  if (batch.recipients.length === 0) return [];
  const userIds = [...new Set(batch.recipients.map((r) => r.userId))];
  const contacts = await userContacts(db, userIds);
  const optedOut = new Set(
    (
      await db
        .selectFrom('notification_email_opt_outs')
        .select('user_id')
        .where('user_id', 'in', userIds)
        .where('event', '=', batch.event)
        .execute()
    ).map((row) => row.user_id),
  );
  const rows = batch.recipients
    .filter((r) => contacts.has(r.userId))
    .map((r) => {
      const contact = contacts.get(r.userId);
      const mailed = contact?.email && !optedOut.has(r.userId) && !batch.noEmailTo?.(contact);
      return {
        user_id: r.userId,
        company_bin: r.companyBin,
        event: batch.event,
        document_id: batch.documentId,
        document_name: batch.documentName,
        party: batch.party,
        reason: batch.reason,
        created_at: batch.at,
        read_at: null,
        email: mailed ? ('pending' as const) : ('none' as const),
      };
    });
  if (rows.length === 0) return [];
  await db.insertInto('notifications').values(rows).execute();
  const told = [...new Set(rows.map((row) => row.user_id))];
  await signal(db, told, batch.at);
  return told;
}

/** User ids per notification: a payload stays under NOTIFY's 8000 bytes. */
const SIGNAL_BATCH = 150;

/**
 * Tells the counter streams of every instance that the unread counters of `userIds` changed: when `db` is a
 * transaction, at its commit. `at` is when (kept for the callers; the live channel carries no time).
 */
export async function signal(db: Db, userIds: readonly string[], _at: Date): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let start = 0; start < unique.length; start += SIGNAL_BATCH)
    await notifyLive(db, 'unread', unique.slice(start, start + SIGNAL_BATCH).join(','));
}

/** The API shape of a stored notification. */
export function toNotification(row: NotificationRow): Notification {
  const event = isNotificationEvent(row.event) ? row.event : 'document.signed';
  return {
    id: row.id,
    event,
    companyBin: row.company_bin,
    documentId: row.document_id,
    documentName: row.document_name,
    party: row.party,
    reason: row.reason,
    link: notificationLink(event, row.document_id, row.company_bin),
    at: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}

/** The user's notifications as the list shows them: of the last 30 days, of companies the user is still in. */
function visible(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('notifications')
    .where('notifications.user_id', '=', userId)
    .where('notifications.created_at', '>=', notificationWindowStart(now))
    .where(membershipOfColumns('notifications.user_id', 'notifications.company_bin'));
}

const encodeCursor = (id: number) => Buffer.from(JSON.stringify({ id })).toString('base64url');

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const id = (parsed as { id?: unknown }).id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
}

/** A page of the user's notifications, newest first, keyset by id (new ones arriving never shift a page). */
export async function listNotifications(
  db: Db,
  userId: string,
  page: { limit: number; cursor?: string | undefined },
  now: Date,
): Promise<NotificationPage> {
  const before = decodeCursor(page.cursor);
  let query = visible(db, userId, now).selectAll('notifications');
  if (before !== undefined) query = query.where('notifications.id', '<', before);
  const rows = await query
    .orderBy('notifications.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit).map(toNotification);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeCursor(last.id) : null };
}

/** How many of the user's visible notifications are unread. */
export async function unreadCount(db: Db, userId: string, now: Date): Promise<number> {
  const row = await visible(db, userId, now)
    .where('notifications.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks one of the user's notifications read (ENTITY_NOT_FOUND for another's or an unknown one). */
export async function markRead(db: Kysely<Database>, userId: string, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await visible(trx, userId, now)
      .where('notifications.id', '=', id)
      .select(['notifications.id', 'notifications.read_at'])
      .executeTakeFirst();
    if (!found) throw new AppError('ENTITY_NOT_FOUND');
    if (found.read_at) return;
    await trx.updateTable('notifications').set({ read_at: now }).where('id', '=', id).execute();
    await signal(trx, [userId], now);
  });
}

/** Marks every unread notification of the user read. */
export async function markAllRead(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('notifications')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) > 0) await signal(trx, [userId], now);
  });
}

/** The events the user wants no e-mail of. */
export async function emailOptOuts(db: Db, userId: string): Promise<NotificationEvent[]> {
  const rows = await db
    .selectFrom('notification_email_opt_outs')
    .select('event')
    .where('user_id', '=', userId)
    .orderBy('event')
    .execute();
  return rows.map((row) => row.event).filter(isNotificationEvent);
}

/** Replaces the events the user wants no e-mail of. */
export async function setEmailOptOuts(
  db: Kysely<Database>,
  userId: string,
  events: readonly NotificationEvent[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_email_opt_outs').where('user_id', '=', userId).execute();
    const unique = [...new Set(events)];
    if (unique.length > 0)
      await trx
        .insertInto('notification_email_opt_outs')
        .values(unique.map((event) => ({ user_id: userId, event })))
        .execute();
  });
}
