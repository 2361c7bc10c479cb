import type { Config } from '../../config/config.js';
import { type EnvValues, envInteger } from '../../config/env-fields.js';

/** The housekeeping module's variable: minutes between rounds. */
export const housekeepingEnv = {
  // At most a week: longer delays overflow Node's timers.
  HOUSEKEEPING_INTERVAL_MINUTES: envInteger({ min: 0, max: 7 * 24 * 60 }, 60),
};

/** The housekeeping settings of {@link housekeepingEnv}'s values. */
export function housekeepingSettings(
  e: EnvValues<typeof housekeepingEnv>,
): Pick<Config, 'housekeepingIntervalMinutes'> {
  return { housekeepingIntervalMinutes: e.HOUSEKEEPING_INTERVAL_MINUTES };
}
