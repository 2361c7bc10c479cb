import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryContext, QUERY_DEFAULTS, queryErrorRetry, retryDelay } from './query';

describe('retryDelay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('treats attempts below 1 as the first', () => {
    expect(retryDelay(0)).toBe(1000);
  });
});

describe('queryErrorRetry', () => {
  const call = (retryCount: number) => queryErrorRetry({ error: new Error('x'), key: 'k', retryCount });

  it('retries three times, then stops', () => {
    expect([1, 2, 3, 4, 5].map(call)).toEqual([1000, 2000, 4000, false, false]);
  });

  it('matches the documented policy', () => {
    expect(QUERY_DEFAULTS).toEqual({
      retries: 3,
      baseRetryDelayMs: 1000,
      maxRetryDelayMs: 30000,
      cacheLifetimeMs: 300000,
    });
  });
});

describe('createQueryContext', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a failing fetch once plus 3 retries at 1 s, 2 s and 4 s, then gives up', async () => {
    const calls: number[] = [];
    const start = Date.now();
    const fetcher = vi.fn(async () => {
      calls.push(Date.now() - start);
      throw new Error('down');
    });
    const [createFetcherStore] = createQueryContext(fetcher);
    const $store = createFetcherStore<string>(['/always-fails']);
    const unsubscribe = $store.listen(() => {});

    await vi.advanceTimersByTimeAsync(60_000);

    expect(fetcher).toHaveBeenCalledTimes(4);
    expect(calls).toEqual([0, 1000, 3000, 7000]);
    expect($store.get().error).toEqual(new Error('down'));
    unsubscribe();
  });

  it('recovers when a retry succeeds', async () => {
    let failures = 2;
    const fetcher = vi.fn(async () => {
      if (failures-- > 0) throw new Error('flaky');
      return 'ok';
    });
    const [createFetcherStore] = createQueryContext(fetcher);
    const $store = createFetcherStore<string>(['/flaky']);
    const unsubscribe = $store.listen(() => {});

    await vi.advanceTimersByTimeAsync(10_000);
    expect($store.get().data).toBe('ok');
    expect(fetcher).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('serves cached data to a new subscriber for 5 min after the fetch, then makes it wait for a new fetch', async () => {
    const answers: Array<(value: string) => void> = [];
    const fetcher = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const [createFetcherStore] = createQueryContext(fetcher);
    const $store = createFetcherStore<string>(['/documents']);
    // Subscribes, reads what the subscriber sees at once, and leaves (the store unmounts 1 s later).
    const visit = async (answer?: string) => {
      const unsubscribe = $store.listen(() => {});
      const seen = $store.get().data;
      if (answer !== undefined) answers.at(-1)?.(answer);
      await vi.advanceTimersByTimeAsync(0);
      const settled = $store.get().data;
      unsubscribe();
      await vi.advanceTimersByTimeAsync(1000);
      return { seen, settled };
    };

    expect(await visit('v1')).toEqual({ seen: undefined, settled: 'v1' });
    expect(fetcher).toHaveBeenCalledTimes(1);

    // Within nanoquery's 4 s dedupe window: the cached value, no fetch at all.
    expect(await visit()).toEqual({ seen: 'v1', settled: 'v1' });
    expect(fetcher).toHaveBeenCalledTimes(1);

    // Just before 5 min: the cached value at once, refreshed in the background.
    vi.setSystemTime(Date.now() + QUERY_DEFAULTS.cacheLifetimeMs - 5000);
    expect(await visit('v2')).toEqual({ seen: 'v1', settled: 'v2' });
    expect(fetcher).toHaveBeenCalledTimes(2);

    // Past 5 min since that fetch the cache has expired: nothing to show until the new fetch answers.
    vi.setSystemTime(Date.now() + QUERY_DEFAULTS.cacheLifetimeMs + 1);
    expect(await visit('v3')).toEqual({ seen: undefined, settled: 'v3' });
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});
