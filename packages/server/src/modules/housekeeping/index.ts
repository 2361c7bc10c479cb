/** The housekeeping module's front door: the only file other modules and app wiring import. */

export { housekeepingModule } from './housekeeping-module.js';
