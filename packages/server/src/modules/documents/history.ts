import type { HistoryEvent, HistoryEventType } from '@qoltanba/core';
import { userNames } from '../account/user-store.js';
import { companyNames } from '../registry/company-store.js';
import type { Db } from './document-access.js';

/** Who did something to a document, for which company, from where. */
export interface Actor {
  userId: string;
  bin: string;
  ip: string;
}

/** Who an event is recorded for: a signer through a personal link has no user. */
export interface EventActor {
  userId: string | null;
  bin: string;
  ip: string;
}

/** Records one event of a document's history (inside the transaction of the change it describes). */
export async function recordEvent(
  db: Db,
  documentId: number,
  type: HistoryEventType,
  actor: EventActor | null,
  at: Date,
  details: string | null = null,
): Promise<void> {
  await db
    .insertInto('document_history')
    .values({
      document_id: documentId,
      type,
      at,
      actor_user_id: actor?.userId ?? null,
      company_bin: actor?.bin ?? null,
      ip: actor?.ip ?? null,
      details,
      view_day: null,
    })
    .execute();
}

/** The calendar day in Kazakhstan (UTC+5, no daylight saving), which "first view of the day" counts in. */
export function almatyDay(at: Date): string {
  return new Date(at.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const VIEW_MEMO_MAX = 50_000;

/**
 * Records VIEW events: the first view of a document per company per day (Asia/Almaty), so that reading a
 * document often does not flood its history. A unique index makes the insert a no-op for later views, also
 * when two first views race (or two instances); an in-process memo of views already recorded today spares
 * later reads that round trip. The memo key includes the document's creator, so a key never outlives its
 * document (ids can come back after a test empties the tables).
 */
export function createViewRecorder() {
  const seen = new Set<string>();
  return async function recordView(
    db: Db,
    document: { id: number; creatorId: string },
    actor: Actor,
    at: Date,
  ): Promise<void> {
    const day = almatyDay(at);
    const key = `${document.id}:${document.creatorId}:${actor.bin}:${day}`;
    if (seen.has(key)) return;
    await db
      .insertInto('document_history')
      .values({
        document_id: document.id,
        type: 'VIEW',
        at,
        actor_user_id: actor.userId,
        company_bin: actor.bin,
        ip: actor.ip,
        details: null,
        view_day: day,
      })
      .onConflict((oc) =>
        oc.columns(['document_id', 'company_bin', 'view_day']).where('view_day', 'is not', null).doNothing(),
      )
      .execute();
    if (seen.size >= VIEW_MEMO_MAX) seen.clear();
    seen.add(key);
  };
}

/** Names of companies a document knows itself: its sender and signers (for companies not registered here). */
export type KnownParties = ReadonlyMap<string, { nameRu: string; nameKk: string | null }>;

/**
 * The history of a document as company `bin` sees it, oldest first. Trash and restore are each company's own
 * business, so another company's TRASH and RESTORE events are left out.
 */
export async function listHistory(
  db: Db,
  documentId: number,
  bin: string,
  parties: KnownParties,
): Promise<HistoryEvent[]> {
  const rows = await db
    .selectFrom('document_history')
    .select(['id', 'type', 'at', 'actor_user_id', 'company_bin', 'ip', 'details'])
    .where('document_id', '=', documentId)
    .where((eb) => eb.or([eb('type', 'not in', ['TRASH', 'RESTORE']), eb('company_bin', '=', bin)]))
    .orderBy('id')
    .execute();
  const users = await userNames(
    db,
    rows.flatMap((row) => (row.actor_user_id ? [row.actor_user_id] : [])),
  );
  const companies = await companyNames(
    db,
    rows.flatMap((row) => (row.company_bin ? [row.company_bin] : [])),
  );
  return rows.map((row) => {
    const user = row.actor_user_id ? users.get(row.actor_user_id) : undefined;
    const names = row.company_bin
      ? (companies.get(row.company_bin) ??
        parties.get(row.company_bin) ?? { nameRu: row.company_bin, nameKk: null })
      : undefined;
    return {
      id: row.id,
      type: row.type as HistoryEventType,
      at: new Date(row.at).toISOString(),
      actor: row.actor_user_id
        ? { userId: row.actor_user_id, firstname: user?.firstname ?? '', lastname: user?.lastname ?? '' }
        : null,
      company: row.company_bin && names ? { bin: row.company_bin, ...names } : null,
      ip: row.ip,
      details: row.details,
    };
  });
}
