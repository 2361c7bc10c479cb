import {
  ACCOUNT_PATHS,
  DOCUMENT_PATHS,
  EMBED_PATHS,
  EVIDENCE_PATHS,
  EXTERNAL_LINK_PATHS,
  PARTNER_PATHS,
  PROFILE_PATHS,
  SIGNING_PATHS,
  SUPPORT_PATHS,
  VERIFICATION_PATHS,
} from '@qoltanba/core';

/** One operation the fake server plays: its OpenAPI operationId, method and core path template. */
export interface FakeRoute {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path of core's `ACCOUNT_PATHS`, `PROFILE_PATHS`, `DOCUMENT_PATHS`, `SIGNING_PATHS`, `VERIFICATION_PATHS`, `EVIDENCE_PATHS`, `EXTERNAL_LINK_PATHS`, `PARTNER_PATHS`, `EMBED_PATHS` or `SUPPORT_PATHS` (`:param` syntax). */
  path: string;
  /** Needs a bearer token; without a valid one the fake answers 401 before looking at the input. */
  authenticated: boolean;
  /** Parameters of core's template that this route fixes (the server registers one route per value). */
  fixed?: Readonly<Record<string, string>>;
}

/** Fills some `:params` of a core path, leaving the others (as the server's account routes do). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (whole, name: string) => values[name] ?? whole);
}

/** One route of core's `template` with `fixed` parameters filled in. */
const fixedRoute = (operationId: string, template: string, fixed: Record<string, string>) =>
  ({ operationId, method: 'POST', path: fill(template, fixed), authenticated: false, fixed }) as const;

const publicRoute = (operationId: string, method: FakeRoute['method'], path: string) =>
  ({ operationId, method, path, authenticated: false }) as const;
const userRoute = (operationId: string, method: FakeRoute['method'], path: string) =>
  ({ operationId, method, path, authenticated: true }) as const;

/**
 * Every route the fake server plays. The contract test compares this table with the real server's
 * OpenAPI document (paths, methods and operationIds), so the fake cannot silently drift from the server.
 */
export const FAKE_ROUTES = [
  publicRoute('login', 'POST', ACCOUNT_PATHS.login),
  userRoute('logout', 'GET', ACCOUNT_PATHS.logout),
  publicRoute('refreshToken', 'POST', ACCOUNT_PATHS.refresh),
  fixedRoute('sendEmailCode', ACCOUNT_PATHS.sendCode, { channel: 'email' }),
  fixedRoute('sendSmsCode', ACCOUNT_PATHS.sendCode, { channel: 'sms' }),
  fixedRoute('verifyEmailRegistrationCode', ACCOUNT_PATHS.verifyCode, {
    purpose: 'registration',
    channel: 'email',
  }),
  fixedRoute('verifySmsRegistrationCode', ACCOUNT_PATHS.verifyCode, {
    purpose: 'registration',
    channel: 'sms',
  }),
  fixedRoute('loginWithEmailCode', ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: 'email' }),
  fixedRoute('loginWithSmsCode', ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: 'sms' }),
  publicRoute('completeRegistration', 'POST', ACCOUNT_PATHS.completeRegistration),
  publicRoute('recoverySendCode', 'POST', ACCOUNT_PATHS.recoverySendCode),
  publicRoute('recoveryChange', 'POST', ACCOUNT_PATHS.recoveryChange),

  userRoute('getProfile', 'GET', PROFILE_PATHS.user),
  userRoute('updateProfile', 'PUT', PROFILE_PATHS.user),
  userRoute('getAvatar', 'GET', PROFILE_PATHS.avatar),
  userRoute('putAvatar', 'PUT', PROFILE_PATHS.avatar),
  userRoute('setLocale', 'POST', PROFILE_PATHS.setLocale),
  userRoute('listCompanies', 'GET', PROFILE_PATHS.companies),
  userRoute('setMainCompany', 'PUT', PROFILE_PATHS.mainCompany),
  userRoute('attachByIin', 'POST', PROFILE_PATHS.attachByIin),
  userRoute('confirmAttachByIin', 'POST', PROFILE_PATHS.attachByIinConfirm),
  userRoute('lookupRegistry', 'GET', PROFILE_PATHS.registryLookup),

  userRoute('listDocuments', 'GET', DOCUMENT_PATHS.documents),
  userRoute('createDocument', 'POST', DOCUMENT_PATHS.documents),
  userRoute('getDocument', 'GET', DOCUMENT_PATHS.document),
  userRoute('updateDocument', 'PUT', DOCUMENT_PATHS.document),
  userRoute('sendDocument', 'POST', DOCUMENT_PATHS.send),
  userRoute('copyDocument', 'POST', DOCUMENT_PATHS.copy),
  userRoute('trashDocument', 'POST', DOCUMENT_PATHS.trash),
  userRoute('restoreDocument', 'POST', DOCUMENT_PATHS.restore),
  userRoute('addDocumentFiles', 'POST', DOCUMENT_PATHS.files),
  userRoute('downloadDocumentFile', 'GET', DOCUMENT_PATHS.file),
  userRoute('deleteDocumentFile', 'DELETE', DOCUMENT_PATHS.file),
  userRoute('previewDocumentFile', 'GET', DOCUMENT_PATHS.filePreview),
  userRoute('getDocumentHistory', 'GET', DOCUMENT_PATHS.history),
  userRoute('verifyDocumentHistory', 'GET', DOCUMENT_PATHS.historyVerify),
  userRoute('moveDocumentToFolder', 'PUT', DOCUMENT_PATHS.folder),
  userRoute('listFolders', 'GET', DOCUMENT_PATHS.folders),
  userRoute('createFolder', 'POST', DOCUMENT_PATHS.folders),
  userRoute('updateFolder', 'PUT', DOCUMENT_PATHS.folderById),
  userRoute('deleteFolder', 'DELETE', DOCUMENT_PATHS.folderById),
  userRoute('listCounterparties', 'GET', DOCUMENT_PATHS.counterparties),
  userRoute('createCounterparty', 'POST', DOCUMENT_PATHS.counterparties),
  userRoute('updateCounterparty', 'PUT', DOCUMENT_PATHS.counterparty),
  userRoute('deleteCounterparty', 'DELETE', DOCUMENT_PATHS.counterparty),

  userRoute('signDocument', 'POST', SIGNING_PATHS.sign),
  userRoute('rejectDocument', 'POST', SIGNING_PATHS.reject),
  userRoute('revokeDocument', 'POST', SIGNING_PATHS.revoke),
  userRoute('startQrSigning', 'POST', SIGNING_PATHS.qrSigning),
  userRoute('resendSigningLink', 'POST', SIGNING_PATHS.resendSigningLink),
  publicRoute('followQrSigning', 'GET', SIGNING_PATHS.qrSigningEvents),
  publicRoute('getEgovQrDescription', 'GET', SIGNING_PATHS.egovApi1),
  publicRoute('getEgovDocuments', 'GET', SIGNING_PATHS.egovApi2),
  publicRoute('putEgovSignatures', 'PUT', SIGNING_PATHS.egovApi2),
  publicRoute('getSigningLink', 'GET', SIGNING_PATHS.signingLink),
  publicRoute('downloadSigningLinkFile', 'GET', SIGNING_PATHS.signingLinkFile),
  publicRoute('previewSigningLinkFile', 'GET', SIGNING_PATHS.signingLinkFilePreview),
  publicRoute('signByLink', 'POST', SIGNING_PATHS.signingLinkSign),
  publicRoute('rejectByLink', 'POST', SIGNING_PATHS.signingLinkReject),
  publicRoute('startQrSigningByLink', 'POST', SIGNING_PATHS.signingLinkQrSigning),
  publicRoute('getSigningConfig', 'GET', SIGNING_PATHS.config),
  userRoute('createAttachChallenge', 'POST', SIGNING_PATHS.attachChallenge),
  userRoute('attachCompanyBySignature', 'POST', SIGNING_PATHS.attachBySignature),

  publicRoute('verifySignatures', 'POST', VERIFICATION_PATHS.verify),
  publicRoute('verifyStoredFile', 'GET', VERIFICATION_PATHS.storedFile),
  publicRoute('downloadVerificationReport', 'POST', VERIFICATION_PATHS.report),
  publicRoute('downloadStoredFileVerificationReport', 'GET', VERIFICATION_PATHS.storedFileReport),

  userRoute('downloadSignedPackage', 'GET', EVIDENCE_PATHS.signedPackage),
  userRoute('downloadSignatureSheet', 'GET', EVIDENCE_PATHS.signatureSheet),
  userRoute('downloadPrintableCopy', 'GET', EVIDENCE_PATHS.printableCopy),

  userRoute('createExternalLink', 'POST', EXTERNAL_LINK_PATHS.links),
  userRoute('listExternalLinks', 'GET', EXTERNAL_LINK_PATHS.links),
  userRoute('revokeExternalLink', 'DELETE', EXTERNAL_LINK_PATHS.link),
  publicRoute('getExternalDocument', 'GET', EXTERNAL_LINK_PATHS.document),
  publicRoute('downloadExternalFile', 'GET', EXTERNAL_LINK_PATHS.file),
  publicRoute('previewExternalFile', 'GET', EXTERNAL_LINK_PATHS.filePreview),

  userRoute('listApiKeys', 'GET', PARTNER_PATHS.apiKeys),
  userRoute('createApiKey', 'POST', PARTNER_PATHS.apiKeys),
  userRoute('updateApiKey', 'PATCH', PARTNER_PATHS.apiKey),
  userRoute('revokeApiKey', 'DELETE', PARTNER_PATHS.apiKey),
  userRoute('listWebhookDeliveries', 'GET', PARTNER_PATHS.webhookDeliveries),

  // Embed routes: the token or the session bearer is the credential, checked by the handlers.
  publicRoute('exchangeEmbedToken', 'POST', EMBED_PATHS.sessions),
  publicRoute('getEmbedSession', 'GET', EMBED_PATHS.session),
  publicRoute('downloadEmbedFile', 'GET', EMBED_PATHS.file),
  publicRoute('previewEmbedFile', 'GET', EMBED_PATHS.filePreview),
  publicRoute('signEmbedDocument', 'POST', EMBED_PATHS.sign),
  publicRoute('rejectEmbedDocument', 'POST', EMBED_PATHS.reject),
  publicRoute('startEmbedQrSigning', 'POST', EMBED_PATHS.qrSigning),
  publicRoute('createEmbedDocument', 'POST', EMBED_PATHS.document),

  // Support chat: the visitor routes know the visitor by the identity or visitor header (checked by the handlers),
  // the partner's identity tokens by the API key; the inbox routes are the session's.
  publicRoute('createPartnerSupportIdentityToken', 'POST', PARTNER_PATHS.supportIdentityTokens),
  publicRoute('getHelpConfig', 'GET', SUPPORT_PATHS.helpConfig),
  publicRoute('createSupportVisitor', 'POST', SUPPORT_PATHS.visitors),
  userRoute('createSupportIdentityToken', 'POST', SUPPORT_PATHS.identityTokens),
  publicRoute('getMySupportConversation', 'GET', SUPPORT_PATHS.myConversation),
  publicRoute('listMySupportConversations', 'GET', SUPPORT_PATHS.myConversations),
  publicRoute('listMySupportMessages', 'GET', SUPPORT_PATHS.myConversationMessages),
  publicRoute('sendSupportMessage', 'POST', SUPPORT_PATHS.myMessages),
  publicRoute('sendSupportAttachment', 'POST', SUPPORT_PATHS.myAttachments),
  publicRoute('downloadMySupportAttachment', 'GET', SUPPORT_PATHS.myAttachment),
  publicRoute('markMySupportConversationRead', 'POST', SUPPORT_PATHS.myRead),
  publicRoute('streamMySupportEvents', 'GET', SUPPORT_PATHS.myEvents),
  userRoute('getSupportOperatorStatus', 'GET', SUPPORT_PATHS.operatorStatus),
  userRoute('listSupportConversations', 'GET', SUPPORT_PATHS.inbox),
  userRoute('getSupportConversation', 'GET', SUPPORT_PATHS.inboxConversation),
  userRoute('replySupportConversation', 'POST', SUPPORT_PATHS.inboxMessages),
  userRoute('listSupportConversationMessages', 'GET', SUPPORT_PATHS.inboxMessages),
  userRoute('markSupportConversationRead', 'POST', SUPPORT_PATHS.inboxRead),
  userRoute('closeSupportConversation', 'POST', SUPPORT_PATHS.inboxClose),
  userRoute('downloadSupportAttachment', 'GET', SUPPORT_PATHS.inboxAttachment),
  userRoute('streamSupportInboxEvents', 'GET', SUPPORT_PATHS.inboxEvents),
] as const satisfies readonly FakeRoute[];

/** The operationId of a route of {@link FAKE_ROUTES}. */
export type FakeOperationId = (typeof FAKE_ROUTES)[number]['operationId'];
