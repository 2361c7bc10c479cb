export { createQueryContext, QUERY_DEFAULTS, queryErrorRetry, retryDelay } from './query';
