import { EXTERNAL_LINK_VIEW_DETAILS, type HistoryEvent, type HistoryEventType } from '@qoltanba/core';
import { sql } from 'kysely';
import { historyEventHash, historyGenesis } from '../../crypto/history-hash.js';
import { QueryTemplates } from '../../db/query-templates.js';
import { userNames } from '../account/index.js';
import { companyNames } from '../registry/index.js';
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

/** A new event of a document's history. */
export interface NewEvent {
  type: HistoryEventType;
  actor: EventActor | null;
  at: Date;
  details?: string | null;
  /** Set for VIEW events: a second VIEW of the company that day is not recorded (a unique index decides). */
  viewDay?: string;
}

/** Test seam of {@link appendEvent}. */
export interface AppendOptions {
  /** Runs after the head of the chain was read, before the event is written (tests hold a race here). */
  afterHeadRead?: () => Promise<void>;
}

/** The statements of an append (lock, last event, write), compiled once per shape. */
const APPEND_QUERIES = new QueryTemplates();

/**
 * The one way into a document's history: appends `event` to the hash chain. Takes the document row FOR NO KEY
 * UPDATE (inside the caller's transaction, or one of its own), so concurrent appends to one document queue and
 * each chains to the one before; reads the last event, writes the new one with the next `seq`, the previous hash
 * and its own hash, and records it as the document's head (in the same statement). Answers false when a VIEW of that company and day was
 * already there (nothing written).
 */
export async function appendEvent(
  db: Db,
  documentId: number,
  event: NewEvent,
  options: AppendOptions = {},
): Promise<boolean> {
  const append = async (trx: Db): Promise<boolean> => {
    const locked = await trx.executeQuery(
      APPEND_QUERIES.compile(trx, 'lock', { documentId }, (v) =>
        trx.selectFrom('documents').select('id').where('id', '=', v.documentId).forNoKeyUpdate(),
      ),
    );
    if (locked.rows.length === 0) throw new Error(`history of document ${documentId}: no such document`);
    // A statement of its own, after the lock: it sees the events of whoever held the lock before.
    const last = (
      await trx.executeQuery(
        APPEND_QUERIES.compile(trx, 'last', { documentId }, (v) =>
          trx
            .selectFrom('document_history')
            .select(['seq', 'hash'])
            .where('document_id', '=', v.documentId)
            .orderBy('seq', 'desc')
            .limit(1),
        ),
      )
    ).rows[0];
    await options.afterHeadRead?.();
    const fields = {
      documentId,
      seq: (last?.seq ?? 0) + 1,
      type: event.type,
      at: event.at,
      actorUserId: event.actor?.userId ?? null,
      companyBin: event.actor?.bin ?? null,
      ip: event.actor?.ip ?? null,
      details: event.details ?? null,
    };
    const prevHash = last?.hash ?? historyGenesis(documentId);
    const hash = historyEventHash(fields, prevHash);
    const values = {
      document_id: documentId,
      seq: fields.seq,
      type: fields.type,
      at: fields.at,
      actor_user_id: fields.actorUserId,
      company_bin: fields.companyBin,
      ip: fields.ip,
      details: fields.details,
      view_day: event.viewDay ?? null,
      prev_hash: prevHash,
      hash,
    };
    // The event and the new head in one statement (one round trip): the head moves only if the event was written.
    // A VIEW is written once per company and day (the unique index decides); the shape says which of the two.
    const view = event.viewDay !== undefined;
    const result = await trx.executeQuery(
      APPEND_QUERIES.compile(trx, view ? 'view' : 'event', values, (row) =>
        trx
          .with('written', (qc) => {
            const insert = qc.insertInto('document_history').values(row);
            return (
              view
                ? insert.onConflict((oc) =>
                    oc
                      .columns(['document_id', 'company_bin', 'view_day'])
                      .where('view_day', 'is not', null)
                      .doNothing(),
                  )
                : insert
            ).returning('id');
          })
          .updateTable('documents')
          .set({ history_head: row.hash })
          .where('id', '=', row.document_id)
          .where(sql<boolean>`exists (select 1 from written)`),
      ),
    );
    return (result.numAffectedRows ?? 0n) > 0n;
  };
  return db.isTransaction ? append(db) : db.transaction().execute(append);
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
  await appendEvent(db, documentId, { type, actor, at, details });
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
    await appendEvent(db, document.id, { type: 'VIEW', actor, at, viewDay: day });
    if (seen.size >= VIEW_MEMO_MAX) seen.clear();
    seen.add(key);
  };
}

/**
 * Records that the document was opened through an external link of company `bin` (the external links module
 * throttles it): a VIEW event without a user, for that company, from the reader's address, with details
 * {@link EXTERNAL_LINK_VIEW_DETAILS}.
 */
export async function recordExternalLinkView(
  db: Db,
  documentId: number,
  party: { bin: string; ip: string },
  at: Date,
): Promise<void> {
  await appendEvent(db, documentId, {
    type: 'VIEW',
    actor: { userId: null, bin: party.bin, ip: party.ip },
    at,
    details: EXTERNAL_LINK_VIEW_DETAILS,
  });
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
      ip: row.ip || null,
      details: row.details,
    };
  });
}
