import { z } from 'zod';

// Checked by code point rather than by a regular expression: lone surrogates need look-around, and a loop
// reads the same in every engine that runs core (browsers included).

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** True for the UTF-16 code unit at `index` when it is a surrogate that is not half of a pair. */
function isLoneSurrogateAt(value: string, index: number): boolean {
  const unit = value.charCodeAt(index);
  if (isHighSurrogate(unit)) return !isLowSurrogate(value.charCodeAt(index + 1));
  if (isLowSurrogate(unit)) return !isHighSurrogate(value.charCodeAt(index - 1));
  return false;
}

/**
 * True when `value` holds text no field may store: NUL (U+0000), which PostgreSQL `text` refuses, or a UTF-16
 * surrogate that is not half of a pair (not a character at all; JSON and database round trips replace or
 * refuse it). The server refuses such strings anywhere in a request.
 *
 * @example hasUnstorableCharacters('a\u0000b') // true
 * @example hasUnstorableCharacters('😀') // false: a surrogate pair
 */
export function hasUnstorableCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    if (value.charCodeAt(index) === 0 || isLoneSurrogateAt(value, index)) return true;
  }
  return false;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

/**
 * True when `value` holds a C0 control character (U+0000 to U+001F), DEL (U+007F) or a lone surrogate.
 * With `multiLine`, tab, line feed and carriage return are allowed (comments, messages).
 *
 * @example hasControlCharacters('Айгерім\n') // true
 * @example hasControlCharacters('line 1\nline 2', { multiLine: true }) // false
 */
export function hasControlCharacters(value: string, options: { multiLine?: boolean } = {}): boolean {
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit < 0x20) {
      const lineBreakOrTab = unit === TAB || unit === LINE_FEED || unit === CARRIAGE_RETURN;
      if (!(options.multiLine && lineBreakOrTab)) return true;
    } else if (unit === DELETE || isLoneSurrogateAt(value, index)) {
      return true;
    }
  }
  return false;
}

/**
 * The base of every single-line text field (names, e-mails, phones, identity numbers, document names):
 * a string without control characters, checked before any trimming. Issue message: `CONTROL_CHARACTERS`.
 *
 * @example singleLineTextSchema.trim().min(1).max(100)
 */
export const singleLineTextSchema = z
  .string()
  .refine((value) => !hasControlCharacters(value), { error: 'CONTROL_CHARACTERS' });

/**
 * The base of multi-line text fields (comments, messages): like {@link singleLineTextSchema}, but tab, line
 * feed and carriage return are allowed. Issue message: `CONTROL_CHARACTERS`.
 */
export const multiLineTextSchema = z
  .string()
  .refine((value) => !hasControlCharacters(value, { multiLine: true }), { error: 'CONTROL_CHARACTERS' });
