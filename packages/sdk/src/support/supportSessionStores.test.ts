import { SUPPORT_PATHS } from '@qoltanba/core';
import { testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../auth/authActions';
import { setupOperator as setupOperatorOn } from '../test-support/support';
import { $supportIdentity, renewalDelay, SUPPORT_IDENTITY_STORAGE_KEY } from './supportIdentityStore';
import { $supportOperator } from './supportOperatorStore';

const test = testServerPerFile();
const setupOperator = (operator?: boolean) => setupOperatorOn(test.server, operator);

/** The browser's clock faked at the server's now (the server in this process keeps its own test clock). */
function fakeBrowserClock(): number {
  const start = test.server.clock.now().getTime();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(start);
  return start;
}

afterEach(() => {
  vi.useRealTimers();
  cleanStores($supportIdentity, $supportOperator);
});

describe('$supportOperator', () => {
  it('says whether the signed-in user is an operator, and forgets it on logout', async () => {
    await setupOperator();
    const stop = $supportOperator.listen(() => undefined);
    await vi.waitFor(() =>
      expect($supportOperator.get()).toMatchObject({ status: 'loaded', operator: true }),
    );
    await logout();
    expect($supportOperator.get()).toEqual({ status: 'idle', operator: false, error: undefined });
    stop();
  });

  it('is false for other users', async () => {
    await setupOperator(false);
    const stop = $supportOperator.listen(() => undefined);
    await vi.waitFor(() =>
      expect($supportOperator.get()).toMatchObject({ status: 'loaded', operator: false }),
    );
    stop();
  });
});

describe('$supportIdentity', () => {
  it('renews well before expiry: at 80 % of its life, or five minutes before the end when that is later', () => {
    expect(renewalDelay(60 * 60_000)).toBe(55 * 60_000);
    expect(renewalDelay(10 * 60_000)).toBe(8 * 60_000);
    expect(renewalDelay(-5_000)).toBe(30_000);
  });

  it('issues a token for the signed-in user, renews it before it expires, and drops it on logout', async () => {
    const T0 = fakeBrowserClock();
    const { server } = await setupOperator(false);
    const stop = $supportIdentity.listen(() => undefined);
    await vi.waitFor(() => expect($supportIdentity.get().token).not.toBeNull());
    const first = $supportIdentity.get();
    expect(first.expiresAt).toBe(new Date(T0 + 60 * 60_000).toISOString());

    // The server's clock and the browser's move together: a renewal after 55 minutes, not at 54.
    server.clock.advance(54 * 60);
    await vi.advanceTimersByTimeAsync(54 * 60_000);
    expect(server.callsTo(['POST', SUPPORT_PATHS.identityTokens])).toHaveLength(1);
    server.clock.advance(2 * 60);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    await vi.waitFor(() => expect($supportIdentity.get().token).not.toBe(first.token));
    expect(server.callsTo(['POST', SUPPORT_PATHS.identityTokens])).toHaveLength(2);

    await logout();
    expect($supportIdentity.get()).toEqual({ token: null, expiresAt: null });
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(server.callsTo(['POST', SUPPORT_PATHS.identityTokens])).toHaveLength(2);
    stop();
  });

  describe('kept across page loads of the tab', () => {
    const MINUTE = 60_000;
    // A page load: the store is watched anew (a new page's module would start the same way).
    const pageLoad = () => {
      cleanStores($supportIdentity);
      return $supportIdentity.listen(() => undefined);
    };
    async function issuedOnce() {
      fakeBrowserClock();
      const setup = await setupOperator(false);
      const stop = $supportIdentity.listen(() => undefined);
      await vi.waitFor(() => expect($supportIdentity.get().token).not.toBeNull());
      stop();
      const calls = () => setup.server.callsTo(['POST', SUPPORT_PATHS.identityTokens]).length;
      const later = async (ms: number) => {
        setup.server.clock.advance(ms / 1000);
        await vi.advanceTimersByTimeAsync(ms);
      };
      return { ...setup, first: $supportIdentity.get(), calls, later };
    }

    it('reuses the kept token of the same user without asking again, and still renews it when due', async () => {
      const { first, calls, later, sessionStorage, client } = await issuedOnce();
      expect(JSON.parse(sessionStorage.getItem(SUPPORT_IDENTITY_STORAGE_KEY) ?? '{}')).toMatchObject({
        userId: client.userId(),
        token: first.token,
        expiresAt: first.expiresAt,
      });
      await later(10 * MINUTE);
      const stop = pageLoad();
      expect($supportIdentity.get()).toEqual(first);
      expect(calls()).toBe(1);
      // Renewed 55 minutes after it was issued, as if the tab had stayed on one page.
      await later(44 * MINUTE);
      expect(calls()).toBe(1);
      await later(2 * MINUTE);
      await vi.waitFor(() => expect($supportIdentity.get().token).not.toBe(first.token));
      expect(calls()).toBe(2);
      stop();
    });

    it('asks anew for another user who signed in on this tab, and keeps theirs instead', async () => {
      const { first, calls, server, client, sessionStorage } = await issuedOnce();
      client.storeTokens(await server.world.login('bolat'));
      expect(client.userId()).toBe(server.world.ids.bolat);
      const stop = pageLoad();
      expect($supportIdentity.get().token).toBeNull();
      await vi.waitFor(() => expect($supportIdentity.get().token).not.toBeNull());
      expect($supportIdentity.get().token).not.toBe(first.token);
      expect(calls()).toBe(2);
      expect(JSON.parse(sessionStorage.getItem(SUPPORT_IDENTITY_STORAGE_KEY) ?? '{}')).toMatchObject({
        userId: server.world.ids.bolat,
        token: $supportIdentity.get().token,
      });
      stop();
    });

    it('is dropped on logout', async () => {
      const { sessionStorage } = await issuedOnce();
      const stop = pageLoad();
      expect(sessionStorage.getItem(SUPPORT_IDENTITY_STORAGE_KEY)).not.toBeNull();
      await logout();
      expect(sessionStorage.getItem(SUPPORT_IDENTITY_STORAGE_KEY)).toBeNull();
      expect($supportIdentity.get()).toEqual({ token: null, expiresAt: null });
      stop();
    });

    it('renews a kept token at once when its renewal is due, and never shows an expired one', async () => {
      const { first, calls, later } = await issuedOnce();
      // Past the renewal time, before the expiry: shown at once, renewed at once.
      await later(57 * MINUTE);
      let stop = pageLoad();
      expect($supportIdentity.get()).toEqual(first);
      await vi.waitFor(() => expect($supportIdentity.get().token).not.toBe(first.token));
      expect(calls()).toBe(2);
      const second = $supportIdentity.get();
      stop();
      // Past its expiry: not shown, a new one is asked for.
      await later(2 * 60 * MINUTE);
      stop = pageLoad();
      expect($supportIdentity.get().token).toBeNull();
      await vi.waitFor(() => expect($supportIdentity.get().token).not.toBeNull());
      expect($supportIdentity.get().token).not.toBe(second.token);
      expect(calls()).toBe(3);
      stop();
    });
  });
});
