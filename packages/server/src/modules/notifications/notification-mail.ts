import {
  escapeHtml,
  formatDateTime,
  isEmailDue,
  isNotificationEvent,
  type Lang,
  NOTIFICATION_EMAIL_TEXTS,
  notificationLink,
  notificationText,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database, NotificationRow } from '../../db/schema.js';
import { enqueueEmail } from '../../outbox/message-queue.js';
import { userContacts } from '../account/index.js';

/** What the e-mails need: where the portal is and how long a group collects. */
export interface NotificationMailSettings {
  publicUrl: string;
  groupMinutes: number;
}

/** A rendered notification e-mail. */
export interface NotificationMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One e-mail of a user's waiting notifications in `lang`: the event's text as the subject when there is one, a
 * count otherwise; each event with its time (Kazakhstan's) and its link into the portal; plain text and HTML alike.
 */
export function renderNotificationMail(
  rows: readonly NotificationRow[],
  lang: Lang,
  publicUrl: string,
): NotificationMail {
  const lines = rows.flatMap((row) => {
    if (!isNotificationEvent(row.event)) return [];
    const text = notificationText(row.event, lang, {
      document: row.document_name,
      party: row.party,
      reason: row.reason,
    });
    return [
      {
        text,
        at: formatDateTime(row.created_at, lang),
        url: `${publicUrl}${notificationLink(row.event, row.document_id, row.company_bin)}`,
      },
    ];
  });
  const first = lines[0];
  const subject =
    lines.length === 1 && first
      ? first.text
      : NOTIFICATION_EMAIL_TEXTS.subjectMany[lang].replace('{count}', String(lines.length));
  const optOut = NOTIFICATION_EMAIL_TEXTS.optOut[lang];
  const open = NOTIFICATION_EMAIL_TEXTS.open[lang];
  const text = `${lines.map((line) => `${line.text}\n${line.at}\n${line.url}`).join('\n\n')}\n\n--\n${optOut}: ${publicUrl}/cabinet/profile\n`;
  const items = lines
    .map(
      (line) =>
        `<li><p>${escapeHtml(line.text)}</p><p><small>${escapeHtml(line.at)}</small></p>` +
        `<p><a href="${escapeHtml(line.url)}">${escapeHtml(open)}</a></p></li>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="${lang}"><body><ul>${items}</ul>` +
    `<p><small><a href="${escapeHtml(`${publicUrl}/cabinet/profile`)}">${escapeHtml(optOut)}</a></small></p></body></html>`;
  return { subject, text, html };
}

/** Users who have notification e-mails waiting. */
export async function usersWithWaitingMail(db: Kysely<Database>, limit = 500): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('email', '=', 'pending')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Queues in the outbox, for each of `userIds` whose group window is over, one e-mail of all their waiting
 * notifications, in their language. Each user under the lock of their mailbox row, so two instances never mail the
 * same notifications twice. Answers how many e-mails were queued; the caller kicks the outbox.
 */
export async function queueWaitingMail(
  db: Kysely<Database>,
  userIds: readonly string[],
  now: Date,
  settings: NotificationMailSettings,
): Promise<number> {
  let queued = 0;
  for (const userId of new Set(userIds)) {
    const sent = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notification_mailboxes')
        .values({ user_id: userId, last_emailed_at: null })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const mailbox = await trx
        .selectFrom('notification_mailboxes')
        .select('last_emailed_at')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const last = mailbox.last_emailed_at ? new Date(mailbox.last_emailed_at) : null;
      if (!isEmailDue(last, now, settings.groupMinutes)) return false;
      const rows = await trx
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('email', '=', 'pending')
        .orderBy('id')
        .execute();
      if (rows.length === 0) return false;
      const contact = (await userContacts(trx, [userId])).get(userId);
      const ids = rows.map((row) => row.id);
      if (contact?.email) {
        const mail = renderNotificationMail(rows, contact.lang, settings.publicUrl);
        await enqueueEmail(
          trx,
          { to: contact.email, ...mail },
          { reference: `notification:${userId}:${ids[0]}`, at: now },
        );
      }
      await trx.updateTable('notifications').set({ email: 'sent' }).where('id', 'in', ids).execute();
      await trx
        .updateTable('notification_mailboxes')
        .set({ last_emailed_at: now })
        .where('user_id', '=', userId)
        .execute();
      return contact?.email !== undefined && contact.email !== null;
    });
    if (sent) queued += 1;
  }
  return queued;
}
