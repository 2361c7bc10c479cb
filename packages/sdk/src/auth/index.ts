export type { CodeTarget } from './authActions';
export {
  completeRegistration,
  loginWithCode,
  loginWithPassword,
  logout,
  recoverPassword,
  refreshTokens,
  requestCode,
  requestRecoveryCode,
  verifyRegistrationCode,
} from './authActions';
export type { AuthState } from './authState';
export { $auth } from './authState';
