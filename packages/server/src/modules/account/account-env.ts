import type { Config } from '../../config/config.js';
import { type EnvValues, envInteger } from '../../config/env-fields.js';

/** The account module's variable: how long a session found open is trusted without reading it again. */
export const accountEnv = {
  // A few seconds at most: it delays a logout made on another instance.
  QOLTANBA_SESSION_CACHE_SECONDS: envInteger({ min: 0, max: 10 }, 2),
};

/** The account settings of {@link accountEnv}'s values. */
export function accountSettings(e: EnvValues<typeof accountEnv>): Pick<Config, 'sessionCacheSeconds'> {
  return { sessionCacheSeconds: e.QOLTANBA_SESSION_CACHE_SECONDS };
}
