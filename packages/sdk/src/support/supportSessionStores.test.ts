import { SUPPORT_PATHS } from '@qoltanba/core';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../auth/authActions';
import { T0 } from '../testing/setupSession';
import { setupOperator } from '../testing/supportSession';
import { $supportIdentity, renewalDelay } from './supportIdentityStore';
import { $supportOperator } from './supportOperatorStore';

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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
    const { server, clock } = await setupOperator(false);
    const stop = $supportIdentity.listen(() => undefined);
    await vi.waitFor(() => expect($supportIdentity.get().token).not.toBeNull());
    const first = $supportIdentity.get();
    expect(first.expiresAt).toBe(new Date(T0 + 60 * 60_000).toISOString());

    // The fake server's clock and the browser's move together: a renewal after 55 minutes, not at 54.
    clock.now += 54 * 60_000;
    await vi.advanceTimersByTimeAsync(54 * 60_000);
    expect(server.callsTo('POST', SUPPORT_PATHS.identityTokens)).toHaveLength(1);
    clock.now += 2 * 60_000;
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    await vi.waitFor(() => expect($supportIdentity.get().token).not.toBe(first.token));
    expect(server.callsTo('POST', SUPPORT_PATHS.identityTokens)).toHaveLength(2);

    await logout();
    expect($supportIdentity.get()).toEqual({ token: null, expiresAt: null });
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(server.callsTo('POST', SUPPORT_PATHS.identityTokens)).toHaveLength(2);
    stop();
  });
});
