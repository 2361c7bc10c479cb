/**
 * The API's addresses, shared by server (route registration) and sdk (requests) so the two cannot drift.
 * Paths use Fastify's `:param` syntax; fill them with {@link apiPath}. The `/proxy/{service}` prefixes and
 * the paths SPEC section 7 names are kept exactly; the rest (marked "ours") are our design for calls the
 * spec does not show.
 */
export const API_SERVICES = {
  account: 'account-recovery-api.bpmn',
  profile: 'profile-api.bpmn',
  documents: 'documents-interceptor.bpmn',
  prebill: 'prebill-api.prebill',
  /** Ours: the partner API (API keys, documents created by a partner backend, embed tokens). */
  partner: 'partner-api',
  /** Ours: the embed sessions of `<qoltanba-sign>`, `<qoltanba-document-status>` and the iframe SDK. */
  embed: 'embed-api',
  /** Ours: the help widget's support chat and the operators' inbox. */
  support: 'support-api',
  /** Ours: the payments back office (registering payments received against invoices). */
  billingAdmin: 'billing-admin-api',
} as const;

const ACCOUNT = `/proxy/${API_SERVICES.account}`;
const RECOVERY = `${ACCOUNT}/api/v1/account-recovery`;
const PROFILE = `/proxy/${API_SERVICES.profile}/api/v1`;

/** Purpose of a one-time code. */
export type CodePurpose = 'registration' | 'otp';
/** Where a one-time code is delivered. */
export type CodeChannel = 'email' | 'sms';

/** Account calls: login, codes, registration, recovery, refresh, logout. */
export const ACCOUNT_PATHS = {
  /** POST {lang, login, password} -> AuthTokens. */
  login: `${ACCOUNT}/auth/login`,
  /** GET, bearer -> 204; revokes the session at once. */
  logout: `${ACCOUNT}/auth/logout`,
  /** POST {refreshToken} -> AuthTokens; or an empty body with `Authorization: Bearer <refresh token>`. */
  refresh: `${ACCOUNT}/auth/login/refresh/token`,
  /** Ours. POST {email, lang} | {phoneNumber, lang} -> CodeSent. `:purpose` registration|otp, `:channel` email|sms. */
  sendCode: `${RECOVERY}/sendCode/:purpose/:channel`,
  /** POST {email|phoneNumber, code, lang}: otp -> AuthTokens; registration -> RegistrationTicket. */
  verifyCode: `${RECOVERY}/verifyCode/:purpose/:channel`,
  /** Ours. POST {registrationToken, password, firstname, lastname, lang} -> AuthTokens. */
  completeRegistration: `${RECOVERY}/registration/complete`,
  /** Ours. POST {target, lang} -> CodeSent: a recovery code to the account's e-mail or phone. */
  recoverySendCode: `${ACCOUNT}/auth/login/recovery/send`,
  /** POST {target, code, lang, newPassword} -> AuthTokens. */
  recoveryChange: `${ACCOUNT}/auth/login/recovery/verify/change`,
} as const;

/** Profile and company-context calls. */
export const PROFILE_PATHS = {
  /** GET -> Profile; PUT {firstname, lastname} -> Profile (ours). */
  user: `${PROFILE}/profile/user`,
  /** GET -> image (a default when none); PUT raw PNG/JPEG/WebP body (ours) -> 204. */
  avatar: `${PROFILE}/profile/avatar`,
  /** POST, empty body -> 204. */
  setLocale: `${PROFILE}/user-entity/set-locale/:locale`,
  /** GET -> Company[]. */
  companies: `${PROFILE}/profile/companies-from-context`,
  /** Ours. PUT -> Company[]: marks one company of the user's as main. */
  mainCompany: `${PROFILE}/profile/companies/:bin/main`,
  /** Ours. POST {iin, phoneNumber, lang} -> CodeSent: SMS code to that phone if it is the IIN's registered phone. */
  attachByIin: `${PROFILE}/profile/companies/attach-by-iin`,
  /** Ours. POST {iin, phoneNumber, code} -> Company[]: attaches the individual / sole proprietor. */
  attachByIinConfirm: `${PROFILE}/profile/companies/attach-by-iin/confirm`,
  /** Ours. GET -> RegistryEntry: the state statistics register's record for a BIN or IIN. */
  registryLookup: `${PROFILE}/registry/:identityNumber`,
} as const;

const COMPANY = `/proxy/${API_SERVICES.documents}/api/v1/companies/:bin`;
const DOCUMENT = `${COMPANY}/documents/:id`;

/**
 * Ours (SPEC section 7 does not show them): documents, folders and counterparties of one acting company.
 * The company is explicit in the path and the caller must belong to it; a document of which the company is
 * not a participant answers as if it did not exist.
 */
export const DOCUMENT_PATHS = {
  /** GET ?box&filter&q&folderId&sort&order&limit&cursor -> DocumentPage; POST multipart (`document` JSON part + `files`) -> Document. */
  documents: `${COMPANY}/documents`,
  /** GET -> Document; PUT DocumentDraft -> Document (drafts and rejected documents only). */
  document: DOCUMENT,
  /** POST -> Document: DRAFT -> AT_SIGNING. */
  send: `${DOCUMENT}/send`,
  /** POST -> Document: a new draft with the same name, files and signers. */
  copy: `${DOCUMENT}/copy`,
  /** POST -> Document: into the acting company's trash. */
  trash: `${DOCUMENT}/trash`,
  /** POST -> Document: out of the acting company's trash. */
  restore: `${DOCUMENT}/restore`,
  /** POST multipart (`files`) -> Document: adds files to a draft. */
  files: `${DOCUMENT}/files`,
  /** GET -> the original bytes (Content-Disposition attachment); DELETE -> Document (drafts only). */
  file: `${DOCUMENT}/files/:fileId`,
  /** GET -> application/pdf: the file itself when it is a PDF, else its LibreOffice conversion. */
  filePreview: `${DOCUMENT}/files/:fileId/preview`,
  /** GET -> HistoryEvent[]. */
  history: `${DOCUMENT}/history`,
  /** GET -> HistoryVerification: checks the hash chain of the history. */
  historyVerify: `${DOCUMENT}/history/verify`,
  /** PUT {folderId} -> Document. */
  folder: `${DOCUMENT}/folder`,
  /** GET -> Folder[]; POST CreateFolderRequest -> Folder. */
  folders: `${COMPANY}/folders`,
  /** PUT UpdateFolderRequest -> Folder; DELETE -> 204 (subfolders go too, documents stay). */
  folderById: `${COMPANY}/folders/:folderId`,
  /** GET ?q -> Counterparty[] (sorted by name); POST CounterpartyInput -> Counterparty. */
  counterparties: `${COMPANY}/counterparties`,
  /** PUT CounterpartyInput -> Counterparty; DELETE -> 204. */
  counterparty: `${COMPANY}/counterparties/:counterpartyId`,
} as const;

const DOCUMENTS_API = `/proxy/${API_SERVICES.documents}/api/v1`;
const SIGNING_LINK = `${DOCUMENTS_API}/signing-links/:token`;
const APPROVAL_LINK = `${DOCUMENTS_API}/approval-links/:token`;

/**
 * Ours: signing, rejecting and revoking, eGov mobile QR sessions, and the personal links of signers without an
 * account. See `packages/server/src/modules/signing/README.md` for the flows.
 */
export const SIGNING_PATHS = {
  /** POST SignRequest -> Document: one detached CMS per file of the document, for the acting company. */
  sign: `${DOCUMENT}/sign`,
  /** POST RejectRequest -> Document: AT_SIGNING -> REJECTED with a reason. */
  reject: `${DOCUMENT}/reject`,
  /** POST -> Document: by the sender, while nobody has signed. */
  revoke: `${DOCUMENT}/revoke`,
  /** POST -> QrSigningSession: an eGov mobile QR session for the acting company. */
  qrSigning: `${DOCUMENT}/qr-signing`,
  /** POST {identityNumber} -> SigningLinkIssued: the sender sends a signer's personal link again (a new one). */
  resendSigningLink: `${DOCUMENT}/signing-links`,
  /** GET -> text/event-stream of QrSigningEvent; the unguessable session id is the capability (no bearer). */
  qrSigningEvents: `${DOCUMENTS_API}/qr-signing/:sessionId/events`,
  /** eGov mobile API #1. GET -> EgovQrDescription (the QR holds `mobileSign:` + this URL). */
  egovApi1: `${DOCUMENTS_API}/egov-mobile/:sessionId`,
  /** eGov mobile API #2. GET (Bearer auth_token) -> EgovDocumentsToSign; PUT EgovDocumentsToSign (signed) -> 200 | 403. */
  egovApi2: `${DOCUMENTS_API}/egov-mobile/:sessionId/documents`,
  /** GET -> SigningLinkView: what a signer without an account sees through the personal link. */
  signingLink: SIGNING_LINK,
  /** GET -> the original bytes of one file of the linked document. */
  signingLinkFile: `${SIGNING_LINK}/files/:fileId`,
  /** GET -> application/pdf preview of one file of the linked document. */
  signingLinkFilePreview: `${SIGNING_LINK}/files/:fileId/preview`,
  /** POST SignRequest -> SigningLinkView. */
  signingLinkSign: `${SIGNING_LINK}/sign`,
  /** POST RejectRequest -> SigningLinkView. */
  signingLinkReject: `${SIGNING_LINK}/reject`,
  /** POST -> QrSigningSession for the link's signer. */
  signingLinkQrSigning: `${SIGNING_LINK}/qr-signing`,
  /** GET -> ApprovalLinkView: what an approver (no account) sees through the personal approval link. */
  approvalLink: APPROVAL_LINK,
  /** GET -> the original bytes of one file of the document awaiting approval. */
  approvalLinkFile: `${APPROVAL_LINK}/files/:fileId`,
  /** GET -> application/pdf preview of one file of the document awaiting approval. */
  approvalLinkFilePreview: `${APPROVAL_LINK}/files/:fileId/preview`,
  /** POST -> ApprovalLinkView: the approver approves; the signer may sign. */
  approvalLinkApprove: `${APPROVAL_LINK}/approve`,
  /** POST DeclineRequest -> ApprovalLinkView: the approver declines with a comment; the document is REJECTED. */
  approvalLinkDecline: `${APPROVAL_LINK}/decline`,
  /** POST {identityNumber} -> SigningLinkIssued: the sender sends a signer's approver a new approval link. */
  resendApprovalLink: `${DOCUMENT}/approval-links`,
  /** GET -> ReminderStatus; POST RemindRequest -> ReminderStatus: the sender reminds pending signers (all or one). */
  reminders: `${DOCUMENT}/reminders`,
  /** GET / PUT DocumentSchedule -> DocumentSchedule: the sender's expiry date and automatic reminders. */
  schedule: `${DOCUMENT}/schedule`,
  /** GET -> SigningConfig: where the browser finds NCALayer, and whether a test signer runs (never in production). */
  config: `${DOCUMENTS_API}/signing-config`,
  /** POST -> AttachChallenge: data to sign with the company's EDS to attach it to the user's account. */
  attachChallenge: `${PROFILE}/profile/companies/attach-by-signature/challenge`,
  /** POST AttachBySignatureRequest -> Company[]: the BIN comes from the certificate (first head or right to sign). */
  attachBySignature: `${PROFILE}/profile/companies/attach-by-signature`,
} as const;

const VERIFICATION = `${DOCUMENTS_API}/verification`;

/**
 * Ours: the public verification API (no account needed, rate-limited per IP). Anyone may check signatures; files
 * are verified in memory and never kept. See `packages/server/src/modules/verification/README.md`.
 */
export const VERIFICATION_PATHS = {
  /**
   * POST multipart, one `files` part per file (at most VERIFY_MAX_FILES, VERIFY_MAX_TOTAL_BYTES in total; PDF, CMS
   * or signed XML by content) -> VerificationResult. Operation `verifySignatures`.
   */
  verify: VERIFICATION,
  /**
   * GET -> VerificationResult of the stored file of a document signed here (what the signature sheet's QR codes
   * link to). A file without a signature answers ENTITY_NOT_FOUND like an unknown id. Operation `verifyStoredFile`.
   */
  storedFile: `${VERIFICATION}/documents/:docId/files/:fileId`,
  /**
   * POST multipart, the same `files` parts and limits as `verify` -> application/pdf: the report of that
   * verification, made on the server from the files themselves (a report cannot be forged by posting a result).
   * Operation `downloadVerificationReport`.
   */
  report: `${VERIFICATION}/report`,
  /**
   * GET `?sha256=` -> application/pdf: the report of `storedFile`'s verification, with the same access rule.
   * Operation `downloadStoredFileVerificationReport`.
   */
  storedFileReport: `${VERIFICATION}/documents/:docId/files/:fileId/report`,
} as const;

/** Part names of the multipart verification upload. */
export const VERIFICATION_UPLOAD_PARTS = {
  /** One part per file: PDF originals and CMS signatures, in any order. */
  files: 'files',
} as const;

/**
 * Ours: the evidence a participant downloads for a signed document (`packages/server/src/modules/evidence/README.md`
 * has the package layout). Answers DOCUMENT_NOT_SIGNED while the document has no signature.
 */
export const EVIDENCE_PATHS = {
  /** GET -> application/zip, streamed: originals, one DER CMS per signature, the signature sheet, README.txt. */
  signedPackage: `${DOCUMENT}/package`,
  /** GET -> application/pdf: the signature sheet of the whole document, in the request language. */
  signatureSheet: `${DOCUMENT}/signature-sheet`,
  /** GET -> application/pdf: the file (a PDF, or its preview) with the sheet of its signatures appended. */
  printableCopy: `${DOCUMENT}/files/:fileId/printable`,
} as const;

const EXTERNAL_DOCUMENT = `${DOCUMENTS_API}/external-documents/:id`;

/**
 * Ours: external document links (SPEC section 2, `/document/:id/by-hash`). A member of a company taking part in a
 * sent document shares a read-only link; whoever holds its token reads the document card with the verification
 * result, without an account. The token travels in the {@link EXTERNAL_LINK_HEADER} header, never in a path or
 * query, so it stays out of server logs and Referer headers. See
 * `packages/server/src/modules/external-links/README.md`.
 */
export const EXTERNAL_LINK_PATHS = {
  /** GET -> ExternalLink[] (the acting company's links of the document, no tokens); POST CreateExternalLinkRequest -> ExternalLinkCreated. */
  links: `${DOCUMENT}/external-links`,
  /** DELETE -> 204: revokes a link of the acting company. */
  link: `${DOCUMENT}/external-links/:linkId`,
  /** GET (token header) -> ExternalDocumentView: the read-only card with the verification result per signed file. */
  document: EXTERNAL_DOCUMENT,
  /** GET (token header) -> the original bytes of one file. */
  file: `${EXTERNAL_DOCUMENT}/files/:fileId`,
  /** GET (token header) -> application/pdf preview of one file. */
  filePreview: `${EXTERNAL_DOCUMENT}/files/:fileId/preview`,
} as const;

/** The request header that carries an external link's token (the URL fragment of the page). */
export const EXTERNAL_LINK_HEADER = 'x-qoltanba-link';

/** The portal's page of an external document link (SPEC section 2); the token is in the URL fragment (`#<token>`). */
export const EXTERNAL_DOCUMENT_PAGE = '/document/:id/by-hash';

/** The portal's page for a signer's personal link (ours); the token is the link's only secret. */
export const SIGNING_LINK_PAGE = '/sign/:token';

/** The portal's help page per language (SPEC section 1: the help widget's "Help centre" opens it). */
export const HELP_PAGE = '/help/:lang';

/** The sections of the help page, each an anchor (`/help/ru#ncalayer`) that screens link their errors to. */
export const HELP_SECTIONS = ['ncalayer', 'egov-mobile', 'verify', 'tariffs', 'faq'] as const;

/** A section of the help page; see {@link HELP_SECTIONS}. */
export type HelpSection = (typeof HELP_SECTIONS)[number];

/**
 * The help page of `lang`, at `section` when given.
 *
 * @example helpPagePath('ru', 'ncalayer') // '/help/ru#ncalayer'
 */
export function helpPagePath(lang: string, section?: HelpSection): string {
  return `/help/${encodeURIComponent(lang)}${section ? `#${section}` : ''}`;
}

/** The portal's page for an approver's personal link (ours); no account needed. */
export const APPROVAL_LINK_PAGE = '/approve/:token';

const PARTNER = `/proxy/${API_SERVICES.partner}/api/v1`;

/**
 * Ours: the partner API (`packages/server/src/modules/partner/README.md`). The key management routes are the
 * portal's (a signed-in administrator of the company, session bearer); the rest are a partner backend's, with
 * `Authorization: Bearer qk_...` (the API key), acting for the key's company.
 */
export const PARTNER_PATHS = {
  /** GET -> ApiKey[] (listApiKeys); POST ApiKeyInput -> ApiKeyCreated (createApiKey). Administrator only. */
  apiKeys: `${PARTNER}/companies/:bin/api-keys`,
  /** PATCH ApiKeyInput -> ApiKey (updateApiKey); DELETE -> 204 (revokeApiKey). Administrator only. */
  apiKey: `${PARTNER}/companies/:bin/api-keys/:keyId`,
  /** GET -> WebhookDelivery[], newest first, at most 100 (listWebhookDeliveries). Administrator only. */
  webhookDeliveries: `${PARTNER}/companies/:bin/api-keys/:keyId/webhook-deliveries`,
  /** POST multipart, the parts of createDocument -> PartnerDocument (partnerCreateDocument). API key. */
  documents: `${PARTNER}/documents`,
  /** GET -> PartnerDocument (partnerGetDocument). API key. */
  document: `${PARTNER}/documents/:id`,
  /** POST -> PartnerDocument: DRAFT -> AT_SIGNING (partnerSendDocument). API key. */
  send: `${PARTNER}/documents/:id/send`,
  /** GET -> application/zip, the signed package (partnerDownloadSignedPackage). API key. */
  signedPackage: `${PARTNER}/documents/:id/package`,
  /** POST EmbedTokenRequest -> EmbedTokenIssued (createEmbedToken). API key. */
  embedTokens: `${PARTNER}/embed-tokens`,
  /** POST PartnerSupportIdentityRequest -> SupportIdentityIssued (createPartnerSupportIdentityToken). API key. */
  supportIdentityTokens: `${PARTNER}/support-identity-tokens`,
} as const;

const EMBED = `/proxy/${API_SERVICES.embed}/api/v1`;

/**
 * Ours: what an embedded element or frame calls (`packages/server/src/modules/embed/README.md`). The embed token is
 * exchanged once for a session; the session routes take `Authorization: Bearer <session>`. CORS is open to the
 * token's origins only; no cookies are used.
 */
export const EMBED_PATHS = {
  /** POST {token} -> EmbedSession; consumes the token (exchangeEmbedToken). */
  sessions: `${EMBED}/sessions`,
  /** GET -> EmbedSessionView (getEmbedSession). */
  session: `${EMBED}/session`,
  /** GET -> the original bytes of one file of the session's document (downloadEmbedFile). */
  file: `${EMBED}/session/files/:fileId`,
  /** GET -> application/pdf preview of one file (previewEmbedFile). */
  filePreview: `${EMBED}/session/files/:fileId/preview`,
  /** POST SignRequest -> EmbedSessionView (signEmbedDocument); purpose 'sign' only. */
  sign: `${EMBED}/session/sign`,
  /** POST RejectRequest -> EmbedSessionView (rejectEmbedDocument); purpose 'sign' only. */
  reject: `${EMBED}/session/reject`,
  /** POST -> QrSigningSession (startEmbedQrSigning); purpose 'sign' only. */
  qrSigning: `${EMBED}/session/qr-signing`,
  /**
   * POST multipart (DocumentDraft JSON part, then files) -> EmbedCreatedDocument (createEmbedDocument); purpose
   * 'create' only, once per session: creates the document for the token's company and sends it.
   */
  document: `${EMBED}/session/document`,
} as const;

const SUPPORT = `/proxy/${API_SERVICES.support}/api/v1`;

/**
 * Ours: the help widget's support chat (`packages/server/src/modules/support/README.md`). The visitor routes
 * (`/my/...`) know the visitor by the {@link SUPPORT_IDENTITY_HEADER} (a server-signed identity token) or else the
 * {@link SUPPORT_VISITOR_HEADER} (an anonymous visitor token), never by cookies, and answer CORS from any origin;
 * the inbox routes are for signed-in operators (session bearer).
 */
export const SUPPORT_PATHS = {
  /** GET -> HelpConfig: help page per language, WhatsApp and Telegram links (getHelpConfig). Public. */
  helpConfig: `${SUPPORT}/help-config`,
  /** POST -> SupportVisitorIssued: a new anonymous visitor token (createSupportVisitor). Public, rate-limited. */
  visitors: `${SUPPORT}/visitors`,
  /** POST -> SupportIdentityIssued for the signed-in user (createSupportIdentityToken). Session bearer. */
  identityTokens: `${SUPPORT}/identity-tokens`,
  /** GET ?limit -> SupportConversationView: the visitor's latest conversation, newest messages (getMySupportConversation). */
  myConversation: `${SUPPORT}/my/conversation`,
  /** POST SupportMessageRequest -> SupportMessage; opens a conversation when none is open (sendSupportMessage). */
  myMessages: `${SUPPORT}/my/messages`,
  /** POST multipart (`file`, optional `text`) -> SupportMessage (sendSupportAttachment). */
  myAttachments: `${SUPPORT}/my/attachments`,
  /** GET ?limit&cursor -> SupportConversationPage: the visitor's conversations, newest first (listMySupportConversations). */
  myConversations: `${SUPPORT}/my/conversations`,
  /** GET ?limit&cursor -> SupportMessagePage: older messages of one of the visitor's conversations (listMySupportMessages). */
  myConversationMessages: `${SUPPORT}/my/conversations/:id/messages`,
  /** GET -> the bytes of an attachment of the visitor's own conversations (downloadMySupportAttachment). */
  myAttachment: `${SUPPORT}/my/attachments/:attachmentId`,
  /** POST SupportReadRequest -> 204 (markMySupportConversationRead). */
  myRead: `${SUPPORT}/my/conversation/read`,
  /** GET -> text/event-stream of SupportEvent for the visitor's conversations; honours Last-Event-ID (streamMySupportEvents). */
  myEvents: `${SUPPORT}/my/events`,
  /** GET -> SupportOperatorStatus (getSupportOperatorStatus). Session bearer. */
  operatorStatus: `${SUPPORT}/inbox/operator`,
  /** GET ?status&limit&cursor -> SupportInboxPage (listSupportConversations). Operators. */
  inbox: `${SUPPORT}/inbox/conversations`,
  /** GET ?limit -> SupportInboxConversationView, newest messages (getSupportConversation). Operators. */
  inboxConversation: `${SUPPORT}/inbox/conversations/:id`,
  /**
   * POST SupportMessageRequest -> SupportMessage (replySupportConversation); GET ?limit&cursor -> SupportMessagePage,
   * older messages (listSupportConversationMessages). Operators.
   */
  inboxMessages: `${SUPPORT}/inbox/conversations/:id/messages`,
  /** POST SupportReadRequest -> 204 (markSupportConversationRead). Operators. */
  inboxRead: `${SUPPORT}/inbox/conversations/:id/read`,
  /** POST -> SupportInboxConversation (closeSupportConversation). Operators. */
  inboxClose: `${SUPPORT}/inbox/conversations/:id/close`,
  /** GET -> the bytes of an attachment (downloadSupportAttachment). Operators. */
  inboxAttachment: `${SUPPORT}/inbox/conversations/:id/attachments/:attachmentId`,
  /** GET -> text/event-stream of SupportEvent for every conversation; honours Last-Event-ID (streamSupportInboxEvents). Operators. */
  inboxEvents: `${SUPPORT}/inbox/events`,
} as const;

/** The request header with a server-signed support identity token (a portal user or a partner's user). */
export const SUPPORT_IDENTITY_HEADER = 'x-qoltanba-support-identity';
/** The request header with an anonymous visitor's token. */
export const SUPPORT_VISITOR_HEADER = 'x-qoltanba-visitor';
/** Part names of the multipart attachment upload. */
export const SUPPORT_UPLOAD_PARTS = { file: 'file', text: 'text' } as const;
/** Where the server serves the help widget's script tag (ours). */
export const HELP_WIDGET_SCRIPT = '/widgets/help-widget.js';
/** The portal's operator inbox (ours). */
export const SUPPORT_INBOX_PAGE = '/cabinet/support';

/** The portal's embed page (the iframe's target, ours); the server sets `frame-ancestors` from the token. */
export const EMBED_PAGE = '/embed/:token';

const ORDER = `${DOCUMENTS_API}/order`;
const INVOICE = `${DOCUMENTS_API}/document/payment-invoice`;
const PREBILL = `/proxy/${API_SERVICES.prebill}/api/v1`;

/**
 * Tariffs, orders, invoices and the personal account (SPEC section 7; `{docs-service}` is the documents service).
 * See `packages/server/src/modules/billing/README.md`. Every route but `plans` and `publicInvoice` needs a member of
 * the order's, invoice's or account's company.
 */
export const BILLING_PATHS = {
  /** Ours. GET -> TariffPlans: the plan catalogue with prices in tenge (getTariffPlans). Public. */
  plans: `${ORDER}/plans`,
  /** GET -> ActiveTariff, or 402 'Free tariff already used' (getActiveTariff). Polled every 30 s. */
  activeOrder: `${ORDER}/active/:bin`,
  /** POST ?checkPaid=true|false, empty body -> Order (createOrder); `checkPaid=true` pays from the balance when it covers the price. */
  createOrder: `${ORDER}/create-order/:bin/:plan`,
  /** GET -> Order (getOrder). */
  order: `${ORDER}/:id`,
  /** Ours. GET -> Order[] of the company, newest first (listOrders): the payments page. */
  companyOrders: `${ORDER}/companies/:bin`,
  /** POST ?{product}Docs=true&{product}DocsTariff=1|2, PaymentInvoiceRequest -> PaymentInvoice (generatePaymentInvoice). */
  generateInvoice: `${INVOICE}/generate`,
  /** GET -> PaymentInvoicePath: the unguessable path of the invoice's public download (getPaymentInvoicePath). */
  invoicePath: `${INVOICE}/generate-path/:id`,
  /** GET ?path&download=true -> application/pdf, no login; an unknown path is 404 (downloadPaymentInvoice). */
  publicInvoice: `${INVOICE}/public/by-path`,
  /** GET -> Balance of the company's personal account; `:bin` is the customer account id (getBalance). */
  balance: `${PREBILL}/helper/balance/by-filial_id-customer_account_id/:filialId/:bin`,
  /** GET -> PaymentResult of an order: paid or not, and the payments counted (getPaymentResult). */
  paymentResult: `${PREBILL}/result/:id`,
  /**
   * Ours. GET ?limit&cursor -> BillingHistoryPage: the company's orders newest first, each with its invoice and
   * payments, and the balance (listBillingHistory): the payments page in one call.
   */
  history: `${PREBILL}/history/:bin`,
} as const;

/** The `{product}` of the invoice query: `qoltanbaDocs=true&qoltanbaDocsTariff=1|2` (SPEC section 7). */
export const BILLING_PRODUCT = 'qoltanba';

const BILLING_ADMIN = `/proxy/${API_SERVICES.billingAdmin}/api/v1`;

/** Ours: the back office of payments, for signed-in users with the payments operator role (`npm run admin`). */
export const BILLING_ADMIN_PATHS = {
  /** POST RegisterPaymentRequest -> RegisteredPayment (registerPayment): a payment received against an invoice. */
  payments: `${BILLING_ADMIN}/payments`,
  /** POST multipart (STATEMENT_UPLOAD_PARTS) -> StatementImport (importStatement): a 1C ClientBank statement. */
  statements: `${BILLING_ADMIN}/statements`,
} as const;

/** Part names of the bank statement upload. */
export const STATEMENT_UPLOAD_PARTS = {
  /** The statement file (`1CClientBankExchange`, Windows-1251 or UTF-8). */
  file: 'file',
} as const;

const NOTIFICATIONS = `${PROFILE}/notifications`;

/** Ours: the signed-in user's in-app notifications (issue 21) and their e-mail settings. Session bearer. */
export const NOTIFICATION_PATHS = {
  /** GET ?limit&cursor -> NotificationPage: the last 30 days, newest first (listNotifications). */
  list: NOTIFICATIONS,
  /** GET -> NotificationUnread (getUnreadNotificationCount). */
  unread: `${NOTIFICATIONS}/unread`,
  /** GET -> text/event-stream of NotificationUnread, one event per change (streamNotificationUnread). */
  events: `${NOTIFICATIONS}/events`,
  /** POST, empty body -> NotificationUnread (markNotificationRead). */
  read: `${NOTIFICATIONS}/:id/read`,
  /** POST, empty body -> NotificationUnread (markAllNotificationsRead). */
  readAll: `${NOTIFICATIONS}/read-all`,
  /** GET -> NotificationSettings; PUT NotificationSettings -> NotificationSettings (get/updateNotificationSettings). */
  settings: `${PROFILE}/profile/notification-settings`,
} as const;

/** The portal's public tariffs page (SPEC section 2): where a send refused for want of a tariff sends the user. */
export const TARIFFS_PAGE = '/tariffs';

/** Part names of the multipart document upload. */
export const DOCUMENT_UPLOAD_PARTS = {
  /** JSON of a DocumentDraft; must come before the files. */
  document: 'document',
  /** One part per file. */
  files: 'files',
} as const;

/**
 * Fills a `:param` path with URI-encoded values.
 * @example apiPath(PROFILE_PATHS.setLocale, { locale: 'ru' })
 */
export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: missing :${name} for ${template}`);
    return encodeURIComponent(value);
  });
}
