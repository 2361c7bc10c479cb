const FIRST_WEIGHTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const SECOND_WEIGHTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2] as const;

function weightedMod11(digits: readonly number[], weights: readonly number[]): number {
  return digits.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 11;
}

/**
 * The official IIN/BIN check digit (12th digit) of the first 11 digits: the sum of digit × weight
 * with weights 1..11, mod 11; when that is 10, again with weights 3..11,1,2. Returns `undefined`
 * when the input is not 11 digits or both passes give 10 (no valid number has that prefix).
 *
 * @example checkDigit('90051530012') // 7, so 900515300127 is valid
 */
export function checkDigit(first11: string): number | undefined {
  if (!/^\d{11}$/.test(first11)) return undefined;
  const digits = Array.from(first11, Number);
  const first = weightedMod11(digits, FIRST_WEIGHTS);
  if (first !== 10) return first;
  const second = weightedMod11(digits, SECOND_WEIGHTS);
  return second === 10 ? undefined : second;
}
