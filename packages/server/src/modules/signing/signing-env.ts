import type { Config } from '../../config/config.js';
import { type EnvValues, envInteger } from '../../config/env-fields.js';

/** The signing module's variables: eGov mobile QR sessions and personal signing links. */
export const signingEnv = {
  QOLTANBA_QR_SIGNING_TIMEOUT_SECONDS: envInteger({ min: 30, max: 3600 }, 600),
  QOLTANBA_SIGNING_LINK_DAYS: envInteger({ min: 1, max: 365 }, 30),
  QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS: envInteger({ min: 0, max: 86_400 }, 600),
  QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY: envInteger({ min: 0, max: 100_000 }, 200),
  QOLTANBA_REMINDER_COOLDOWN_SECONDS: envInteger({ min: 0, max: 7 * 86_400 }, 86_400),
  QOLTANBA_SCHEDULE_INTERVAL_SECONDS: envInteger({ min: 0, max: 86_400 }, 60),
  QOLTANBA_ARCHIVE_RENEWAL_INTERVAL_SECONDS: envInteger({ min: 0, max: 7 * 86_400 }, 0),
  QOLTANBA_ARCHIVE_RENEWAL_MARGIN_DAYS: envInteger({ min: 1, max: 3650 }, 180),
};

/** The signing settings of {@link signingEnv}'s values. */
export function signingSettings(
  e: EnvValues<typeof signingEnv>,
): Pick<
  Config,
  | 'qrSigningTimeoutSeconds'
  | 'signingLinkDays'
  | 'signingLinkResendCooldownSeconds'
  | 'signingLinkResendsPerDay'
  | 'reminderCooldownSeconds'
  | 'scheduleIntervalSeconds'
  | 'archiveRenewalIntervalSeconds'
  | 'archiveRenewalMarginDays'
> {
  return {
    qrSigningTimeoutSeconds: e.QOLTANBA_QR_SIGNING_TIMEOUT_SECONDS,
    signingLinkDays: e.QOLTANBA_SIGNING_LINK_DAYS,
    signingLinkResendCooldownSeconds: e.QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS,
    signingLinkResendsPerDay: e.QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY,
    reminderCooldownSeconds: e.QOLTANBA_REMINDER_COOLDOWN_SECONDS,
    scheduleIntervalSeconds: e.QOLTANBA_SCHEDULE_INTERVAL_SECONDS,
    archiveRenewalIntervalSeconds: e.QOLTANBA_ARCHIVE_RENEWAL_INTERVAL_SECONDS,
    archiveRenewalMarginDays: e.QOLTANBA_ARCHIVE_RENEWAL_MARGIN_DAYS,
  };
}
