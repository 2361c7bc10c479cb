import {
  AppError,
  automaticReminderDue,
  type DocumentSchedule,
  type DocumentScheduleRequest,
  documentExpired,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The stored schedule of a document (expiry date, reminder interval), or none set. */
export async function documentSchedule(db: Kysely<Database>, documentId: number): Promise<DocumentSchedule> {
  const row = await db
    .selectFrom('document_schedules')
    .select(['expires_at', 'remind_every_days'])
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return {
    expiresAt: row?.expires_at ? new Date(row.expires_at).toISOString() : null,
    remindEveryDays: row?.remind_every_days ?? null,
  };
}

/** DOCUMENT_EXPIRED when document `documentId`'s expiry date has passed at `now` (core's `documentExpired`). */
export async function refuseIfExpired(db: Kysely<Database>, documentId: number, now: Date): Promise<void> {
  const row = await db
    .selectFrom('document_schedules')
    .select('expires_at')
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  const expiresAt = row?.expires_at ? new Date(row.expires_at) : null;
  if (documentExpired(expiresAt, now)) throw new AppError('DOCUMENT_EXPIRED');
}

/**
 * Sets a document's schedule: an expiry in the future (an earlier one is refused, VALIDATION_FAILED) and the
 * automatic reminder interval; a new expiry reopens an expired document for signatures, and the automatic reminders
 * count from now.
 */
export async function setDocumentSchedule(
  db: Kysely<Database>,
  documentId: number,
  input: DocumentScheduleRequest,
  now: Date,
): Promise<DocumentSchedule> {
  const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED');
  const values = {
    expires_at: expiresAt,
    remind_every_days: input.remindEveryDays,
    last_reminded_at: null,
    expired_at: null,
    updated_at: now,
  };
  await db
    .insertInto('document_schedules')
    .values({ document_id: documentId, ...values })
    .onConflict((oc) => oc.column('document_id').doUpdateSet(values))
    .execute();
  return documentSchedule(db, documentId);
}

/** A schedule the job looks at: expired now, or an automatic reminder due now. */
export interface DueSchedule {
  documentId: number;
  expiresAt: Date | null;
  /** The expiry date passed and the document was not stopped yet. */
  expiring: boolean;
  /** An automatic reminder is due (core's `automaticReminderDue`). */
  remindDue: boolean;
}

/** The schedules due at `now`, read in the job's transaction (which holds the job lock). */
export async function dueSchedules(trx: Kysely<Database>, now: Date): Promise<DueSchedule[]> {
  const rows = await trx
    .selectFrom('document_schedules')
    .select(['document_id', 'expires_at', 'remind_every_days', 'last_reminded_at', 'updated_at'])
    .where('expired_at', 'is', null)
    .orderBy('document_id')
    .execute();
  return rows.flatMap((row) => {
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    const expiring = documentExpired(expiresAt, now);
    const lastAt = row.last_reminded_at ? new Date(row.last_reminded_at) : null;
    const remindDue =
      !expiring && automaticReminderDue(row.remind_every_days, new Date(row.updated_at), lastAt, now);
    return expiring || remindDue ? [{ documentId: row.document_id, expiresAt, expiring, remindDue }] : [];
  });
}

/** Marks a schedule stopped at expiry (`expired_at`), so the job tells its sender once. */
export async function markExpired(trx: Kysely<Database>, documentId: number, now: Date): Promise<void> {
  await trx
    .updateTable('document_schedules')
    .set({ expired_at: now })
    .where('document_id', '=', documentId)
    .execute();
}

/** Records the automatic reminder round of a schedule, from which the next interval counts. */
export async function markReminded(trx: Kysely<Database>, documentId: number, now: Date): Promise<void> {
  await trx
    .updateTable('document_schedules')
    .set({ last_reminded_at: now })
    .where('document_id', '=', documentId)
    .execute();
}
