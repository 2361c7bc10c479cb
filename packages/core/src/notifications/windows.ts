import { NOTIFICATION_DAYS } from '../limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Minutes within which further events for one person go into one e-mail. */
export const NOTIFICATION_EMAIL_GROUP_MINUTES = 5;

/** The oldest time a notification list shows at `now` (SPEC 9: the last {@link NOTIFICATION_DAYS} days). */
export function notificationWindowStart(now: Date): Date {
  return new Date(now.getTime() - NOTIFICATION_DAYS * DAY_MS);
}

/** True when a notification made at `at` is still shown at `now`. */
export function isWithinNotificationWindow(at: Date, now: Date): boolean {
  return at.getTime() >= notificationWindowStart(now).getTime();
}

/**
 * When a person's waiting notification e-mails may go out, as one e-mail: at once when the person was last e-mailed
 * (or never) more than the group window ago, else when that window ends. So the first event of a quiet person is
 * mailed at once, and a burst after it waits and goes as one.
 *
 * @example emailDueAt(null, window) // undefined: due now
 */
export function emailDueAt(
  lastEmailedAt: Date | null,
  groupMinutes: number = NOTIFICATION_EMAIL_GROUP_MINUTES,
): Date | undefined {
  if (!lastEmailedAt) return undefined;
  return new Date(lastEmailedAt.getTime() + groupMinutes * 60 * 1000);
}

/** True when a person last e-mailed at `lastEmailedAt` may be e-mailed at `now` ({@link emailDueAt}). */
export function isEmailDue(
  lastEmailedAt: Date | null,
  now: Date,
  groupMinutes: number = NOTIFICATION_EMAIL_GROUP_MINUTES,
): boolean {
  const due = emailDueAt(lastEmailedAt, groupMinutes);
  return due === undefined || due.getTime() <= now.getTime();
}
