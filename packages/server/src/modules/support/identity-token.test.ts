import { isAppError } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import {
  identityTokenKey,
  partnerSubject,
  type SupportIdentity,
  signIdentityToken,
  userSubject,
  verifyIdentityToken,
} from './identity-token.js';

const key = identityTokenKey('a-token-secret-of-at-least-32-characters');
const now = new Date('2026-03-02T06:00:00Z');
const identity: SupportIdentity = {
  subject: partnerSubject('200140000013', 'customer:42'),
  kind: 'partner',
  name: 'Покупатель',
  email: 'buyer@shop.kz',
  expiresAt: new Date(now.getTime() + 600_000),
};

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
  return undefined;
}

describe('support identity tokens', () => {
  it('round-trips what the server signed, until its expiry', () => {
    const token = signIdentityToken(key, identity, now);
    expect(verifyIdentityToken(key, token, now)).toEqual(identity);
    expect(verifyIdentityToken(key, token, new Date(identity.expiresAt.getTime() - 1000))).toEqual(identity);
    expect(codeOf(() => verifyIdentityToken(key, token, identity.expiresAt))).toBe(
      'SUPPORT_IDENTITY_EXPIRED',
    );
  });

  it('derives a key of its own from the token secret: another secret, or the secret itself, does not verify', () => {
    const token = signIdentityToken(key, identity, now);
    expect(
      codeOf(() =>
        verifyIdentityToken(identityTokenKey('another-secret-of-at-least-32-chars!!'), token, now),
      ),
    ).toBe('SUPPORT_IDENTITY_INVALID');
    expect(
      codeOf(() => verifyIdentityToken(Buffer.from('a-token-secret-of-at-least-32-characters'), token, now)),
    ).toBe('SUPPORT_IDENTITY_INVALID');
  });

  it('accepts the MAC only in the spelling it was written in (no padding, no spare bits)', () => {
    const token = signIdentityToken(key, identity, now);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spareBits = alphabet[alphabet.indexOf(token.at(-1) ?? '') ^ 1] ?? '';
    for (const variant of [`${token}=`, `${token}==`, `${token.slice(0, -1)}${spareBits}`]) {
      expect(
        codeOf(() => verifyIdentityToken(key, variant, now)),
        variant,
      ).toBe('SUPPORT_IDENTITY_INVALID');
    }
  });

  it('refuses any change of the payload, version or MAC, and an expired token only once it is authentic', () => {
    const token = signIdentityToken(key, identity, now);
    const [version, payload = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const reencode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const variants = [
      `${version}.${reencode({ ...claims, sub: userSubject('00000000-0000-4000-8000-000000000000'), kind: 'user' })}.${mac}`,
      `${version}.${reencode({ ...claims, exp: claims.exp + 3600 })}.${mac}`,
      `qsi0.${payload}.${mac}`,
      `${version}.${payload}.${mac.slice(0, -2)}`,
      `${version}.${payload}`,
      `${token}.extra`,
      '',
      'x'.repeat(5000),
    ];
    for (const variant of variants)
      expect(
        codeOf(() => verifyIdentityToken(key, variant, now)),
        variant,
      ).toBe('SUPPORT_IDENTITY_INVALID');
    // A forged token that is also expired is INVALID, not EXPIRED: nothing is read before the MAC holds.
    const forgedExpired = `${version}.${reencode({ ...claims, exp: 1 })}.${mac}`;
    expect(codeOf(() => verifyIdentityToken(key, forgedExpired, now))).toBe('SUPPORT_IDENTITY_INVALID');
  });

  it('refuses a signed payload whose kind and subject disagree, or with unknown fields', () => {
    const mismatched = signIdentityToken(key, { ...identity, kind: 'user' }, now);
    expect(codeOf(() => verifyIdentityToken(key, mismatched, now))).toBe('SUPPORT_IDENTITY_INVALID');
    const badSubject = signIdentityToken(key, { ...identity, subject: 'visitor:1' }, now);
    expect(codeOf(() => verifyIdentityToken(key, badSubject, now))).toBe('SUPPORT_IDENTITY_INVALID');
  });
});
