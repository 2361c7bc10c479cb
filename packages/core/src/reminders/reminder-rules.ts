import type { ErrorCode } from '../errors/codes';

/** The waiting time between two reminders to the same signer by default: 24 hours, in seconds. */
export const REMINDER_COOLDOWN_SECONDS_DEFAULT = 24 * 60 * 60;

/** Whether a reminder may go now, or the refusal with the whole seconds left (REMINDER_TOO_EARLY). */
export type ReminderCheck = { ok: true } | { ok: false; code: ErrorCode; secondsLeft: number };

/**
 * Seconds until signer may be reminded again: 0 when never reminded (`lastAt` null) or when `cooldownSeconds`
 * have passed since `lastAt`; rounded up, so a client counting down never reaches 0 too early.
 */
export function reminderSecondsLeft(lastAt: Date | null, now: Date, cooldownSeconds: number): number {
  if (!lastAt) return 0;
  const leftMs = lastAt.getTime() + cooldownSeconds * 1000 - now.getTime();
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0;
}

/**
 * Whether the same signer may be reminded again at `now`: only after `cooldownSeconds` since the last reminder
 * (REMINDER_TOO_EARLY with the seconds left).
 *
 * @example reminderCheck(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T23:00:00Z'), 86_400) // { ok: false, code: 'REMINDER_TOO_EARLY', secondsLeft: 3600 }
 */
export function reminderCheck(lastAt: Date | null, now: Date, cooldownSeconds: number): ReminderCheck {
  const secondsLeft = reminderSecondsLeft(lastAt, now, cooldownSeconds);
  return secondsLeft === 0 ? { ok: true } : { ok: false, code: 'REMINDER_TOO_EARLY', secondsLeft };
}

/**
 * A countdown of whole seconds as SPEC section 4's waiting time, hours:minutes:seconds (`23:59:07`); hours are not
 * capped at 24. Negative values count as 0.
 */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/**
 * Whether an automatic reminder is due at `now` for a document reminding every `everyDays` days, counting from the
 * last reminder or, before the first, from `since` (the send).
 */
export function automaticReminderDue(
  everyDays: number | null,
  since: Date,
  lastAt: Date | null,
  now: Date,
): boolean {
  if (!everyDays || everyDays <= 0) return false;
  const from = (lastAt ?? since).getTime();
  return now.getTime() >= from + everyDays * 24 * 60 * 60 * 1000;
}

/** Whether a document with expiry date `expiresAt` (null: never) no longer accepts signatures at `now`. */
export function documentExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && now.getTime() >= expiresAt.getTime();
}
