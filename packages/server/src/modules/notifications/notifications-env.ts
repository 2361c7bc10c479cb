import { NOTIFICATION_EMAIL_GROUP_MINUTES } from '@qoltanba/core';
import { type EnvValues, envInteger } from '../../config/env-fields.js';

/** The notifications module's settings. */
export interface NotificationsConfig {
  /** Minutes within which further events for one person go into one e-mail (QOLTANBA_NOTIFICATION_EMAIL_GROUP_MINUTES). */
  emailGroupMinutes: number;
  /** Seconds between sweeps that queue waiting notification e-mails (QOLTANBA_NOTIFICATION_MAIL_SECONDS; 0: off). */
  mailSweepSeconds: number;
}

/** The notifications module's variables. */
export const notificationsEnv = {
  QOLTANBA_NOTIFICATION_EMAIL_GROUP_MINUTES: envInteger(
    { min: 0, max: 1440 },
    NOTIFICATION_EMAIL_GROUP_MINUTES,
  ),
  QOLTANBA_NOTIFICATION_MAIL_SECONDS: envInteger({ min: 0, max: 3600 }, 15),
};

/** The notifications settings of {@link notificationsEnv}'s values. */
export function notificationsSettings(e: EnvValues<typeof notificationsEnv>): {
  notifications: NotificationsConfig;
} {
  return {
    notifications: {
      emailGroupMinutes: e.QOLTANBA_NOTIFICATION_EMAIL_GROUP_MINUTES,
      mailSweepSeconds: e.QOLTANBA_NOTIFICATION_MAIL_SECONDS,
    },
  };
}
