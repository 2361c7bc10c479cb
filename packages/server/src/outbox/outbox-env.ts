import { z } from 'zod';
import type { Config } from '../config/config.js';
import {
  type EnvValues,
  envConnectionUrl,
  envInteger,
  envText,
  envUrl,
  unsetWhenEmpty,
} from '../config/env-fields.js';

/** The message transports' and queue's variables: SMTP, the Mobizon SMS gateway, attempts and back-off. */
export const outboxEnv = {
  SMTP_URL: envConnectionUrl(/^smtps?:\/\//, 'must start with smtp:// or smtps://'),
  QOLTANBA_MAIL_FROM: envText('Qoltanba <no-reply@qoltanba.local>'),
  MOBIZON_API_KEY: envText(),
  MOBIZON_URL: envUrl(/^https?$/, 'https://api.mobizon.kz/service'),
  QOLTANBA_SMS_FROM: unsetWhenEmpty(z.string().max(11).optional()),
  QOLTANBA_OUTBOX_SWEEP_SECONDS: envInteger({ min: 0, max: 3600 }, 10),
  QOLTANBA_OUTBOX_MAX_ATTEMPTS: envInteger({ min: 1, max: 50 }, 8),
  QOLTANBA_OUTBOX_RETRY_BASE_SECONDS: envInteger({ min: 1, max: 3600 }, 30),
};

/** The e-mail, SMS and queue settings of {@link outboxEnv}'s values. */
export function outboxSettings(
  e: EnvValues<typeof outboxEnv>,
): Pick<Config, 'smtpUrl' | 'mailFrom' | 'mobizon' | 'outbox'> {
  return {
    smtpUrl: e.SMTP_URL,
    mailFrom: e.QOLTANBA_MAIL_FROM,
    mobizon: e.MOBIZON_API_KEY
      ? { apiKey: e.MOBIZON_API_KEY, baseUrl: e.MOBIZON_URL, from: e.QOLTANBA_SMS_FROM }
      : undefined,
    outbox: {
      sweepSeconds: e.QOLTANBA_OUTBOX_SWEEP_SECONDS,
      maxAttempts: e.QOLTANBA_OUTBOX_MAX_ATTEMPTS,
      retryBaseSeconds: e.QOLTANBA_OUTBOX_RETRY_BASE_SECONDS,
      // Doubling stops at an hour: a mail server down for a day still gets a try every hour.
      retryMaxSeconds: 3600,
    },
  };
}
