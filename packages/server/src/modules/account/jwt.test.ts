import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt, verifyJwtSignature } from './jwt.js';

const SECRET = 's'.repeat(40);
const now = new Date('2026-03-01T10:00:00Z');
const exp = now.getTime() / 1000 + 900;

describe('HS256 JWT', () => {
  it('round-trips claims until they expire', () => {
    const token = signJwt({ typ: 'access', sub: 'u1', sid: 's1', exp }, SECRET);
    expect(verifyJwt(token, SECRET, 'access', now)).toMatchObject({ sub: 'u1', sid: 's1' });
    expect(verifyJwt(token, SECRET, 'access', new Date(exp * 1000))).toBeUndefined();
  });

  it('verifyJwtSignature accepts an expired token but still checks signature and type', () => {
    const token = signJwt({ typ: 'access', sub: 'u1', exp }, SECRET);
    expect(verifyJwtSignature(token, SECRET, 'access')).toMatchObject({ sub: 'u1' });
    expect(verifyJwtSignature(token, 'x'.repeat(40), 'access')).toBeUndefined();
    expect(verifyJwtSignature(token, SECRET, 'registration')).toBeUndefined();
  });

  it('refuses another secret, another type, tampering and alg=none', () => {
    const token = signJwt({ typ: 'access', sub: 'u1', exp }, SECRET);
    expect(verifyJwt(token, 'x'.repeat(40), 'access', now)).toBeUndefined();
    expect(verifyJwt(token, SECRET, 'registration', now)).toBeUndefined();
    const [header, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ typ: 'access', sub: 'admin', exp })).toString('base64url');
    expect(verifyJwt(`${header}.${forged}.${sig}`, SECRET, 'access', now)).toBeUndefined();
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(verifyJwt(`${none}.${forged}.`, SECRET, 'access', now)).toBeUndefined();
  });

  it('accepts only the one spelling of the signature it wrote (no padding, no spare bits, nothing foreign)', () => {
    const token = signJwt({ typ: 'access', sub: 'u1', exp }, SECRET);
    const sig = token.split('.')[2] ?? '';
    // 32 bytes are 43 characters: the last one carries 2 unused bits, which a lenient decoder ignores.
    const last = sig.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spareBits = alphabet[alphabet.indexOf(last) ^ 1] ?? '';
    expect(Buffer.from(`${sig.slice(0, -1)}${spareBits}`, 'base64url')).toEqual(
      Buffer.from(sig, 'base64url'),
    );
    for (const variant of [
      `${token}=`,
      `${token}==`,
      `${token}.`,
      `${token} `,
      `${token}!`,
      `${token.slice(0, -1)}${spareBits}`,
    ]) {
      expect(verifyJwt(variant, SECRET, 'access', now), variant).toBeUndefined();
    }
    expect(verifyJwt(token, SECRET, 'access', now)).toMatchObject({ sub: 'u1' });
  });

  it('answers undefined for garbage', () => {
    for (const token of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(600)]) {
      expect(verifyJwt(token, SECRET, 'access', now)).toBeUndefined();
    }
  });

  it('refuses a correctly signed payload that is not a claims object', () => {
    const header = signJwt({ typ: 'x', exp }, SECRET).split('.')[0] ?? '';
    const payload = Buffer.from('[1,2]').toString('base64url');
    const sig = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expect(verifyJwt(`${header}.${payload}.${sig}`, SECRET, 'x', now)).toBeUndefined();
  });
});
