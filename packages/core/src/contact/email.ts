import { EMAIL_MAX } from '../limits';

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by the code we send.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Normalises an e-mail address (trimmed, lower-cased), or undefined when it is not one. */
export function normalizeEmail(input: string): string | undefined {
  const value = input.trim().toLowerCase();
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value) ? value : undefined;
}

/** True when `input` looks like an e-mail address. */
export function isEmail(input: string): boolean {
  return normalizeEmail(input) !== undefined;
}
