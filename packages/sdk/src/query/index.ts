export {
  createKeysetList,
  type KeysetList,
  type KeysetListOptions,
  type KeysetListState,
  type KeysetListStatus,
  type KeysetPage,
} from './keysetList';
export { createQueryContext, QUERY_DEFAULTS, queryErrorRetry, retryDelay } from './query';
