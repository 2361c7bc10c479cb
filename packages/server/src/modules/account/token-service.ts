import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_SECONDS,
  AppError,
  type AuthTokens,
  GATEWAY_COOKIE_HOURS,
  REFRESH_TOKEN_SECONDS,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../services.js';
import { signJwt, verifyJwt, verifyJwtSignature } from './jwt.js';

/** Who a valid access token belongs to. */
export interface AuthUser {
  userId: string;
  sessionId: string;
}

/** Issues, rotates and revokes tokens. A session is one login: the family of its rotated refresh tokens. */
export interface TokenService {
  /** Starts a new session for the user and answers its first tokens. */
  startSession(userId: string): Promise<AuthTokens>;
  /**
   * Rotates a refresh token. 401 UNAUTHORIZED for an unknown, expired or revoked one; presenting an
   * already rotated token revokes its whole session (it was stolen, or the client is confused).
   */
  refresh(refreshToken: string): Promise<AuthTokens>;
  /**
   * Rotates the refresh token an access token was issued with (the empty-body refresh, bearer = the gateway
   * cookie): the access token may have expired, but it must be ours, its session live and its refresh
   * generation the current one. An access token of a rotated generation counts as reuse and revokes the
   * session, like presenting a rotated refresh token. Accepted only up to
   * {@link GATEWAY_REFRESH_WINDOW_SECONDS} after the token was issued. 401 UNAUTHORIZED otherwise.
   */
  refreshWithAccess(accessToken: string): Promise<AuthTokens>;
  /** The user of a valid access token whose session is still open; undefined otherwise. */
  verifyAccess(accessToken: string): Promise<AuthUser | undefined>;
  revokeSession(sessionId: string): Promise<void>;
  revokeAllSessions(userId: string): Promise<void>;
}

/** `typ` claim of access tokens. */
export const ACCESS_TOKEN_TYPE = 'access';

/**
 * How long after its `iat` an access token may still start an empty-body refresh: the life of the GATEWAY
 * cookie that carries it (the client writes the cookie when it stores the token). A browser holds the token
 * no longer than that, so a leaked access token can continue its session only within this time after its issue,
 * not for the refresh token's whole lifetime.
 */
export const GATEWAY_REFRESH_WINDOW_SECONDS = GATEWAY_COOKIE_HOURS * 60 * 60;

const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Most sessions the access check remembers; past it the memory starts over. */
const SESSION_CACHE_MAX = 10_000;

/** Creates the {@link TokenService}; access tokens are HS256 JWTs signed with `secret`. */
export function createTokenService({
  db,
  clock,
  secret,
  sessionCacheSeconds = 0,
}: {
  db: Kysely<Database>;
  clock: Clock;
  secret: string;
  /**
   * How long the access check may trust a session it found open without reading it again (0: never). A
   * revocation through this service forgets the session at once; one made by another instance is seen here
   * at most this much later.
   */
  sessionCacheSeconds?: number;
}): TokenService {
  const sessionCacheMs = sessionCacheSeconds * 1000;
  /** Open sessions recently read: session id -> its user and when the entry stops being trusted (clock ms). */
  const openSessions = new Map<string, { userId: string; until: number }>();
  /** Counts local revocations (their start and end), so a read that raced one is not remembered. */
  let revocations = 0;
  /** Runs a revocation; the sessions `match` names are forgotten before and after it, whatever raced it. */
  async function revoking(
    match: (sessionId: string, userId: string) => boolean,
    revoke: () => Promise<unknown>,
  ): Promise<void> {
    const forget = () => {
      revocations += 1;
      for (const [sessionId, entry] of openSessions) {
        if (match(sessionId, entry.userId)) openSessions.delete(sessionId);
      }
    };
    forget();
    try {
      await revoke();
    } finally {
      forget();
    }
  }

  async function issue(
    userId: string,
    sessionId: string,
    generation: number,
    now: Date,
    trx: Kysely<Database>,
  ): Promise<AuthTokens> {
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = refreshExpiry(now);
    await trx
      .insertInto('refresh_tokens')
      .values({
        token_hash: sha256(refreshToken),
        session_id: sessionId,
        generation,
        expires_at: expiresAt,
        created_at: now,
      })
      .execute();
    // The session lives as long as its newest token; housekeeping reads this after the tokens are gone.
    await trx.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
    const iat = Math.floor(now.getTime() / 1000);
    const accessToken = signJwt(
      {
        typ: ACCESS_TOKEN_TYPE,
        sub: userId,
        sid: sessionId,
        gen: generation,
        iat,
        exp: iat + ACCESS_TOKEN_SECONDS,
      },
      secret,
    );
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: ACCESS_TOKEN_SECONDS };
  }

  /** Refresh tokens with their session, to narrow down to one token. */
  const refreshTokenRows = () =>
    db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .select([
        'refresh_tokens.token_hash',
        'refresh_tokens.session_id',
        'refresh_tokens.generation',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'sessions.user_id',
        'sessions.revoked_at',
      ]);

  /**
   * Rotates the refresh token `query` finds: marks it used and issues the next generation. A token already
   * rotated (now, or by a racing request) was presented twice: the session is revoked.
   */
  async function rotate(
    query: ReturnType<typeof refreshTokenRows>,
    expectedUser: string | undefined,
  ): Promise<AuthTokens> {
    const now = clock();
    const row = await query.executeTakeFirst();
    if (!row || row.revoked_at !== null) throw new AppError('UNAUTHORIZED');
    if (expectedUser !== undefined && row.user_id !== expectedUser) throw new AppError('UNAUTHORIZED');
    if (row.used_at !== null) {
      await revokeSession(row.session_id);
      throw new AppError('UNAUTHORIZED');
    }
    if (new Date(row.expires_at) <= now) throw new AppError('UNAUTHORIZED');
    const rotated = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', row.token_hash)
        .where('used_at', 'is', null)
        .returning('token_hash')
        .executeTakeFirst();
      return claimed ? issue(row.user_id, row.session_id, row.generation + 1, now, trx) : undefined;
    });
    if (rotated) return rotated;
    // Another request rotated it first: the same token was used twice.
    await revokeSession(row.session_id);
    throw new AppError('UNAUTHORIZED');
  }

  async function revokeSession(sessionId: string): Promise<void> {
    await revoking(
      (id) => id === sessionId,
      () =>
        db
          .updateTable('sessions')
          .set({ revoked_at: clock() })
          .where('id', '=', sessionId)
          .where('revoked_at', 'is', null)
          .execute(),
    );
  }

  return {
    async startSession(userId) {
      const now = clock();
      const sessionId = randomUUID();
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({ id: sessionId, user_id: userId, created_at: now, expires_at: refreshExpiry(now) })
          .execute();
        return issue(userId, sessionId, 0, now, trx);
      });
    },

    async refresh(refreshToken) {
      return rotate(
        refreshTokenRows().where('refresh_tokens.token_hash', '=', sha256(refreshToken)),
        undefined,
      );
    },

    async refreshWithAccess(accessToken) {
      const claims = verifyJwtSignature(accessToken, secret, ACCESS_TOKEN_TYPE);
      if (!claims) throw new AppError('UNAUTHORIZED');
      const { sub, sid, gen, iat } = claims;
      if (typeof sub !== 'string' || typeof sid !== 'string' || !Number.isSafeInteger(gen)) {
        throw new AppError('UNAUTHORIZED');
      }
      // Past the cookie's life the token is refused without touching the session: it is old, not reused.
      if (typeof iat !== 'number' || clock().getTime() > (iat + GATEWAY_REFRESH_WINDOW_SECONDS) * 1000) {
        throw new AppError('UNAUTHORIZED');
      }
      // `sid` is a signed claim, but the uuid column would reject a malformed one with a database error.
      if (!UUID.test(sid)) throw new AppError('UNAUTHORIZED');
      return rotate(
        refreshTokenRows()
          .where('refresh_tokens.session_id', '=', sid)
          .where('refresh_tokens.generation', '=', gen as number),
        sub,
      );
    },

    async verifyAccess(accessToken) {
      const claims = verifyJwt(accessToken, secret, ACCESS_TOKEN_TYPE, clock());
      if (!claims || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return undefined;
      const cached = openSessions.get(claims.sid);
      if (cached && cached.userId === claims.sub && clock().getTime() < cached.until) {
        return { userId: claims.sub, sessionId: claims.sid };
      }
      const revocationsBefore = revocations;
      const session = await db
        .selectFrom('sessions')
        .select(['user_id', 'revoked_at'])
        .where('id', '=', claims.sid)
        .executeTakeFirst();
      if (!session || session.revoked_at !== null || session.user_id !== claims.sub) return undefined;
      // A revocation that ran while this read was under way may not be in what it read: not remembered.
      if (sessionCacheMs > 0 && revocations === revocationsBefore) {
        if (openSessions.size >= SESSION_CACHE_MAX) openSessions.clear();
        openSessions.set(claims.sid, { userId: claims.sub, until: clock().getTime() + sessionCacheMs });
      }
      return { userId: claims.sub, sessionId: claims.sid };
    },

    revokeSession,

    async revokeAllSessions(userId) {
      await revoking(
        (_sessionId, user) => user === userId,
        () =>
          db
            .updateTable('sessions')
            .set({ revoked_at: clock() })
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null)
            .execute(),
      );
    },
  };
}
