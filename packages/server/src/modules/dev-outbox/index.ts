/** The dev outbox module's front door: the only file other modules and app wiring import. */

export { devOutboxModule } from './dev-outbox-module.js';
