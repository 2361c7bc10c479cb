/**
 * @qoltanba/sdk: the browser and node client of Qoltanba. API clients (plain and authenticated), stores
 * (session, profile, companies, locale, snackbars, mobile-app context), i18n, cookies, navigation
 * tracking, query policy and error reporting; documents, folders and counterparties of the acting company.
 */
// Explicit lists, values and types alike: a new export is a decision, visible in review (and in index.test.ts).
export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  clientApiError,
  createApiClient,
  errorCodeOf,
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
  $actingCompanyBin,
  $companies,
  $companiesLoad,
  $currentCompany,
  $selectedCompanyBin,
  actingCompanyBin,
  attachByIin,
  type CompaniesLoad,
  type CompanyListState,
  type CompanyListStore,
  type CompanyScope,
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
  $counterparties,
  type CounterpartiesStore,
  createCounterparty,
  deleteCounterparty,
  listCounterparties,
  updateCounterparty,
} from './counterparties';
export {
  $documentsVersion,
  addDocumentFiles,
  contentDispositionFileName,
  copyDocument,
  createDocument,
  createDocumentListStore,
  createDocumentStore,
  createDraftEditor,
  type DocumentListOptions,
  type DocumentListParams,
  type DocumentListState,
  type DocumentListStatus,
  type DocumentListStore,
  type DocumentState,
  type DocumentStore,
  type DocumentStoreAction,
  type DownloadedFile,
  type DraftEditor,
  type DraftEditorOptions,
  type DraftEditorState,
  type DraftEditorStatus,
  type DraftFile,
  type DraftFileState,
  deleteDocumentFile,
  documentFileUrl,
  documentList,
  documentListSearch,
  documentPreviewUrl,
  documentStore,
  downloadDocumentFile,
  getDocument,
  getDocumentHistory,
  invalidateDocuments,
  listDocuments,
  type MultipartLayout,
  type MultipartPartSize,
  moveDocumentToFolder,
  multipartLayout,
  partProgress,
  previewDocumentFile,
  restoreDocument,
  sendDocument,
  trashDocument,
  type UploadOptions,
  updateDocument,
} from './documents';
export {
  $folders,
  $folderTree,
  buildFolderTree,
  createFolder,
  deleteFolder,
  type FolderNode,
  type FoldersStore,
  listFolders,
  updateFolder,
} from './folders';
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
  fetchUploadTransport,
  IDENTITY_NOTE_KEY,
  initSession,
  type LogoutReason,
  type QoltanbaClient,
  type QoltanbaClientOptions,
  SESSION_STORAGE_KEYS,
  type SessionEvent,
  type UploadRequest,
  type UploadTransport,
  type UploadTransportRequest,
  type UploadTransportResponse,
  xhrUploadTransport,
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
