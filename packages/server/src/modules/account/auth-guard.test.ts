import { describe, expect, it } from 'vitest';
import { accessTokenOf, bearerToken, cookieValue } from './auth-guard.js';

describe('bearerToken', () => {
  it('reads the token of a Bearer header, case-insensitively', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer  xyz ')).toBe('xyz');
    expect(bearerToken(['Bearer one', 'Bearer two'])).toBe('one');
  });

  it('ignores other schemes and malformed values', () => {
    for (const header of [undefined, '', 'Basic dXNlcg==', 'Bearer', 'Bearer a b']) {
      expect(bearerToken(header)).toBeUndefined();
    }
  });
});

describe('cookieValue', () => {
  it('finds one cookie among several', () => {
    expect(cookieValue('lang=ru; GATEWAY=tok.en.x; other=1', 'GATEWAY')).toBe('tok.en.x');
    expect(cookieValue('XGATEWAY=1', 'GATEWAY')).toBeUndefined();
    expect(cookieValue('GATEWAY=', 'GATEWAY')).toBeUndefined();
    expect(cookieValue(undefined, 'GATEWAY')).toBeUndefined();
    expect(cookieValue('GATEWAY=a%2Eb', 'GATEWAY')).toBe('a.b');
    expect(cookieValue('GATEWAY=%E0%A4%A', 'GATEWAY')).toBeUndefined();
  });
});

describe('accessTokenOf', () => {
  it('prefers the bearer header', () => {
    expect(
      accessTokenOf({ method: 'POST', headers: { authorization: 'Bearer h', cookie: 'GATEWAY=c' } }),
    ).toBe('h');
  });

  it('accepts the GATEWAY cookie for GET and HEAD only (no CSRF on state changes)', () => {
    expect(accessTokenOf({ method: 'GET', headers: { cookie: 'GATEWAY=c' } })).toBe('c');
    expect(accessTokenOf({ method: 'HEAD', headers: { cookie: 'GATEWAY=c' } })).toBe('c');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(accessTokenOf({ method, headers: { cookie: 'GATEWAY=c' } })).toBeUndefined();
    }
  });
});
