export { AppError, isAppError } from './app-error';
export { type ErrorEntry, errorCatalogue } from './catalogue';
export { ERROR_CODES, type ErrorCode, isErrorCode } from './codes';
export {
  completeErrorMessage,
  type ErrorParams,
  errorCodeFromLegacyMessage,
  errorMessage,
  errorStatus,
  paramsForCode,
} from './error-message';
export {
  ERROR_PARAMS,
  type ErrorParamKind,
  type ErrorParamName,
  formatErrorParam,
  isErrorParamName,
} from './error-params';
export { errorCodeForStatus } from './status-code';
