// @vitest-environment happy-dom
import { GATEWAY_COOKIE, GATEWAY_COOKIE_HOURS } from '@qoltanba/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from '../cookies';
import { createMemoryStorage } from './memoryStorage';
import { IDENTITY_NOTE_KEY } from './storageKeys';
import { createTokenStore } from './tokenStore';

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const tokens = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 };

// happy-dom's global Document is not the class of `document`, so find the prototype that defines `cookie`.
function cookieOwner(): Document {
  let proto: object | null = document;
  while (proto && !Object.hasOwn(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('no cookie accessor');
  return proto as Document;
}

function setup() {
  const storage = createMemoryStorage();
  const sessionStorage = createMemoryStorage();
  const clock = { now: T0 };
  const store = createTokenStore({ storage, sessionStorage, now: () => clock.now });
  return { storage, sessionStorage, clock, store };
}

describe('token store', () => {
  beforeEach(() => deleteCookie(GATEWAY_COOKIE));

  it('stores the tokens, the expiry as now + expires_in seconds, and the GATEWAY cookie for 1 hour', () => {
    const { storage, store } = setup();
    const writes = vi.spyOn(cookieOwner(), 'cookie', 'set');
    store.save(tokens);
    expect([
      storage.getItem('token'),
      storage.getItem('refresh_token'),
      storage.getItem('expires_in'),
    ]).toEqual(['access-1', 'refresh-1', String(T0 + 900_000)]);
    expect(readCookie(GATEWAY_COOKIE)).toBe('access-1');
    const written = String(writes.mock.calls[0]?.[0]);
    expect(written).toContain('path=/');
    expect(written).toContain(`max-age=${GATEWAY_COOKIE_HOURS * 3600}`);
    expect(store.read()).toEqual({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: T0 + 900_000,
    });
  });

  it('sends the GATEWAY cookie as bearer, the stored token only when the cookie is gone', () => {
    const { store } = setup();
    store.save(tokens);
    writeCookie(GATEWAY_COOKIE, 'from-cookie');
    expect(store.bearer()).toBe('from-cookie');
    deleteCookie(GATEWAY_COOKIE);
    expect(store.bearer()).toBe('access-1');
  });

  it('needs a refresh once the stored expiry (less the margin) has passed, and only with a refresh token', () => {
    const { storage, clock, store } = setup();
    expect(store.needsRefresh(0)).toBe(false);
    store.save(tokens);
    expect(store.needsRefresh(0)).toBe(false);
    clock.now = T0 + 900_000 - 30_000;
    expect(store.needsRefresh(0)).toBe(false);
    expect(store.needsRefresh(30_000)).toBe(true);
    clock.now = T0 + 900_000;
    expect(store.needsRefresh(0)).toBe(true);
    storage.setItem('expires_in', 'garbage');
    clock.now = T0;
    expect(store.needsRefresh(0)).toBe(true);
    storage.removeItem('refresh_token');
    expect(store.needsRefresh(0)).toBe(false);
  });

  it('wipes both storages except the identity note and removes the GATEWAY cookie', () => {
    const { storage, sessionStorage, store } = setup();
    store.save(tokens);
    storage.setItem('selectedCompanyBin', '990340005977');
    storage.setItem(IDENTITY_NOTE_KEY, 'note');
    sessionStorage.setItem('draft', 'x');
    sessionStorage.setItem(IDENTITY_NOTE_KEY, 'session note');
    store.wipe();
    expect(storage.length).toBe(1);
    expect(storage.getItem(IDENTITY_NOTE_KEY)).toBe('note');
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem(IDENTITY_NOTE_KEY)).toBe('session note');
    expect(readCookie(GATEWAY_COOKIE)).toBeUndefined();
    expect(store.hasSession()).toBe(false);
  });
});
