/** The profile module's front door: the only file other modules and app wiring import. */

export { profileModule } from './profile-module.js';
