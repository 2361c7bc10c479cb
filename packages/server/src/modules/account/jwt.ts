import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeBase64urlStrict } from '../../crypto/base64url.js';

/** Claims this server puts in its tokens; `typ` keeps access tokens and registration tickets apart. */
export interface JwtClaims {
  typ: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat?: number;
  [claim: string]: unknown;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(secret: string, input: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** Signs claims as a compact HS256 JWT. */
export function signJwt(claims: JwtClaims, secret: string): string {
  const input = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${signature(secret, input).toString('base64url')}`;
}

/**
 * The claims of an HS256 JWT signed with `secret`, of type `typ`, not expired at `now`; undefined
 * for anything else (bad shape, other algorithm, wrong signature, expired).
 */
export function verifyJwt(token: string, secret: string, typ: string, now: Date): JwtClaims | undefined {
  const claims = verifyJwtSignature(token, secret, typ);
  if (!claims || claims.exp * 1000 <= now.getTime()) return undefined;
  return claims;
}

/**
 * The claims of an HS256 JWT signed with `secret` and of type `typ`, expired or not; undefined for a bad
 * shape, another algorithm or a wrong signature. Only for callers that check freshness another way.
 */
export function verifyJwtSignature(token: string, secret: string, typ: string): JwtClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, payload, sig] = parts as [string, string, string];
  // Only our own header is accepted: that rules out alg=none and algorithm confusion.
  if (header !== HEADER) return undefined;
  const expected = signature(secret, `${header}.${payload}`);
  const actual = decodeBase64urlStrict(sig);
  if (!actual || actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const record = claims as Record<string, unknown>;
  if (record.typ !== typ || typeof record.exp !== 'number') return undefined;
  return record as JwtClaims;
}
