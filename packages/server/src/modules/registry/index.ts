/** The registry module's front door (companies, memberships, state registers): the only file other modules and app wiring import. */

export { companiesModule, configuredStatisticsRegister } from './companies-module.js';
export {
  attachCompany,
  companyMembers,
  companyNames,
  isMember,
  listCompanies,
  membershipCondition,
  membershipOfColumns,
} from './company-store.js';
export { FIXTURE_PARTIES } from './fixture-registers.js';
export { requireCompanyAdmin, requireCompanyUser, requireMembership } from './membership-guard.js';
export type { PhoneRegistry, StatisticsRegister } from './registers.js';
export { registryEnv, registrySettings } from './registry-env.js';
