/** The counterparties module's front door: the only file other modules and app wiring import. */

export { counterpartiesModule } from './counterparties-module.js';
