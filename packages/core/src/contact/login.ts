import { normalizeEmail } from './email';
import { normalizeKzPhone } from './phone';

/** A login identifier as the server keys accounts: a normalised e-mail or a normalised phone number. */
export type LoginTarget = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/**
 * Reads what a user typed into a login field (an e-mail or a Kazakh mobile number) as a normalised
 * target, or undefined when it is neither (the catalogue's INVALID_LOGIN).
 */
export function parseLoginTarget(input: string): LoginTarget | undefined {
  if (input.includes('@')) {
    const email = normalizeEmail(input);
    return email ? { kind: 'email', value: email } : undefined;
  }
  const phone = normalizeKzPhone(input);
  return phone ? { kind: 'phone', value: phone } : undefined;
}
