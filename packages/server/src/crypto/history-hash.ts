import { createHash } from 'node:crypto';

/** Version of the canonical serialisation of a history event; a new one gets a new number, old rows keep theirs. */
export const HISTORY_HASH_VERSION = 1;

/** The fields of a history event the chain covers (every column but the derived `view_day`). */
export interface ChainedEvent {
  documentId: number;
  /** Place in the document's history, from 1 without gaps. */
  seq: number;
  type: string;
  at: Date;
  actorUserId: string | null;
  companyBin: string | null;
  ip: string | null;
  details: string | null;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the first event of document `documentId` chains to, so that two documents' chains never meet. */
export function historyGenesis(documentId: number): string {
  return sha256Hex(JSON.stringify(['qoltanba.history.genesis', HISTORY_HASH_VERSION, documentId]));
}

/**
 * SHA-256 (hex) of an event and the hash of the one before it, over a canonical serialisation: a JSON array in a
 * fixed order (JSON.stringify of strings, integers and nulls is deterministic), the time as ISO 8601 in UTC with
 * milliseconds, led by a name and {@link HISTORY_HASH_VERSION}.
 */
export function historyEventHash(event: ChainedEvent, prevHash: string): string {
  return sha256Hex(
    JSON.stringify([
      'qoltanba.history.event',
      HISTORY_HASH_VERSION,
      event.documentId,
      event.seq,
      event.type,
      event.at.toISOString(),
      event.actorUserId,
      event.companyBin,
      event.ip,
      event.details,
      prevHash,
    ]),
  );
}
