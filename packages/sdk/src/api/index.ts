export { ApiError, clientApiError, errorCodeOf, isApiError, parseApiError } from './apiError';
export type { ApiClient, ApiClientOptions } from './client';
export { createApiClient } from './client';
