import { describe, expect, it } from 'vitest';
import { setupClient } from '../testing/setupSession';
import { jwtSubject } from './jwtSubject';

const part = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('jwtSubject', () => {
  it('reads the sub claim of a JWT, whatever its signature', () => {
    const sub = '3f2b8c1e-7a44-4a0e-9d3e-2c1f0b6a9e11';
    expect(jwtSubject(`${part({ alg: 'HS256' })}.${part({ typ: 'access', sub, exp: 1 })}.sig`)).toBe(sub);
    // base64url characters and non-ASCII text decode as the server wrote them.
    expect(jwtSubject(`h.${part({ sub: 'Айгерим ~~~ ???' })}.s`)).toBe('Айгерим ~~~ ???');
  });

  it('is undefined for anything else', () => {
    for (const token of [
      undefined,
      '',
      'access-1',
      'a.b',
      `h.${part({ sub: 'x' })}.s.extra`,
      `h.${part({ sub: 42 })}.s`,
      `h.${part({ sub: '' })}.s`,
      `h.${part(null)}.s`,
      'h.!!!.s',
    ]) {
      expect(jwtSubject(token), String(token)).toBeUndefined();
    }
  });
});

describe('client.userId', () => {
  it("is the bearer's user on a server with JWT access tokens, and undefined for opaque ones", () => {
    const jwt = setupClient({}, { jwtAccessTokens: true });
    expect(jwt.client.userId()).toBeUndefined();
    jwt.client.storeTokens(jwt.server.issue());
    expect(jwt.client.userId()).toBe(jwt.server.account.userId);
    expect(jwt.client.sessionStorage).toBe(jwt.sessionStorage);
    const opaque = setupClient();
    opaque.client.storeTokens(opaque.server.issue());
    expect(opaque.client.userId()).toBeUndefined();
  });
});
