import type { QrSigningState } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { newToken, qrAuthToken, tokenHash } from '../../crypto/tokens.js';
import { notifyLive } from '../../db/live-channel.js';
import type { Database } from '../../db/schema.js';

/** A QR session as stored (the session id and auth token only as hashes). */
export interface QrSession {
  idHash: string;
  tokenHash: string;
  documentId: number;
  identityNumber: string;
  actingBin: string | null;
  userId: string | null;
  linkId: number | null;
  state: QrSigningState;
  errorCode: string | null;
  version: number;
  updatedAt: Date;
  expiresAt: Date;
}

/** States a session can still leave. */
export const OPEN_QR_STATES: readonly QrSigningState[] = ['WAITING', 'FETCHED'];

/** Who a QR session signs for. */
export interface QrSessionParty {
  documentId: number;
  identityNumber: string;
  actingBin: string | null;
  userId: string | null;
  linkId: number | null;
}

/** Creates a WAITING session that expires after `timeoutSeconds`; answers its id (the capability) and expiry. */
export async function createQrSession(
  db: Kysely<Database>,
  secret: string,
  party: QrSessionParty,
  now: Date,
  timeoutSeconds: number,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = newToken();
  const expiresAt = new Date(now.getTime() + timeoutSeconds * 1000);
  await db
    .insertInto('qr_signing_sessions')
    .values({
      id_hash: tokenHash(sessionId),
      token_hash: tokenHash(qrAuthToken(secret, sessionId)),
      document_id: party.documentId,
      identity_number: party.identityNumber,
      acting_bin: party.actingBin,
      user_id: party.userId,
      link_id: party.linkId,
      state: 'WAITING',
      error_code: null,
      updated_at: now,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  return { sessionId, expiresAt };
}

/**
 * The session of an id, with an open session past its expiry turned EXPIRED (QR_SIGNING_TIMEOUT) first; undefined
 * when there is none.
 */
export async function findQrSession(
  db: Kysely<Database>,
  sessionId: string,
  now: Date,
): Promise<QrSession | undefined> {
  const idHash = tokenHash(sessionId);
  const expired = await db
    .updateTable('qr_signing_sessions')
    .set((eb) => ({
      state: 'EXPIRED',
      error_code: 'QR_SIGNING_TIMEOUT',
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id_hash', '=', idHash)
    .where('state', 'in', OPEN_QR_STATES)
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  if (expired.numUpdatedRows > 0n) await notifyLive(db, 'qr', idHash);
  const row = await db
    .selectFrom('qr_signing_sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    idHash: row.id_hash,
    tokenHash: row.token_hash,
    documentId: row.document_id,
    identityNumber: row.identity_number,
    actingBin: row.acting_bin,
    userId: row.user_id,
    linkId: row.link_id,
    state: row.state,
    errorCode: row.error_code,
    version: row.version,
    updatedAt: new Date(row.updated_at),
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Moves an open session (WAITING or FETCHED, not expired) to `state` in one conditional UPDATE; answers false when
 * it was no longer open, so two requests cannot both finish it.
 */
export async function moveQrSession(
  db: Kysely<Database>,
  idHash: string,
  state: QrSigningState,
  errorCode: string | null,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('qr_signing_sessions')
    .set((eb) => ({ state, error_code: errorCode, version: eb('version', '+', 1), updated_at: now }))
    .where('id_hash', '=', idHash)
    .where('state', 'in', OPEN_QR_STATES)
    .where('state', '<>', state)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  // Its event streams, on any instance, look again (at the commit when `db` is a transaction).
  await notifyLive(db, 'qr', idHash);
  return true;
}
