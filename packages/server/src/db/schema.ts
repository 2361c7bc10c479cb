import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Row of `schema_migrations`: one per applied migration. */
export interface SchemaMigrationsTable {
  id: string;
  applied_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Channel of a captured outgoing message. */
export type OutboxChannel = 'email' | 'sms';

/** Row of `outbox_messages`: e-mails and SMS captured by the dev outbox. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

type Timestamp = ColumnType<Date, Date, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Row of `users`: an account. E-mail and phone are stored normalised; at least one is set. */
export interface UsersTable {
  id: string;
  email: string | null;
  phone: string | null;
  /** scrypt hash in the self-describing format of `password-hash.ts`. */
  password_hash: string;
  firstname: string;
  lastname: string;
  lang: 'kk' | 'ru' | 'en';
  avatar_key: string | null;
  avatar_mime: string | null;
  password_failures: Generated<number>;
  password_locked_until: NullableTimestamp;
  created_at: Timestamp;
}

/** Why a one-time code was sent. */
export type CodePurposeColumn = 'registration' | 'otp' | 'recovery' | 'attach';

/** Row of `one_time_codes`: a sent code, stored as a keyed hash. */
export interface OneTimeCodesTable {
  id: string;
  purpose: CodePurposeColumn;
  channel: OutboxChannel;
  /** Normalised e-mail or phone the code was sent to. */
  target: string;
  /** What the code confirms besides the target (`<user>:<iin>` of an attach request); '' for none. */
  subject: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

/**
 * Row of `code_lockouts`: wrong codes in a row for a target, purpose and subject (across codes), and the time
 * code login stays blocked after too many.
 */
export interface CodeLockoutsTable {
  target: string;
  purpose: CodePurposeColumn;
  /** Same as the codes' subject: '' for none. */
  subject: string;
  locked_until: Timestamp | null;
  failures: Generated<number>;
  last_failure_at: Timestamp | null;
}

/** Row of `sessions`: one login, the family of its rotated refresh tokens. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  /** When the newest refresh token of the session expires: the session ends then unless rotated. */
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** Row of `refresh_tokens`: SHA-256 of an opaque refresh token; `used_at` set when rotated. */
export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
  /** Place in the session's rotation chain (0 for the first token); access tokens name it as `gen`. */
  generation: Generated<number>;
}

/** Kind of party a company row is. */
export type CompanyKindColumn = 'legal' | 'sole_proprietor' | 'individual';

/** Row of `companies`: a company context, keyed by BIN (or IIN for individuals and sole proprietors). */
export interface CompaniesTable {
  bin: string;
  kind: CompanyKindColumn;
  name_ru: string;
  short_name_ru: string | null;
  name_kk: string | null;
  short_name_kk: string | null;
  created_at: Timestamp;
}

/** Row of `memberships`: a user belongs to a company; at most one main company per user. */
export interface MembershipsTable {
  user_id: string;
  company_bin: string;
  is_main: Generated<boolean>;
  /** The company's administrator (at most one per company): manages its API keys. */
  is_admin: Generated<boolean>;
  created_at: Timestamp;
}

/** Lifecycle status of a stored document (trash is per company, on the participant row). */
export type DocumentStatusColumn = 'DRAFT' | 'AT_SIGNING' | 'SIGNED' | 'REJECTED' | 'REVOKED';

/** Row of `documents`: one document, owned by its sender company. */
export interface DocumentsTable {
  id: Generated<number>;
  sender_bin: string;
  /** The sender company's names when the document was created. */
  sender_name_ru: string;
  sender_name_kk: string | null;
  /** Sequential within the sender company (`company_document_counters`). */
  number: number;
  name: string;
  status: DocumentStatusColumn;
  signing_method: 'PARALLEL' | 'SEQUENTIAL';
  creator_id: string;
  /** Lower-cased name, sender and signer names, for the list search. */
  search_text: string;
  rejected_by: string | null;
  rejection_reason: string | null;
  rejected_at: NullableTimestamp;
  copied_from: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Hash of the last history event, so that a deleted last event shows (written by the history append only). */
  history_head: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Which list of a company a participant row shows in (a generated column). */
export type DocumentBoxColumn = 'incoming' | 'outgoing' | 'draft' | 'trash';

/**
 * Row of `document_participants`: a company that sees a document. Trash and folder are per company; the
 * `doc_*` columns repeat the document's sort keys and status so each list page is one index scan.
 */
export interface DocumentParticipantsTable {
  document_id: number;
  company_bin: string;
  role: 'sender' | 'signer';
  folder_id: number | null;
  trashed_at: NullableTimestamp;
  signed_at: NullableTimestamp;
  doc_status: DocumentStatusColumn;
  doc_number: number;
  doc_name: string;
  doc_created_at: Timestamp;
  doc_updated_at: Timestamp;
  box: ColumnType<DocumentBoxColumn, never, never>;
}

/** Row of `document_signers`: a signer of a document, in signing order. */
export interface DocumentSignersTable {
  document_id: number;
  position: number;
  identity_number: string;
  email: string;
  name_ru: string;
  name_kk: string | null;
  approver_email: string | null;
  state: ColumnType<'WAITING' | 'SIGNED' | 'REJECTED', 'WAITING' | 'SIGNED' | 'REJECTED' | undefined>;
  signed_at: NullableTimestamp;
}

/** Row of `document_files`: a file of a document; UPLOADING while its bytes arrive (no blob yet). */
export interface DocumentFilesTable {
  id: Generated<number>;
  document_id: number;
  state: 'UPLOADING' | 'READY';
  name: string;
  format: 'pdf' | 'doc' | 'docx' | 'odt' | null;
  size: number | null;
  sha256: string | null;
  blob_key: string | null;
  /** When the upload started (UPLOADING) or finished (READY). */
  uploaded_at: Timestamp;
  /** When the retention purge deleted the bytes (blob_key null from then on); null while they are stored. */
  content_deleted_at: NullableTimestamp;
}

/** Row of `document_history`: one event; `view_day` (Asia/Almaty date) is set for VIEW events only. */
export interface DocumentHistoryTable {
  id: Generated<number>;
  document_id: number;
  type: string;
  at: Timestamp;
  actor_user_id: string | null;
  company_bin: string | null;
  ip: string | null;
  details: string | null;
  view_day: string | null;
  /** Place in the document's history, from 1 without gaps. */
  seq: number;
  /** Hash of the event before (the document's genesis value for the first); see `history-hash.ts`. */
  prev_hash: string;
  hash: string;
}

/** Row of `company_document_counters`: the last document number and the bytes a sender company stores. */
export interface CompanyDocumentCountersTable {
  company_bin: string;
  last_number: Generated<number>;
  /** bigint: read it cast to a number. */
  used_bytes: ColumnType<string, number | undefined, number>;
}

/** Row of `document_previews`: the PDF conversion of a file, shared by every file with that content. */
export interface DocumentPreviewsTable {
  sha256: string;
  blob_key: string;
  size: number;
  created_at: Timestamp;
}

/** Row of `blob_deletions`: a blob no row refers to any more, deleted from the store after the commit. */
export interface BlobDeletionsTable {
  blob_key: string;
  queued_at: Timestamp;
}

/** Row of `folders`: a company's folder; `parent_id` null at the top level. Names are unique among siblings (any case). */
export interface FoldersTable {
  id: Generated<number>;
  company_bin: string;
  parent_id: number | null;
  name: string;
  created_at: Timestamp;
}

/** Row of `counterparties`: an entry of a company's address book, unique by BIN/IIN within the company. */
export interface CounterpartiesTable {
  id: Generated<number>;
  company_bin: string;
  identity_number: string;
  name_ru: string;
  name_kk: string | null;
  /** Normalised e-mail addresses, a JSON array of strings (written as its JSON text). */
  emails: ColumnType<string[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How a signature reached the server. */
export type SigningMethod = 'NCALAYER' | 'EGOV_QR';

/** Row of `signatures`: one accepted CMS per file of a document and signer (BIN/IIN), with its report. */
export interface SignaturesTable {
  id: Generated<number>;
  document_id: number;
  file_id: number;
  identity_number: string;
  /** The company a signed-in user acted for; null through a personal link. */
  acting_bin: string | null;
  /** The personal link it came through, if any. */
  link_id: number | null;
  user_id: string | null;
  cms: Uint8Array;
  certificate_serial: string | null;
  certificate_subject: string | null;
  /** The SignatureReport (core's schema), written as its JSON text. */
  report: ColumnType<unknown, string, string>;
  method: SigningMethod;
  ip: string | null;
  created_at: Timestamp;
}

/** Row of `signing_links`: a signer's personal link; only the token's SHA-256 is kept. */
export interface SigningLinksTable {
  id: Generated<number>;
  token_hash: string;
  document_id: number;
  identity_number: string;
  email: string;
  expires_at: Timestamp;
  revoked: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** Row of `external_links`: a read-only link of a company to a document; only the token's SHA-256 is kept. */
export interface ExternalLinksTable {
  id: Generated<number>;
  token_hash: string;
  document_id: number;
  /** The company that made the link: the document is shown as it sees it. */
  company_bin: string;
  created_by: string;
  label: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** When the link last recorded a VIEW event (at most one an hour). */
  last_viewed_at: NullableTimestamp;
}

/** Where an eGov mobile QR session is. */
export type QrSessionState = 'WAITING' | 'FETCHED' | 'SIGNED' | 'FAILED' | 'EXPIRED';

/** Row of `qr_signing_sessions`: the session id and the app's auth token are kept as SHA-256 only. */
export interface QrSigningSessionsTable {
  id_hash: string;
  token_hash: string;
  document_id: number;
  identity_number: string;
  acting_bin: string | null;
  user_id: string | null;
  link_id: number | null;
  state: QrSessionState;
  error_code: string | null;
  /** Grows by one at each state change: the server-sent event id. */
  version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Row of `attach_challenges`: random bytes a user signs with a company's EDS; single use. */
export interface AttachChallengesTable {
  id: string;
  user_id: string;
  data: Uint8Array;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Row of `signing_locks`: who signs a document as a signer right now, until when. */
export interface SigningLocksTable {
  document_id: number;
  identity_number: string;
  holder: string;
  locked_until: Timestamp;
}

/**
 * The typed shape of every table, for kysely. Domain modules add their tables here as they arrive.
 */
/** Row of `api_keys`: a company's partner API key (the key itself only as SHA-256). */
export interface ApiKeysTable {
  id: string;
  company_bin: string;
  name: string;
  /** The key's first characters, shown in lists and used to find it. */
  prefix: string;
  secret_hash: string;
  allowed_origins: ColumnType<string[], string, string>;
  webhook_url: string | null;
  /** Kept in clear: the server signs each webhook with it. */
  webhook_secret: string | null;
  created_by: string;
  created_by_name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** Row of `webhook_deliveries`: one event for one API key's webhook, with its attempts. */
export interface WebhookDeliveriesTable {
  id: string;
  api_key_id: string;
  event: 'document.signed' | 'document.rejected' | 'document.completed';
  document_id: number;
  /** The exact JSON body posted on every attempt. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
  next_attempt_at: NullableTimestamp;
  /** A delivery round holds the row until then (another instance skips it). */
  leased_until: NullableTimestamp;
}

/** Purposes of embed tokens and sessions. */
export type EmbedPurposeColumn = 'sign' | 'verify' | 'create' | 'status';

/** Row of `embed_tokens`: a single-use, short-lived token (SHA-256 only). */
export interface EmbedTokensTable {
  token_hash: string;
  api_key_id: string;
  company_bin: string;
  purpose: EmbedPurposeColumn;
  document_id: number | null;
  signer: string | null;
  allowed_origins: ColumnType<string[], string, string>;
  lang: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Row of `embed_sessions`: what an exchanged token became (the bearer as SHA-256 only). */
export interface EmbedSessionsTable {
  session_hash: string;
  api_key_id: string;
  company_bin: string;
  purpose: EmbedPurposeColumn;
  document_id: number | null;
  signer: string | null;
  allowed_origins: ColumnType<string[], string, string>;
  lang: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Row of `support_visitors`: an anonymous visitor of the support chat (the token as SHA-256 only). */
export interface SupportVisitorsTable {
  id: Generated<number>;
  token_hash: string;
  created_at: Timestamp;
}

/** Row of `support_conversations`: one conversation of a subject (`visitor:<id>`, `user:<id>`, `partner:<bin>:<id>`). */
export interface SupportConversationsTable {
  id: Generated<number>;
  subject: string;
  status: 'open' | 'closed';
  visitor_kind: 'anonymous' | 'user' | 'partner';
  visitor_name: string | null;
  visitor_email: string | null;
  language: 'kk' | 'ru' | 'en' | null;
  page_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: NullableTimestamp;
  /** The last message id the visitor marked read (0: none). */
  visitor_read_id: Generated<number>;
  /** The last message id an operator marked read (0: none). */
  operator_read_id: Generated<number>;
}

/** Row of `support_attachments`: an attached file (the bytes in the blob store). */
export interface SupportAttachmentsTable {
  id: Generated<number>;
  conversation_id: number;
  blob_key: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** Row of `support_messages`. */
export interface SupportMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  author: 'visitor' | 'operator' | 'system';
  author_user_id: string | null;
  author_name: string | null;
  text: string;
  attachment_id: number | null;
  created_at: Timestamp;
}

/** Row of `support_events`: one live event, numbered without gaps by `support_event_counter`. */
export interface SupportEventsTable {
  seq: number;
  conversation_id: number;
  /** The event's JSON without `seq`. */
  payload: string;
  created_at: Timestamp;
}

/** The single row of `support_event_counter`: the last event number handed out. */
export interface SupportEventCounterTable {
  id: number;
  seq: number;
}

/** Row of `support_operators`: a login (normalised e-mail or phone) granted the operator role. */
export interface SupportOperatorsTable {
  login: string;
  granted_at: Timestamp;
}

export interface Database {
  schema_migrations: SchemaMigrationsTable;
  outbox_messages: OutboxMessagesTable;
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  code_lockouts: CodeLockoutsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  companies: CompaniesTable;
  memberships: MembershipsTable;
  documents: DocumentsTable;
  document_participants: DocumentParticipantsTable;
  document_signers: DocumentSignersTable;
  document_files: DocumentFilesTable;
  document_history: DocumentHistoryTable;
  company_document_counters: CompanyDocumentCountersTable;
  document_previews: DocumentPreviewsTable;
  blob_deletions: BlobDeletionsTable;
  folders: FoldersTable;
  counterparties: CounterpartiesTable;
  signatures: SignaturesTable;
  signing_links: SigningLinksTable;
  qr_signing_sessions: QrSigningSessionsTable;
  attach_challenges: AttachChallengesTable;
  signing_locks: SigningLocksTable;
  external_links: ExternalLinksTable;
  api_keys: ApiKeysTable;
  webhook_deliveries: WebhookDeliveriesTable;
  embed_tokens: EmbedTokensTable;
  embed_sessions: EmbedSessionsTable;
  support_visitors: SupportVisitorsTable;
  support_conversations: SupportConversationsTable;
  support_attachments: SupportAttachmentsTable;
  support_messages: SupportMessagesTable;
  support_events: SupportEventsTable;
  support_event_counter: SupportEventCounterTable;
  support_operators: SupportOperatorsTable;
}

/** A user row as read. */
export type UserRow = Selectable<UsersTable>;

/** A stored outbox message as read from the database. */
export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
/** An outbox message as written to the database. */
export type NewOutboxMessage = Insertable<OutboxMessagesTable>;
