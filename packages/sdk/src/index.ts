/**
 * @qoltanba/sdk: the browser and node client of Qoltanba. API clients (plain and authenticated), stores
 * (session, profile, companies, locale, snackbars, mobile-app context), i18n, cookies, navigation
 * tracking, query policy and error reporting.
 */
// Explicit lists, values and types alike: a new export is a decision, visible in review (and in index.test.ts).
export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  createApiClient,
  isApiError,
  parseApiError,
} from './api';
export {
  $auth,
  type AuthState,
  type CodeTarget,
  completeRegistration,
  loginWithCode,
  loginWithPassword,
  logout,
  recoverPassword,
  refreshTokens,
  requestCode,
  requestRecoveryCode,
  verifyRegistrationCode,
} from './auth';
export {
  $companies,
  $companiesLoad,
  $currentCompany,
  $selectedCompanyBin,
  attachByIin,
  type CompaniesLoad,
  confirmAttachByIin,
  currentCompanyOf,
  lookupRegistry,
  pickSelectedBin,
  reloadCompanies,
  selectCompany,
  setMainCompany,
} from './company';
export {
  type CookieOptions,
  type CookieScope,
  deleteCookie,
  readCookie,
  writeCookie,
} from './cookies';
export {
  addTranslations,
  commonTranslations,
  getT,
  i18n,
  type TranslateFn,
  type Translations,
  translateError,
} from './i18n';
export {
  $locale,
  initLocale,
  setLocale,
} from './locale';
export {
  cabinetHomePath,
  isDesktopWidth,
  trackLastProjectHref,
} from './navigation';
export {
  $mobileApp,
  detectMobileApp,
  type MobileAppInfo,
  type MobilePlatform,
} from './platform';
export {
  $avatarVersion,
  $profile,
  avatarUrl,
  fetchAvatar,
  loadProfile,
  updateProfile,
  uploadAvatar,
} from './profile';
export {
  createQueryContext,
  QUERY_DEFAULTS,
  queryErrorRetry,
  retryDelay,
} from './query';
export {
  $loading,
  createMemoryStorage,
  createQoltanbaClient,
  IDENTITY_NOTE_KEY,
  initSession,
  type LogoutReason,
  type QoltanbaClient,
  type QoltanbaClientOptions,
  SESSION_STORAGE_KEYS,
  type SessionEvent,
} from './session';
export {
  $snackbars,
  dismissSnackbar,
  type Snackbar,
  type SnackbarKind,
  showSnackbar,
} from './snackbar';
export {
  type ErrorReport,
  type ErrorReportingOptions,
  initErrorReporting,
  reportError,
} from './telemetry';
