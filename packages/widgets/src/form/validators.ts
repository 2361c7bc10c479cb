import {
  type CodeChannel,
  codeSchema,
  type ErrorCode,
  formatKzPhone,
  isErrorCode,
  type LoginTarget,
  newPasswordSchema,
  PASSWORD_MAX,
  PERSON_NAME_MAX,
  parseLoginTarget,
  phoneSchema,
  validateIdentityNumber,
} from '@qoltanba/core';
import type { ShownError } from './shown-error';

// Each returns the problem with a value as a ShownError, or undefined when the value is acceptable.

function firstIssue(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}): ShownError {
  const message = result.error?.issues[0]?.message;
  return { code: isErrorCode(message) ? (message as ErrorCode) : 'VALIDATION_FAILED' };
}

/** Empty (after trimming) is REQUIRED. */
export function requiredError(value: string): ShownError | undefined {
  return value.trim() === '' ? { code: 'REQUIRED' } : undefined;
}

/** An e-mail or Kazakh mobile number: REQUIRED, or INVALID_LOGIN when it is neither. */
export function loginTargetError(value: string): ShownError | undefined {
  return requiredError(value) ?? (parseLoginTarget(value) ? undefined : { code: 'INVALID_LOGIN' });
}

/** The password of a login: REQUIRED, or PASSWORD_TOO_LONG past PASSWORD_MAX (no other rule: old passwords count). */
export function currentPasswordError(value: string): ShownError | undefined {
  if (value === '') return { code: 'REQUIRED' };
  return value.length > PASSWORD_MAX ? { code: 'PASSWORD_TOO_LONG' } : undefined;
}

/** A new password by core's rule: REQUIRED, PASSWORD_TOO_SHORT or PASSWORD_TOO_LONG. */
export function newPasswordError(value: string): ShownError | undefined {
  if (value === '') return { code: 'REQUIRED' };
  const result = newPasswordSchema.safeParse(value);
  return result.success ? undefined : firstIssue(result);
}

/** The repetition of a new password: REQUIRED, or PASSWORDS_DIFFER unless it equals `password`. */
export function repeatPasswordError(password: string, repeat: string): ShownError | undefined {
  if (repeat === '') return { code: 'REQUIRED' };
  return repeat === password ? undefined : { code: 'PASSWORDS_DIFFER' };
}

/** A one-time code of CODE_LENGTH digits: REQUIRED or INVALID_CODE. */
export function codeError(value: string): ShownError | undefined {
  if (value === '') return { code: 'REQUIRED' };
  const result = codeSchema.safeParse(value);
  return result.success ? undefined : firstIssue(result);
}

/** A first or last name: REQUIRED, or NAME_TOO_LONG past PERSON_NAME_MAX characters. */
export function personNameError(value: string): ShownError | undefined {
  return (
    requiredError(value) ?? (value.trim().length > PERSON_NAME_MAX ? { code: 'NAME_TOO_LONG' } : undefined)
  );
}

/** An IIN or BIN as typed, without the spaces people put between digit groups. */
export function identityDigits(value: string): string {
  return value.replace(/\s/g, '');
}

/**
 * A 12-digit IIN/BIN with a valid check digit: REQUIRED or IDENTITY_NUMBER_INVALID. With `testMode` the NCA
 * TEST numbers pass too (never in production).
 */
export function identityNumberError(value: string, testMode: boolean): ShownError | undefined {
  const digits = identityDigits(value);
  if (digits === '') return { code: 'REQUIRED' };
  return validateIdentityNumber(digits, { testMode }).ok ? undefined : { code: 'IDENTITY_NUMBER_INVALID' };
}

/** A Kazakh mobile number: REQUIRED or INVALID_PHONE (normalise it with core's normalizeKzPhone). */
export function phoneError(value: string): ShownError | undefined {
  if (value.trim() === '') return { code: 'REQUIRED' };
  const result = phoneSchema.safeParse(value);
  return result.success ? undefined : firstIssue(result);
}

/** Where a one-time code goes: channel and normalised target, and the target as people read it. */
export interface CodeTarget {
  channel: CodeChannel;
  target: string;
  shownTarget: string;
}

/** The {@link CodeTarget} of a typed e-mail or phone, or undefined when it is neither. */
export function codeTargetOf(input: string): CodeTarget | undefined {
  const target = parseLoginTarget(input);
  if (!target) return undefined;
  return { channel: channelOf(target), target: target.value, shownTarget: displayTarget(target) };
}

/** The code channel of a login target: e-mail goes by email, a phone by sms. */
export function channelOf(target: LoginTarget): CodeChannel {
  return target.kind === 'email' ? 'email' : 'sms';
}

/** A target as people read it: the e-mail, or the phone as `+7 701 234 56 78`. */
export function displayTarget(target: LoginTarget): string {
  return target.kind === 'phone' ? formatKzPhone(target.value) : target.value;
}
