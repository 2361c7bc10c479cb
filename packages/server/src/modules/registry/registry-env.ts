import type { Config } from '../../config/config.js';
import { type EnvValues, envUrl } from '../../config/env-fields.js';

/** The registry module's variable: the public statistics register (the local fixture register when unset). */
export const registryEnv = {
  QOLTANBA_STAT_REGISTER_URL: envUrl(/^https?$/),
};

/** The registry settings of {@link registryEnv}'s values. */
export function registrySettings(e: EnvValues<typeof registryEnv>): Pick<Config, 'statRegisterUrl'> {
  return { statRegisterUrl: e.QOLTANBA_STAT_REGISTER_URL };
}
