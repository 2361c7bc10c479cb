export {
  ApiError,
  clientApiError,
  errorCodeOf,
  errorLinkOf,
  type HeaderSource,
  isApiError,
  parseApiError,
} from './apiError';
export type { ApiClient, ApiClientOptions } from './client';
export { createApiClient } from './client';
