// Mobile operator (DEF) codes of Kazakhstan; area codes such as 727 (Almaty) are landlines and get no SMS.
const MOBILE_CODE_RE = /^7(0\d|47|5[01]|6[0-4]|7[15-8])/;

/**
 * Normalises a Kazakh mobile number to E.164 (`+77XXXXXXXXX`), or undefined when it is not one.
 * Accepts the ways people type it: `+7 701 234 56 78`, `8 (701) 234-56-78`, `87012345678`,
 * `77012345678`, `7012345678`. Only mobile operator codes (700-709, 747, 750-751, 760-764,
 * 771, 775-778) are accepted, because codes are sent by SMS.
 */
export function normalizeKzPhone(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^\+?[\d\s()-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  let national: string | undefined;
  if (digits.length === 10) national = digits;
  else if (
    digits.length === 11 &&
    (digits.startsWith('7') || (digits.startsWith('8') && !trimmed.startsWith('+')))
  )
    national = digits.slice(1);
  if (national === undefined || !MOBILE_CODE_RE.test(national)) return undefined;
  return `+7${national}`;
}

/** True when `input` is a Kazakh mobile number in any accepted spelling. */
export function isKzPhone(input: string): boolean {
  return normalizeKzPhone(input) !== undefined;
}

/** Formats a normalised number for display: `+7 701 234 56 78`. */
export function formatKzPhone(normalized: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(normalized);
  return m ? `+7 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : normalized;
}
