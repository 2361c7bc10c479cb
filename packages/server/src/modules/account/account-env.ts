import type { Config, RuntimeEnv } from '../../config/config.js';
import { type EnvValues, envInteger } from '../../config/env-fields.js';
import { SCRYPT_PARAMS, scryptParamsOfCost } from './password-hash.js';

/**
 * The lowest scrypt cost (log2 N) a development or production server accepts: N=2^14, r=8, the scrypt paper's
 * parameters for interactive logins. Only NODE_ENV=test may go below, where tests register users by the hundred.
 */
export const PASSWORD_SCRYPT_MIN_COST = 14;

/** The account module's variables: the session cache, and the cost of new password hashes. */
export const accountEnv = {
  // A few seconds at most: it delays a logout made on another instance.
  QOLTANBA_SESSION_CACHE_SECONDS: envInteger({ min: 0, max: 10 }, 2),
  // At most 2^17 (128 MiB per hash in progress): concurrent logins multiply it.
  QOLTANBA_PASSWORD_SCRYPT_COST: envInteger({ min: 1, max: 17 }, Math.log2(SCRYPT_PARAMS.N)),
};

/**
 * The account settings of {@link accountEnv}'s values; throws when the scrypt cost is below
 * {@link PASSWORD_SCRYPT_MIN_COST} outside test mode.
 */
export function accountSettings(
  e: EnvValues<typeof accountEnv>,
  mode: RuntimeEnv,
): Pick<Config, 'sessionCacheSeconds' | 'passwordScrypt'> {
  const cost = e.QOLTANBA_PASSWORD_SCRYPT_COST;
  if (cost < PASSWORD_SCRYPT_MIN_COST && mode !== 'test') {
    throw new Error(
      `QOLTANBA_PASSWORD_SCRYPT_COST=${cost} is below ${PASSWORD_SCRYPT_MIN_COST} (N=2^${PASSWORD_SCRYPT_MIN_COST}), ` +
        'the least a server may hash passwords with; lower costs are for NODE_ENV=test only.',
    );
  }
  return { sessionCacheSeconds: e.QOLTANBA_SESSION_CACHE_SECONDS, passwordScrypt: scryptParamsOfCost(cost) };
}
