/** The account module's front door (users, sign-in, sessions): the only file other modules and app wiring import. */

export { accountEnv, accountSettings, PASSWORD_SCRYPT_MIN_COST } from './account-env.js';
export { accountModule } from './account-module.js';
export {
  ACCOUNT_RETENTION_SECONDS,
  type AccountPurgeCounts,
  purgeSpentAccountRows,
} from './account-purge.js';
export { bearerToken, requireUser } from './auth-guard.js';
export { clientSource } from './client-source.js';
export { codeServiceFor, generateCode } from './one-time-codes.js';
export { hashPassword, type ScryptParams, verifyPassword } from './password-hash.js';
export type { AuthUser } from './token-service.js';
export {
  createUser,
  findUserById,
  setUserAvatar,
  setUserLang,
  type UserContact,
  type UserNames,
  updateUserNames,
  userContacts,
  userNames,
  userNamesJson,
} from './user-store.js';
