import type { ErrorCode } from '@qoltanba/core';

// Which field of an account form shows a server refusal; codes not mapped go to the form's alert.

/** The refusals of the e-mail or phone of an existing account (login, recovery), shown at `field`. */
export function accountTargetCodes<F extends string>(field: F): Partial<Record<ErrorCode, F>> {
  return { ACCOUNT_NOT_FOUND: field, INVALID_LOGIN: field, INVALID_EMAIL: field, INVALID_PHONE: field };
}

/** The refusals of the e-mail or phone of a new account (registration), shown at `field`. */
export function newAccountTargetCodes<F extends string>(field: F): Partial<Record<ErrorCode, F>> {
  return {
    EMAIL_TAKEN: field,
    PHONE_TAKEN: field,
    INVALID_EMAIL: field,
    INVALID_PHONE: field,
    INVALID_LOGIN: field,
  };
}

/** The refusals of a new password (registration, recovery), shown at `field`. */
export function newPasswordCodes<F extends string>(field: F): Partial<Record<ErrorCode, F>> {
  return { PASSWORD_TOO_SHORT: field, PASSWORD_TOO_LONG: field };
}
