import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '@qoltanba/core';
import { z } from 'zod';
import { decodeBase64urlStrict } from '../../crypto/base64url.js';
import { deriveKey } from '../../crypto/derive-key.js';

/** Who an identity token vouches for: a portal user, or a partner company's own user. */
export type SupportIdentityKind = 'user' | 'partner';

/** What an identity token says (version 1). */
export interface SupportIdentity {
  /** `user:<user id>` or `partner:<company BIN>:<the partner's user id>`: the conversations' owner. */
  subject: string;
  kind: SupportIdentityKind;
  name: string | null;
  email: string | null;
  /** When the token stops working. */
  expiresAt: Date;
}

/** Prefix naming the format; a new format gets a new prefix and old tokens simply stop verifying. */
const VERSION = 'qsi1';
/** Tokens we issue are well under this; anything longer is refused without a MAC. */
const MAX_TOKEN_LENGTH = 4096;
const PURPOSE = { salt: 'qoltanba-support', info: 'support-identity-token-v1' };

const payloadSchema = z.strictObject({
  sub: z.string().regex(/^(user:[0-9a-f-]{36}|partner:[0-9]{12}:.+)$/s),
  kind: z.enum(['user', 'partner']),
  name: z.string().nullable(),
  email: z.string().nullable(),
  iat: z.number().int(),
  exp: z.number().int(),
});

/**
 * The key that signs identity tokens, derived from the server's token secret with HKDF-SHA256 for this one purpose,
 * so an identity token can never pass for an access token or a code hash made with the same secret.
 */
export function identityTokenKey(tokenSecret: string): Buffer {
  return deriveKey(tokenSecret, PURPOSE);
}

const mac = (key: Buffer, signed: string) => createHmac('sha256', key).update(signed, 'utf8').digest();

/** The subject of a portal user. */
export const userSubject = (userId: string) => `user:${userId}`;
/** The subject of a partner company's user: the BIN keeps one company's users apart from another's. */
export const partnerSubject = (bin: string, externalUserId: string) => `partner:${bin}:${externalUserId}`;

/**
 * Signs an identity token: `qsi1.<base64url JSON payload>.<base64url HMAC-SHA256 of "qsi1.<payload>">`.
 *
 * @example signIdentityToken(key, { subject: 'user:…', kind: 'user', name: 'Айгерим', email: null, expiresAt })
 */
export function signIdentityToken(key: Buffer, identity: SupportIdentity, now: Date): string {
  const payload = Buffer.from(
    JSON.stringify({
      sub: identity.subject,
      kind: identity.kind,
      name: identity.name,
      email: identity.email,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(identity.expiresAt.getTime() / 1000),
    }),
    'utf8',
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${mac(key, signed).toString('base64url')}`;
}

/**
 * Checks an identity token: 401 SUPPORT_IDENTITY_INVALID for anything not signed with `key` in the current format
 * (the MAC compared in constant time before the payload is read), SUPPORT_IDENTITY_EXPIRED once its expiry passed.
 */
export function verifyIdentityToken(key: Buffer, token: string, now: Date): SupportIdentity {
  if (token.length > MAX_TOKEN_LENGTH) throw new AppError('SUPPORT_IDENTITY_INVALID');
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) throw new AppError('SUPPORT_IDENTITY_INVALID');
  const [version, payload = '', signature = ''] = parts;
  const expected = mac(key, `${version}.${payload}`);
  const presented = decodeBase64urlStrict(signature);
  if (!presented || presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new AppError('SUPPORT_IDENTITY_INVALID');
  }
  let claims: z.infer<typeof payloadSchema>;
  try {
    claims = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch (error) {
    throw new AppError('SUPPORT_IDENTITY_INVALID', undefined, { cause: error });
  }
  if (claims.kind !== claims.sub.slice(0, claims.sub.indexOf(':')))
    throw new AppError('SUPPORT_IDENTITY_INVALID');
  if (claims.exp * 1000 <= now.getTime()) throw new AppError('SUPPORT_IDENTITY_EXPIRED');
  return {
    subject: claims.sub,
    kind: claims.kind,
    name: claims.name,
    email: claims.email,
    expiresAt: new Date(claims.exp * 1000),
  };
}
