import { z } from 'zod';
import { isEmail } from '../contact/email';
import { parseLoginTarget } from '../contact/login';
import { isKzPhone } from '../contact/phone';
import { CODE_LENGTH, EMAIL_MAX, PERSON_NAME_MAX } from '../limits';
import { singleLineTextSchema } from './text';

// Same convention as fields.ts: every issue message is an ErrorCode. No transforms, so the schemas
// export to JSON Schema; normalise with normalizeEmail / normalizeKzPhone after parsing.

/** An e-mail address. Issue messages: `INVALID_EMAIL`, `CONTROL_CHARACTERS`. */
export const emailSchema = singleLineTextSchema
  .max(EMAIL_MAX, { error: 'INVALID_EMAIL' })
  .refine(isEmail, { error: 'INVALID_EMAIL' })
  .meta({ description: 'E-mail address.', examples: ['aigerim@example.kz'] });

/** A Kazakh mobile number in any usual spelling. Issue messages: `INVALID_PHONE`, `CONTROL_CHARACTERS`. */
export const phoneSchema = singleLineTextSchema
  .max(32, { error: 'INVALID_PHONE' })
  .refine(isKzPhone, { error: 'INVALID_PHONE' })
  .meta({ description: 'Kazakh mobile number (+7 7xx ...).', examples: ['+7 701 234 56 78'] });

/**
 * An e-mail or a Kazakh mobile number (login, recovery target). Issue messages: `INVALID_LOGIN`,
 * `CONTROL_CHARACTERS`.
 */
export const loginTargetSchema = singleLineTextSchema
  .max(EMAIL_MAX, { error: 'INVALID_LOGIN' })
  .refine((value) => parseLoginTarget(value) !== undefined, { error: 'INVALID_LOGIN' })
  .meta({ description: 'E-mail or Kazakh mobile number.' });

/** A one-time code: exactly CODE_LENGTH digits. Issue message: `INVALID_CODE`. */
export const codeSchema = z
  .string()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: 'INVALID_CODE' })
  .meta({ description: `${CODE_LENGTH}-digit one-time code.` });

/**
 * A first or last name, 1 to PERSON_NAME_MAX characters after trimming. Issue messages: zod's own (answered
 * VALIDATION_FAILED), `CONTROL_CHARACTERS`.
 */
export const personNameSchema = singleLineTextSchema.trim().min(1).max(PERSON_NAME_MAX);
