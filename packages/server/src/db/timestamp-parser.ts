import pg from 'pg';

/** PostgreSQL's type id of `timestamptz`. */
export const TIMESTAMPTZ_OID = 1184;

const defaultTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => unknown;

/** The number of the `length` ASCII digits at `start`, or -1 when one of them is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The offset `±HH[:MM[:SS]]` at `start` (to the end of the text) in milliseconds, or undefined when it has
 * another shape.
 */
function zoneOffsetMs(text: string, start: number): number | undefined {
  const sign = text.charCodeAt(start);
  if (sign !== 43 && sign !== 45) return undefined; // '+' or '-'
  const rest = text.length - start - 1;
  if (rest !== 2 && rest !== 5 && rest !== 8) return undefined;
  const hours = digits(text, start + 1, 2);
  const minutes = rest >= 5 && text.charCodeAt(start + 3) === 58 ? digits(text, start + 4, 2) : 0;
  const seconds = rest === 8 && text.charCodeAt(start + 6) === 58 ? digits(text, start + 7, 2) : 0;
  if (hours < 0 || minutes < 0 || seconds < 0) return undefined;
  if ((rest >= 5 && text.charCodeAt(start + 3) !== 58) || (rest === 8 && text.charCodeAt(start + 6) !== 58)) {
    return undefined;
  }
  const offset = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return sign === 45 ? -offset : offset;
}

/**
 * Parses PostgreSQL's text form of a `timestamptz` (DateStyle ISO: `2025-01-02 03:04:05.123456+05`) into the
 * same Date as pg's own parser (postgres-date), without its regular expressions: the lists read a few of these
 * per row. Anything else (years before 1000 or after 9999, BC, infinity, another DateStyle) goes to pg's parser.
 */
export function parseTimestamptz(text: string): unknown {
  if (
    text.length >= 22 &&
    text.charCodeAt(4) === 45 && // '-'
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 && // ' '
    text.charCodeAt(13) === 58 && // ':'
    text.charCodeAt(16) === 58
  ) {
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 2);
    const day = digits(text, 8, 2);
    const hour = digits(text, 11, 2);
    const minute = digits(text, 14, 2);
    const second = digits(text, 17, 2);
    let zone = 19;
    let ms = 0;
    if (text.charCodeAt(19) === 46) {
      // '.': a fraction of up to six digits, read as postgres-date reads it.
      zone = 20;
      while (zone < text.length && digits(text, zone, 1) >= 0) zone += 1;
      if (zone === 20) return defaultTimestamptz(text);
      ms = 1000 * Number.parseFloat(text.slice(19, zone));
    }
    const offset = zoneOffsetMs(text, zone);
    if (
      year >= 1000 &&
      month >= 0 &&
      day >= 0 &&
      hour >= 0 &&
      minute >= 0 &&
      second >= 0 &&
      offset !== undefined
    ) {
      return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset);
    }
  }
  return defaultTimestamptz(text);
}

/** pg type parsers for our pools: pg's own, with {@link parseTimestamptz} for `timestamptz`. */
export function poolTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(TIMESTAMPTZ_OID, 'text', parseTimestamptz);
  return types;
}
