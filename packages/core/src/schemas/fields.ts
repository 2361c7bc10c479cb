import { z } from 'zod';
import { LANGS } from '../i18n/lang';
import { type IdentityKind, type IdentityOptions, validateIdentityNumber } from '../identity/identity-number';
import {
  DOCUMENT_NAME_MAX,
  DOCUMENT_NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REJECT_COMMENT_MAX,
  REJECT_COMMENT_MIN,
} from '../limits';
import { multiLineTextSchema, singleLineTextSchema } from './text';

// Convention: the message of every issue raised by these field schemas is an ErrorCode, so the
// server and the interface can show the catalogue text in the user's language.

/** Maps `kz` to `kk` and lower-cases and trims strings before the enum check. */
function preprocessLang(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lowered = value.trim().toLowerCase();
  return lowered === 'kz' ? 'kk' : lowered;
}

/** A language field: `kk`, `ru` or `en`; `kz` (any case) is read as `kk`. */
export const langSchema = z
  .preprocess(preprocessLang, z.enum(LANGS))
  .meta({ description: 'Interface language: kk, ru or en (kz is accepted as kk).' });

/** Options of {@link identityNumberSchema}. */
export interface IdentityNumberSchemaOptions extends IdentityOptions {
  /** Only accept this kind (an IIN of a person or a BIN of a legal entity). */
  kind?: IdentityKind;
}

/**
 * A 12-digit IIN or BIN with the official checksum and structure (see `validateIdentityNumber`).
 * Surrounding whitespace is trimmed. Issue messages: `IDENTITY_NUMBER_INVALID`, `CONTROL_CHARACTERS`.
 *
 * @example identityNumberSchema({ testMode: config.pkiTestMode, kind: 'BIN' }).parse(body.bin)
 */
export function identityNumberSchema(options?: IdentityNumberSchemaOptions) {
  return singleLineTextSchema
    .trim()
    .regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' })
    .refine(
      (value) => {
        const result = validateIdentityNumber(value, options);
        return result.ok && (options?.kind === undefined || result.kind === options.kind);
      },
      { error: 'IDENTITY_NUMBER_INVALID' },
    )
    .meta({ description: `${options?.kind ?? 'IIN or BIN'}: 12 digits with a valid check digit.` });
}

/**
 * A document name, 5 to 60 characters after trimming. Issue messages: `DOCUMENT_NAME_LENGTH`,
 * `CONTROL_CHARACTERS`.
 */
export const documentNameSchema = singleLineTextSchema
  .trim()
  .min(DOCUMENT_NAME_MIN, { error: 'DOCUMENT_NAME_LENGTH' })
  .max(DOCUMENT_NAME_MAX, { error: 'DOCUMENT_NAME_LENGTH' });

/**
 * A rejection reason, 5 to 100 characters after trimming (5 in every language, see
 * `REJECT_COMMENT_MIN`); line breaks and tabs are allowed. Issue messages: `REJECT_COMMENT_LENGTH`,
 * `CONTROL_CHARACTERS`.
 */
export const rejectCommentSchema = multiLineTextSchema
  .trim()
  .min(REJECT_COMMENT_MIN, { error: 'REJECT_COMMENT_LENGTH' })
  .max(REJECT_COMMENT_MAX, { error: 'REJECT_COMMENT_LENGTH' });

/** A new password (registration, recovery): 8 to 128 characters, not trimmed. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: 'PASSWORD_TOO_SHORT' })
  .max(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' });
