/** The external links module's front door: the only file other modules and app wiring import. */

export { externalLinksModule } from './external-links-module.js';
