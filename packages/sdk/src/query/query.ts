import { type Fetcher, nanoquery, type OnErrorRetry } from '@nanostores/query';
import { QUERY_CACHE_MS, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS } from '@qoltanba/core';

/** The data-query policy: retries, back-off and cache lifetime. */
export const QUERY_DEFAULTS = {
  /** Retries after the first failure. */
  retries: QUERY_RETRIES,
  /** Delay before the first retry; doubles for each next one. */
  baseRetryDelayMs: 1000,
  /** Upper bound of any retry delay. */
  maxRetryDelayMs: QUERY_RETRY_MAX_DELAY_MS,
  /** How long cached data may be served (garbage collection of the cache). */
  cacheLifetimeMs: QUERY_CACHE_MS,
} as const;

/**
 * Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s.
 *
 * @example retryDelay(3) // 4000
 */
export function retryDelay(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(QUERY_DEFAULTS.baseRetryDelayMs * 2 ** exponent, QUERY_DEFAULTS.maxRetryDelayMs);
}

/** nanoquery's retry hook: `retryCount` counts failures so far; stop after QUERY_RETRIES retries. */
export const queryErrorRetry: OnErrorRetry = ({ retryCount }) =>
  retryCount <= QUERY_DEFAULTS.retries ? retryDelay(retryCount) : false;

/**
 * A nanoquery context with the product policy: 5 min cache lifetime, 3 retries with 1 s / 2 s / 4 s back-off.
 * Returns nanoquery's `[createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }]`.
 *
 * @example
 * const [createFetcherStore] = createQueryContext((...keys) => api.get(keys.join('')).json());
 * export const $profile = createFetcherStore<Profile>(['/api/profile']);
 */
export function createQueryContext(fetcher?: Fetcher<unknown>) {
  return nanoquery({
    ...(fetcher ? { fetcher } : {}),
    cacheLifetime: QUERY_DEFAULTS.cacheLifetimeMs,
    onErrorRetry: queryErrorRetry,
  });
}
