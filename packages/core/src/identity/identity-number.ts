import { checkDigit } from './check-digit';

/** IIN: individual identification number (people). BIN: business identification number (legal entities). */
export type IdentityKind = 'IIN' | 'BIN';

/** Why an identity number was refused. */
export type IdentityRejection = 'format' | 'checksum' | 'date' | 'kind';

/** Result of {@link validateIdentityNumber}; `value` is the trimmed number. */
export type IdentityValidation =
  | { ok: true; kind: IdentityKind; value: string }
  | { ok: false; reason: IdentityRejection };

/** Options of the identity validators. */
export interface IdentityOptions {
  /** Accept {@link NCA_TEST_IDENTITY_NUMBERS}. Configuration; always off in production. */
  testMode?: boolean;
}

/**
 * Identity numbers of the NCA RK TEST certificates. They fail the checksum on purpose and are
 * accepted only in test mode: 123456789011 and 123456789012 are IINs, 123456789021 is a BIN.
 */
export const NCA_TEST_IDENTITY_NUMBERS = ['123456789011', '123456789012', '123456789021'] as const;

const NCA_TEST_KINDS: Readonly<Record<string, IdentityKind>> = {
  '123456789011': 'IIN',
  '123456789012': 'IIN',
  '123456789021': 'BIN',
};

/** IIN digit 7 -> the first year of the birth century (odd digits men, even women). */
const CENTURY_BY_DIGIT: Readonly<Record<string, number>> = {
  '1': 1800,
  '2': 1800,
  '3': 1900,
  '4': 1900,
  '5': 2000,
  '6': 2000,
};

/** Two digits as a number; callers have already checked the string is all digits. */
function twoDigits(value: string, start: number): number {
  return Number(value.slice(start, start + 2));
}

function isRealDate(year: number, month: number, day: number): boolean {
  // Years here are 1800-2099, so Date.UTC's mapping of years 0-99 never applies.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** IIN: YYMMDD, century/sex digit 1-6, serial, check digit. */
function iinStructure(value: string): IdentityRejection | undefined {
  const century = CENTURY_BY_DIGIT[value.charAt(6)];
  if (century === undefined) return 'kind';
  const year = century + twoDigits(value, 0);
  return isRealDate(year, twoDigits(value, 2), twoDigits(value, 4)) ? undefined : 'date';
}

/** BIN: YYMM (registration), type digit 4-6, attribute digit 0-3, serial, check digit. */
function binStructure(value: string): IdentityRejection | undefined {
  if (!/^[0-3]$/.test(value.charAt(5))) return 'kind';
  const month = twoDigits(value, 2);
  return month >= 1 && month <= 12 ? undefined : 'date';
}

/**
 * Validates a 12-digit IIN or BIN and tells which one it is.
 *
 * How the kind is decided: digit 5 alone. In an IIN it is the tens digit of the birth day (0-3);
 * in a BIN it is the entity type (4, 5 or 6). The ranges do not overlap, so a number has at most
 * one reading: 0-3 is checked as an IIN, 4-6 as a BIN, 7-9 is refused with `kind`.
 *
 * Checks run in this order and the first failure is reported: `format` (not exactly 12 digits
 * after trimming), `kind` (digit 5, an IIN's century digit 7 outside 1-6, a BIN's attribute digit
 * 6 outside 0-3), `date` (an IIN's birth date is not a real date, a BIN's month is not 01-12),
 * then `checksum`. In test mode the NCA TEST numbers pass before any of these checks.
 *
 * @example validateIdentityNumber('900515300127') // { ok: true, kind: 'IIN', value: '900515300127' }
 */
export function validateIdentityNumber(value: string, options?: IdentityOptions): IdentityValidation {
  const trimmed = value.trim();
  if (!/^\d{12}$/.test(trimmed)) return { ok: false, reason: 'format' };

  const testKind = options?.testMode ? NCA_TEST_KINDS[trimmed] : undefined;
  if (testKind) return { ok: true, kind: testKind, value: trimmed };

  const typeDigit = Number(trimmed.charAt(4));
  const kind: IdentityKind | undefined = typeDigit <= 3 ? 'IIN' : typeDigit <= 6 ? 'BIN' : undefined;
  if (kind === undefined) return { ok: false, reason: 'kind' };

  const structural = kind === 'IIN' ? iinStructure(trimmed) : binStructure(trimmed);
  if (structural) return { ok: false, reason: structural };

  if (checkDigit(trimmed.slice(0, 11)) !== Number(trimmed.charAt(11)))
    return { ok: false, reason: 'checksum' };
  return { ok: true, kind, value: trimmed };
}

/** The kind of a valid identity number, `undefined` when it is not valid. */
export function identityKind(value: string, options?: IdentityOptions): IdentityKind | undefined {
  const result = validateIdentityNumber(value, options);
  return result.ok ? result.kind : undefined;
}

/** True for a valid IIN (a person's number). */
export function isValidIin(value: string, options?: IdentityOptions): boolean {
  return identityKind(value, options) === 'IIN';
}

/** True for a valid BIN (a legal entity's number). */
export function isValidBin(value: string, options?: IdentityOptions): boolean {
  return identityKind(value, options) === 'BIN';
}
