export { AppError, isAppError } from './app-error';
export { type ErrorEntry, errorCatalogue } from './catalogue';
export { ERROR_CODES, type ErrorCode, isErrorCode } from './codes';
export {
  type ErrorParams,
  errorCodeFromLegacyMessage,
  errorMessage,
  errorStatus,
} from './error-message';
export { errorCodeForStatus } from './status-code';
