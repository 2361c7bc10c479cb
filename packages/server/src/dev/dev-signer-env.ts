import type { Config, RuntimeEnv } from '../config/config.js';
import { type EnvValues, envFlag, envInteger } from '../config/env-fields.js';

/** The development signer's variables (the testkit's NCALayer emulator that `npm start` runs beside the server). */
export const devSignerEnv = {
  QOLTANBA_DEV_SIGNER: envFlag(),
  QOLTANBA_DEV_SIGNER_PORT: envInteger({ min: 0, max: 65535 }, 13580),
};

/** On in development unless turned off, never in production (`config.ts` refuses asking for it there). */
export function devSignerSettings(
  e: EnvValues<typeof devSignerEnv>,
  mode: RuntimeEnv,
): Pick<Config, 'devSigner' | 'devSignerPort'> {
  return {
    devSigner: mode === 'production' ? false : (e.QOLTANBA_DEV_SIGNER ?? mode === 'development'),
    devSignerPort: e.QOLTANBA_DEV_SIGNER_PORT,
  };
}
