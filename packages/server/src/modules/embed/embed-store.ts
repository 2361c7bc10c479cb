import { randomBytes } from 'node:crypto';
import {
  AppError,
  EMBED_SESSION_SECONDS,
  type EmbedPurpose,
  type EmbedSession,
  type Lang,
  normalizeLang,
  originsMatch,
} from '@qoltanba/core';
import type { Kysely, Selectable } from 'kysely';
import { tokenHash } from '../../crypto/tokens.js';
import type { Database, EmbedSessionsTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Prefix of embed tokens, so a leaked one is recognisable. */
export const EMBED_TOKEN_PREFIX = 'qe_';
/** Prefix of embed session bearers. */
export const EMBED_SESSION_PREFIX = 'qs_';

/** What an embed token grants (checked by the partner module before it asks for one). */
export interface EmbedGrant {
  apiKeyId: string;
  companyBin: string;
  purpose: EmbedPurpose;
  documentId: number | null;
  signer: string | null;
  allowedOrigins: readonly string[];
  lang: Lang | null;
}

/** A new token of the partner API's `createEmbedToken`: single use, `ttlSeconds` long. */
export async function issueEmbedToken(
  db: Db,
  grant: EmbedGrant,
  now: Date,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${EMBED_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db
    .insertInto('embed_tokens')
    .values({
      token_hash: tokenHash(token),
      api_key_id: grant.apiKeyId,
      company_bin: grant.companyBin,
      purpose: grant.purpose,
      document_id: grant.documentId,
      signer: grant.signer,
      allowed_origins: JSON.stringify(grant.allowedOrigins),
      lang: grant.lang,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The origins a token allows, whatever its state (expired or used tokens still name their partner, so the embed
 * page can be framed to report the error); undefined for an unknown token.
 */
export async function tokenOrigins(db: Db, token: string): Promise<string[] | undefined> {
  if (!token.startsWith(EMBED_TOKEN_PREFIX) || token.length > 200) return undefined;
  const row = await db
    .selectFrom('embed_tokens')
    .select('allowed_origins')
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return row?.allowed_origins;
}

/**
 * Whether a browser's `Origin` may use a grant: one of its origins, or this server's own (the iframe route).
 * `loopbackAlike` (development): localhost, 127.0.0.1 and [::1] of one port are one origin.
 */
export function originAllowed(
  origin: string | undefined,
  allowed: readonly string[],
  ownOrigin: string,
  loopbackAlike = false,
): boolean {
  if (origin === undefined) return false;
  return [ownOrigin, ...allowed].some((expected) => originsMatch(origin, expected, { loopbackAlike }));
}

const LOOPBACK_ORIGIN = /^(https?):\/\/(?:localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** `origins` with each loopback origin also in its other spellings (localhost, 127.0.0.1, [::1]): development only. */
export function withLoopbackAliases(origins: readonly string[]): string[] {
  const all = new Set<string>();
  for (const origin of origins) {
    all.add(origin);
    const match = LOOPBACK_ORIGIN.exec(origin);
    if (!match) continue;
    for (const host of ['localhost', '127.0.0.1', '[::1]']) all.add(`${match[1]}://${host}${match[2] ?? ''}`);
  }
  return [...all];
}

/** EMBED_ORIGIN_NOT_ALLOWED saying which origin came and which were expected. */
export function originRefusal(origin: string | undefined, allowed: readonly string[]): AppError {
  return new AppError('EMBED_ORIGIN_NOT_ALLOWED', {
    origin: origin ?? '(none)',
    expected: allowed.length > 0 ? allowed.join(', ') : '(none)',
  });
}

/**
 * Exchanges a token for a session, once. The request's origin must be allowed (EMBED_ORIGIN_NOT_ALLOWED, checked
 * before the token is spent); one UPDATE spends the token only while unused and unexpired, so a second exchange,
 * even a concurrent one, answers EMBED_TOKEN_USED, a late one EMBED_TOKEN_EXPIRED, an unknown one EMBED_TOKEN_INVALID.
 * `onOrigins` learns the token's origins as soon as they are known (for CORS on the error answers too).
 */
export async function exchangeEmbedToken(
  db: Db,
  token: string,
  origin: string | undefined,
  ownOrigin: string,
  now: Date,
  onOrigins: (origins: readonly string[]) => void,
  loopbackAlike = false,
): Promise<EmbedSession> {
  const hash = tokenHash(token);
  const found = token.startsWith(EMBED_TOKEN_PREFIX)
    ? await db.selectFrom('embed_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst()
    : undefined;
  if (!found) throw new AppError('EMBED_TOKEN_INVALID');
  onOrigins(found.allowed_origins);
  if (!originAllowed(origin, found.allowed_origins, ownOrigin, loopbackAlike))
    throw originRefusal(origin, found.allowed_origins);
  const spent = await db
    .updateTable('embed_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!spent) throw new AppError(found.used_at !== null ? 'EMBED_TOKEN_USED' : 'EMBED_TOKEN_EXPIRED');
  const session = `${EMBED_SESSION_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + EMBED_SESSION_SECONDS * 1000);
  await db
    .insertInto('embed_sessions')
    .values({
      session_hash: tokenHash(session),
      api_key_id: spent.api_key_id,
      company_bin: spent.company_bin,
      purpose: spent.purpose,
      document_id: spent.document_id,
      signer: spent.signer,
      allowed_origins: JSON.stringify(spent.allowed_origins),
      lang: spent.lang,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return {
    session,
    expiresAt: expiresAt.toISOString(),
    purpose: spent.purpose,
    documentId: spent.document_id,
    signer: spent.signer,
    allowedOrigins: spent.allowed_origins,
    lang: normalizeLang(spent.lang) ?? null,
  };
}

/** A live embed session as the session routes use it. */
export type EmbedSessionRow = Selectable<EmbedSessionsTable>;

/** The session of a bearer: EMBED_TOKEN_INVALID when unknown, EMBED_SESSION_EXPIRED after its 30 minutes. */
export async function findEmbedSession(db: Db, bearer: string, now: Date): Promise<EmbedSessionRow> {
  const row = bearer.startsWith(EMBED_SESSION_PREFIX)
    ? await db
        .selectFrom('embed_sessions')
        .selectAll()
        .where('session_hash', '=', tokenHash(bearer))
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('EMBED_TOKEN_INVALID');
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new AppError('EMBED_SESSION_EXPIRED');
  return row;
}

// A 'create' session's document while it is being made: no document has id 0 (ids start at 1).
const CREATING = 0;

/**
 * Claims a 'create' session for the one document it may make, in one UPDATE, so two requests at once cannot both
 * create: false when the session has a document already, or is making one.
 */
export async function claimSessionDocument(db: Db, sessionHash: string): Promise<boolean> {
  const claimed = await db
    .updateTable('embed_sessions')
    .set({ document_id: CREATING })
    .where('session_hash', '=', sessionHash)
    .where('document_id', 'is', null)
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/** Records the document a claimed 'create' session made; from now on the session has made its document. */
export async function bindSessionDocument(db: Db, sessionHash: string, documentId: number): Promise<void> {
  await db
    .updateTable('embed_sessions')
    .set({ document_id: documentId })
    .where('session_hash', '=', sessionHash)
    .where('document_id', '=', CREATING)
    .execute();
}

/** Gives a claim back when making the document failed (bad input, a refused file), so the user may try again. */
export async function releaseSessionDocument(db: Db, sessionHash: string): Promise<void> {
  await db
    .updateTable('embed_sessions')
    .set({ document_id: null })
    .where('session_hash', '=', sessionHash)
    .where('document_id', '=', CREATING)
    .execute();
}

/** Deletes tokens and sessions that ended before `before` (run by the partner module's job). */
export async function deleteEndedEmbeds(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('embed_tokens').where('expires_at', '<', before).execute();
  await db.deleteFrom('embed_sessions').where('expires_at', '<', before).execute();
}
