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
});
