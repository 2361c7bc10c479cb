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
