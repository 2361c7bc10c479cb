import type { Config, RuntimeEnv } from '../../config/config.js';
import { type EnvValues, envFlag, envInteger } from '../../config/env-fields.js';

/** The partner module's variables: webhook delivery rounds and which targets webhooks may reach. */
export const partnerEnv = {
  QOLTANBA_WEBHOOK_INTERVAL_SECONDS: envInteger({ min: 0, max: 3600 }, 5),
  QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: envFlag(),
};

/**
 * The partner settings of {@link partnerEnv}'s values: private targets by default in development only (the examples'
 * receiver is on localhost), https required in production.
 */
export function partnerSettings(
  e: EnvValues<typeof partnerEnv>,
  mode: RuntimeEnv,
): Pick<Config, 'webhookIntervalSeconds' | 'webhookTargets'> {
  return {
    webhookIntervalSeconds: e.QOLTANBA_WEBHOOK_INTERVAL_SECONDS,
    webhookTargets: {
      allowPrivate: e.QOLTANBA_WEBHOOKS_ALLOW_PRIVATE ?? mode === 'development',
      requireHttps: mode === 'production',
    },
  };
}
