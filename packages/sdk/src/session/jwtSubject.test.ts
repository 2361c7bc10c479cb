import { testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { clientOn } from '../test-support/real-server';
import { jwtSubject } from './jwtSubject';

const test = testServerPerFile();

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
  it("is the bearer's user: the server's access tokens are JWTs; undefined for an opaque token", async () => {
    const { server, client, sessionStorage } = clientOn(test.server);
    expect(client.userId()).toBeUndefined();
    client.storeTokens(await server.world.login('aigerim'));
    expect(client.userId()).toBe(server.world.ids.aigerim);
    expect(client.sessionStorage).toBe(sessionStorage);
    client.storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
    expect(client.userId()).toBeUndefined();
  });
});
