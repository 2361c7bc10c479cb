import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The signing module's tables (`modules/signing/`). */
export interface SigningTables {
  signatures: SignaturesTable;
  signing_links: SigningLinksTable;
  qr_signing_sessions: QrSigningSessionsTable;
  attach_challenges: AttachChallengesTable;
  signing_locks: SigningLocksTable;
  signing_link_resends: SigningLinkResendsTable;
  approval_links: ApprovalLinksTable;
  signer_reminders: SignerRemindersTable;
  document_schedules: DocumentSchedulesTable;
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

/** Row of `signing_link_resends`: a personal link the sender company sent again (cooldown and daily cap). */
export interface SigningLinkResendsTable {
  id: Generated<number>;
  company_bin: string;
  document_id: number;
  identity_number: string;
  created_at: Timestamp;
}

/** Row of `approval_links`: an approver's personal link for one signer of a document; only the token's SHA-256 is kept. */
export interface ApprovalLinksTable {
  id: Generated<number>;
  token_hash: string;
  document_id: number;
  /** The signer (BIN/IIN) the approver approves for. */
  identity_number: string;
  /** The approver's e-mail. */
  email: string;
  expires_at: Timestamp;
  revoked: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** Row of `signer_reminders`: the last reminder to a signer of a document (the cooldown counts from it). */
export interface SignerRemindersTable {
  document_id: number;
  identity_number: string;
  reminded_at: Timestamp;
}

/** Row of `document_schedules`: a document's expiry date and automatic reminder interval, set by its sender. */
export interface DocumentSchedulesTable {
  document_id: number;
  expires_at: NullableTimestamp;
  remind_every_days: number | null;
  /** The last automatic reminder round (null: none yet; the interval counts from the send). */
  last_reminded_at: NullableTimestamp;
  /** When the expiry job stopped the document (the sender was told once). */
  expired_at: NullableTimestamp;
  updated_at: Timestamp;
}
