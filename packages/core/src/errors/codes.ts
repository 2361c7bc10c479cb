/**
 * Every stable error code of the product: server responses (`{ code, message }`), client-side
 * messages and validation messages. Codes are a contract with clients: add, never rename.
 */
export const ERROR_CODES = [
  // Transport and generic server errors.
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Server messages of SPEC section 8.
  'ENTITY_NOT_FOUND',
  'QUERY_PARAM_TOO_LONG',
  'DOCUMENT_ALREADY_SIGNED',
  'SIGNATURE_MISSING',
  'UIN_INVALID',
  'FILE_FORMAT_NOT_ALLOWED',
  'SIGNED_FILE_MISMATCH',
  'DOCUMENT_SIGNING_LOCKED',
  'STORAGE_FULL',
  'DOCUMENT_ACCESS_FORBIDDEN',
  'DOCUMENT_CHANGE_FORBIDDEN',
  'COMPANY_SIGNING_FORBIDDEN',
  'REJECTED_DOCUMENT_SIGNING_FORBIDDEN',
  'DOCUMENT_WITHOUT_FILE',
  'FILE_SAVE_FAILED',
  'FILE_LOAD_FAILED',
  'FILE_SIGN_FAILED',
  'FILE_VERIFY_FAILED',
  'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
  'FILE_TOO_LARGE',
  'STORAGE_OVERFLOW_AFTER_SIGNING',
  'FREE_TARIFF_ALREADY_USED',
  // Server rules of SPEC sections 4 and 6 without a quoted message.
  'TARIFF_EXPIRED',
  'DOCUMENT_REVOKE_FORBIDDEN',
  'REVOKE_ONLY_BY_SENDER',
  'REMINDER_TOO_EARLY',
  'COMPANY_REQUIRED',
  // Documents, folders and counterparties rules of ours (SPEC shows no message).
  'SIGNERS_REQUIRED',
  'DOCUMENT_FILES_LIMIT',
  'MULTIPART_INVALID',
  'FOLDER_NOT_FOUND',
  'FOLDER_CYCLE',
  'COUNTERPARTY_NOT_FOUND',
  'COUNTERPARTY_EXISTS',
  'PREVIEW_UNAVAILABLE',
  'PREVIEW_FAILED',
  // Client-side messages of SPEC section 8.
  'SIGNER_APP_NOT_RUNNING',
  'SIGNER_APP_FAILED',
  'BIN_NOT_AMONG_SIGNERS',
  'ALREADY_SIGNED_BY_BIN',
  'SIGNATURE_MISMATCH',
  'QR_SIGNING_TIMEOUT',
  'IIN_NOT_IN_REGISTER',
  'CERTIFICATE_REVOKED',
  'DOCUMENT_NOT_SIGNED',
  'UNSUPPORTED_FILE_FORMAT',
  'TOO_MANY_FILES',
  'SIZE_OVER_LIMIT',
  'MAINTENANCE',
  'FILES_STILL_UPLOADING',
  'COMPANY_SWITCH_BLOCKED',
  'NETWORK_ERROR',
  'SESSION_EXPIRED',
  // Login.
  'ACCOUNT_NOT_FOUND',
  'INVALID_LOGIN',
  'INVALID_PASSWORD',
  'INVALID_CODE',
  'ACCOUNT_BLOCKED',
  // Validation rules of SPEC section 5.
  'DOCUMENT_NAME_LENGTH',
  'REJECT_COMMENT_LENGTH',
  'SELF_AS_SIGNER',
  'SIGNER_DUPLICATE',
  'IDENTITY_NUMBER_INVALID',
  'APPROVER_EMAIL_INVALID',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'FOLDER_NAME_REQUIRED',
  'FOLDER_NAME_TAKEN',
  'FOLDER_NAME_TOO_LONG',
  'COMPANY_REQUIRED_FOR_EDIT',
  'PHONE_MISMATCH',
  'ATTACH_BY_IIN_ONLY_INDIVIDUALS',
  'FEEDBACK_REQUIRED',
  'INVALID_EMAIL',
  'INVALID_PHONE',
  // Input hygiene (ours).
  'CONTROL_CHARACTERS',
] as const;

/** A stable error code; see {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** True when `value` is a known {@link ErrorCode}; use it to narrow codes read from a response. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}
