/** The support module's front door (visitor chat, operator inbox): the only file other modules and app wiring import. */

export {
  findSupportOperator,
  grantSupportOperator,
  listSupportOperators,
  operatorLogin,
  revokeSupportOperator,
} from './operator-store.js';
export { runSupportPurge, SUPPORT_PURGE_JOB } from './retention-purge.js';
export { supportEnv, supportSettings } from './support-env.js';
export { supportModule } from './support-module.js';
