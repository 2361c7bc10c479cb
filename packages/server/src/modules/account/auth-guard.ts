import { AppError, GATEWAY_COOKIE } from '@qoltanba/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieValue } from '../../http/cookie-value.js';
import type { AuthUser } from './token-service.js';

/** Checks an access token: the user, or undefined when it is invalid, expired or its session is revoked. */
export type AccessVerifier = (accessToken: string) => Promise<AuthUser | undefined>;

const DECORATION = 'qoltanbaAccessVerifier';
const verified = new WeakMap<FastifyRequest, AuthUser>();

/** Makes {@link requireUser} work for every route of `app` (the account module calls it once). */
export function installAccessVerifier(app: FastifyInstance, verifier: AccessVerifier): void {
  app.decorate(DECORATION, verifier);
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1];
}

/** The URI-decoded value of one cookie in a `Cookie` header (the portal's page choice reads it too). */
export { cookieValue } from '../../http/cookie-value.js';

/**
 * The access token of a request: the bearer header, or for GET/HEAD only the GATEWAY cookie (no CSRF risk for a
 * read; logout, a GET that changes state, asks for the header itself).
 */
export function accessTokenOf(request: Pick<FastifyRequest, 'method' | 'headers'>): string | undefined {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer) return bearer;
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  return cookieValue(request.headers.cookie, GATEWAY_COOKIE);
}

/**
 * The signed-in user of a request, or 401 UNAUTHORIZED. Checks the token's signature and expiry and that
 * its session is not revoked (so logout takes effect at once). Routes with `auth: true` have already run
 * it; handlers call it again to read the user (the result is cached per request).
 *
 * @example const { userId } = await requireUser(request);
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const cached = verified.get(request);
  if (cached) return cached;
  const verifier = (request.server as unknown as Record<string, unknown>)[DECORATION];
  if (typeof verifier !== 'function') throw new Error('requireUser: the account module is not registered');
  const token = accessTokenOf(request);
  // Tokens we issue are short; a huge value is garbage, not worth an HMAC.
  const user = token && token.length <= 2048 ? await (verifier as AccessVerifier)(token) : undefined;
  if (!user) throw new AppError('UNAUTHORIZED');
  verified.set(request, user);
  return user;
}
