/** The account module's front door (users, sign-in, sessions): the only file other modules and app wiring import. */

export { accountEnv, accountSettings } from './account-env.js';
export { accountModule } from './account-module.js';
export {
  ACCOUNT_RETENTION_SECONDS,
  type AccountPurgeCounts,
  purgeSpentAccountRows,
} from './account-purge.js';
export { bearerToken, requireUser } from './auth-guard.js';
export { clientSource } from './client-source.js';
export { codeServiceFor, generateCode } from './one-time-codes.js';
export { hashPassword, verifyPassword } from './password-hash.js';
export type { AuthUser } from './token-service.js';
export {
  createUser,
  findUserById,
  setUserAvatar,
  setUserLang,
  type UserNames,
  updateUserNames,
  userNames,
  userNamesJson,
} from './user-store.js';
