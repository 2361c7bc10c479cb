/**
 * @qoltanba/sdk: the browser and node client of Qoltanba. API clients (plain and authenticated), stores
 * (session, profile, companies, locale, snackbars, mobile-app context), i18n, cookies, navigation
 * tracking, query policy and error reporting; documents, folders and counterparties of the acting company;
 * signing (NCALayer, eGov mobile QR, personal links of signers without an account, attach by signature);
 * public verification and the evidence downloads of signed documents; the support chat's operator inbox (calls,
 * a live event stream, stores) and the help widget's identity token; the frame side of the iframe embed (the host
 * side is `@qoltanba/sdk/embed`).
 */
// Explicit lists, values and types alike: a new export is a decision, visible in review (and in index.test.ts).
export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  clientApiError,
  createApiClient,
  errorCodeOf,
  errorLinkOf,
  type HeaderSource,
  isApiError,
  parseApiError,
} from './api';
export {
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
} from './auth/authActions';
export {
  $auth,
  type AuthState,
} from './auth/authState';
export {
  createOrder,
  DEFAULT_FILIAL_ID,
  generateInvoice,
  getActiveTariff,
  getBalance,
  getOrder,
  getPaymentResult,
  getTariffPlans,
  type InvoiceOptions,
  invoiceDownloadUrl,
  listBillingHistory,
  listOrders,
} from './billing/billingApi';
export {
  $tariff,
  createTariffStore,
  type TariffPollEnvironment,
  type TariffSnapshot,
  type TariffStore,
  tariffSnapshot,
} from './billing/tariffStore';
export {
  $actingCompanyBin,
  actingCompanyBin,
} from './company/actingCompany';
export type {
  CompanyListState,
  CompanyListStore,
} from './company/companyListStore';
export type { CompanyScope } from './company/companyScope';
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
} from './company/companyStore';
export {
  type CookieOptions,
  type CookieScope,
  deleteCookie,
  readCookie,
  writeCookie,
} from './cookies';
export {
  createCounterparty,
  deleteCounterparty,
  listCounterparties,
  updateCounterparty,
} from './counterparties/counterpartiesApi';
export {
  $counterparties,
  type CounterpartiesStore,
} from './counterparties/counterpartyStore';
export {
  createDocumentListStore,
  type DocumentListOptions,
  type DocumentListState,
  type DocumentListStatus,
  type DocumentListStore,
  documentList,
} from './documents/documentListStore';
export {
  createDocumentStore,
  type DocumentState,
  type DocumentStore,
  type DocumentStoreAction,
  documentStore,
} from './documents/documentStore';
export {
  addDocumentFiles,
  contentDispositionFileName,
  copyDocument,
  createDocument,
  type DocumentListParams,
  type DownloadedFile,
  deleteDocumentFile,
  documentFileUrl,
  documentListSearch,
  documentPreviewUrl,
  downloadDocumentFile,
  getDocument,
  getDocumentHistory,
  listDocuments,
  moveDocumentToFolder,
  previewDocumentFile,
  restoreDocument,
  sendDocument,
  trashDocument,
  type UploadOptions,
  updateDocument,
} from './documents/documentsApi';
export {
  $documentsVersion,
  invalidateDocuments,
} from './documents/documentsVersion';
export {
  createDraftEditor,
  type DraftEditor,
  type DraftEditorOptions,
  type DraftEditorState,
  type DraftEditorStatus,
  type DraftFile,
  type DraftFileState,
} from './documents/draftEditor';
export {
  type DraftSigner,
  draftSignerInput,
  draftSignerOf,
  emptyDraftSigner,
  isBlankDraftSigner,
} from './documents/draftSigner';
export {
  type MultipartLayout,
  type MultipartPartSize,
  multipartLayout,
  partProgress,
} from './documents/uploadProgress';
export {
  createEmbedClient,
  type EmbedClient,
  type EmbedClientOptions,
  type EmbedFetch,
  type EmbedRequestOptions,
  exchangeEmbedToken,
} from './embed/embedClient';
export { createEmbedDocument, type EmbedUploadOptions } from './embed/embedDocument';
export { signWithEmbedSession } from './embed/embedSigning';
export {
  connectToEmbedHost,
  type EmbedHostConnection,
  type EmbedHostConnectionOptions,
  embedParentOrigin,
  isFramed,
  storageAvailable,
  watchContentHeight,
} from './embed/frame';
export {
  EMBED_CHANNEL,
  EMBED_PROTOCOL_VERSION,
  type EmbedEvent,
  type EmbedFrameMethods,
  type EmbedHostMethods,
  type EmbedStatus,
  type EmbedTheme,
} from './embed/protocol';
export {
  createExternalLink,
  downloadExternalFile,
  externalLinkToken,
  getExternalDocument,
  listExternalLinks,
  previewExternalFile,
  revokeExternalLink,
} from './external-links/externalLinksApi';
export {
  createExternalLinksStore,
  type ExternalLinksState,
  type ExternalLinksStore,
} from './external-links/externalLinksStore';

export {
  $folders,
  $folderTree,
  buildFolderTree,
  type FolderNode,
  type FoldersStore,
} from './folders/folderStore';
export {
  createFolder,
  deleteFolder,
  listFolders,
  updateFolder,
} from './folders/foldersApi';
export {
  addTranslations,
  commonTranslations,
  errorTextOf,
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
export { trackLastProjectHref } from './navigation/lastProjectHref';
export {
  cabinetHomePath,
  isDesktopWidth,
} from './navigation/layout';
export {
  $notifications,
  $unreadNotifications,
  createNotificationListStore,
  createUnreadNotificationsStore,
  type NotificationListState,
  type NotificationListStore,
  type UnreadEnvironment,
  type UnreadNotificationsStore,
} from './notifications/notificationStore';
export {
  type FollowUnreadOptions,
  followUnreadNotifications,
  getNotificationSettings,
  getUnreadNotificationCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type UnreadFollower,
  updateNotificationSettings,
} from './notifications/notificationsApi';
export {
  $apiKeys,
  type ApiKeysStore,
} from './partner/apiKeyStore';
export {
  createApiKey,
  listApiKeys,
  listWebhookDeliveries,
  revokeApiKey,
  updateApiKey,
} from './partner/partnerApi';
export {
  $mobileApp,
  detectMobileApp,
  type MobileAppInfo,
  type MobilePlatform,
} from './platform/mobileApp';
export {
  $avatarVersion,
  $profile,
  avatarUrl,
  fetchAvatar,
  loadProfile,
  updateProfile,
  uploadAvatar,
} from './profile/profileStore';
export {
  createKeysetList,
  type KeysetList,
  type KeysetListOptions,
  type KeysetListState,
  type KeysetListStatus,
  type KeysetPage,
} from './query/keysetList';
export {
  createQueryContext,
  QUERY_DEFAULTS,
  queryErrorRetry,
  retryDelay,
} from './query/query';
export {
  hasActiveClient,
  setActiveClient,
} from './session/activeClient';
export {
  createQoltanbaClient,
  type LogoutReason,
  type QoltanbaClient,
  type QoltanbaClientOptions,
  type SessionEvent,
  type UploadRequest,
} from './session/client';
export { initSession } from './session/initSession';
export { $loading } from './session/loading';
export { createMemoryStorage } from './session/memoryStorage';
export {
  IDENTITY_NOTE_KEY,
  SESSION_STORAGE_KEYS,
} from './session/storageKeys';
export {
  fetchUploadTransport,
  type UploadTransport,
  type UploadTransportRequest,
  type UploadTransportResponse,
  xhrUploadTransport,
} from './session/upload';
export {
  approvalLinkFileUrl,
  approvalLinkPreviewUrl,
  approveByLink,
  declineByLink,
  downloadApprovalLinkFile,
  getApprovalLink,
  previewApprovalLinkFile,
} from './signing/approvalLinkApi';
export {
  attachCompanyBySignature,
  attachCompanyWithNcaLayer,
  createAttachChallenge,
} from './signing/attachBySignature';
export {
  createNcaLayerClient,
  LEGAL_ENTITY_KEY_USAGE_OID,
  type NcaLayerClient,
  type NcaLayerClientOptions,
  type NcaLayerSignOptions,
  type NcaLayerSocket,
  type NcaLayerSocketConstructor,
  SIGNING_KEY_USAGE_OID,
} from './signing/ncaLayerClient';
export {
  type FollowQrSigningOptions,
  followQrSigning,
  type QrEventSource,
  type QrEventSourceConstructor,
  type QrSigningFollower,
  type QrSigningFollowState,
} from './signing/qrSigningFollower';
export {
  getDocumentSchedule,
  getReminders,
  reminderTimeLeft,
  remindSigners,
  resendApprovalLink,
  setDocumentSchedule,
} from './signing/remindersApi';
export {
  attachSignerFilter,
  documentSignerFilter,
} from './signing/signerFilter';
export {
  type NcaLayerSigning,
  type SigningProgress,
  signFilesWithNcaLayer,
} from './signing/signFiles';
export {
  rejectDocument,
  resendSigningLink,
  revokeDocument,
  signDocument,
  startQrSigning,
  submitDocumentSignatures,
} from './signing/signingApi';
export {
  $signingConfig,
  DEFAULT_SIGNING_CONFIG,
  getSigningConfig,
  loadSigningConfig,
  ncaLayerFor,
  resetSigningConfig,
} from './signing/signingConfig';
export {
  downloadSigningLinkFile,
  getSigningLink,
  previewSigningLinkFile,
  rejectByLink,
  signByLink,
  signingLinkFileUrl,
  signingLinkPreviewUrl,
  startQrSigningByLink,
  submitSigningLinkSignatures,
} from './signing/signingLinkApi';
export {
  $snackbars,
  dismissSnackbar,
  type Snackbar,
  type SnackbarKind,
  showSnackbar,
} from './snackbar/snackbar';
export {
  closeSupportConversation,
  createSupportIdentityToken,
  downloadSupportAttachment,
  getSupportConversation,
  getSupportOperatorStatus,
  listSupportConversationMessages,
  listSupportConversations,
  markSupportConversationRead,
  replySupportConversation,
  type SupportCallOptions,
  type SupportInboxListParams,
  type SupportMessagesParams,
  supportAttachmentUrl,
} from './support/supportApi';
export {
  type FollowSupportInboxOptions,
  followSupportInbox,
  openSupportEventStream,
  type SupportEventStream,
  type SupportEventStreamOptions,
  type SupportStreamConnection,
} from './support/supportEventStream';
export {
  $supportIdentity,
  type SupportIdentityState,
} from './support/supportIdentityStore';
export {
  $supportInbox,
  createSupportInboxStore,
  type SupportInboxState,
  type SupportInboxStore,
  type SupportInboxStoreOptions,
  type SupportLoadStatus,
  type SupportThreadState,
} from './support/supportInboxStore';
export {
  $supportOperator,
  type SupportOperatorState,
  type SupportOperatorStore,
} from './support/supportOperatorStore';
export {
  type ErrorReport,
  type ErrorReportingOptions,
  initErrorReporting,
  reportError,
} from './telemetry';
export {
  downloadPrintableCopy,
  downloadSignatureSheet,
  downloadSignedPackage,
  printableCopyUrl,
  signatureSheetUrl,
  signedPackageUrl,
  storedFileVerificationReportPdf,
  storedFileVerificationReportUrl,
  type VerifySignaturesOptions,
  verificationReportPdf,
  verifySignatures,
  verifyStoredFile,
  verifyStoredFilePath,
} from './verification/verificationApi';
