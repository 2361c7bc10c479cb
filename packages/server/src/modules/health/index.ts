/** The health module's front door: the only file other modules and app wiring import. */

export { healthModule } from './health-module.js';
