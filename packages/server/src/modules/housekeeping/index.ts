/** The housekeeping module's front door: the only file other modules and app wiring import. */

export { housekeepingEnv, housekeepingSettings } from './housekeeping-env.js';
export { housekeepingModule } from './housekeeping-module.js';
