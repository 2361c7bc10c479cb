import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The documents module's tables (`modules/documents/`). */
export interface DocumentsTables {
  documents: DocumentsTable;
  document_participants: DocumentParticipantsTable;
  document_signers: DocumentSignersTable;
  document_files: DocumentFilesTable;
  document_history: DocumentHistoryTable;
  company_document_counters: CompanyDocumentCountersTable;
  document_previews: DocumentPreviewsTable;
  document_preview_failures: DocumentPreviewFailuresTable;
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
  /** The sender's BIN and the signers' IIN/BINs, one a line, for the list search (migration 0024). */
  search_ids: Generated<string>;
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
  /** The approval of a signer with an approver: PENDING from the send until the approver decides; null without one. */
  approval: ColumnType<
    'PENDING' | 'APPROVED' | 'DECLINED' | null,
    'PENDING' | 'APPROVED' | 'DECLINED' | null | undefined,
    'PENDING' | 'APPROVED' | 'DECLINED' | null
  >;
  approved_at: NullableTimestamp;
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
  /** Hash of the event before (the document's genesis value for the first); see `crypto/history-hash.ts`. */
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

/** Why a preview conversion of some content failed: `timeout` and `too_complex` are final, `failed` is retried later. */
export type PreviewFailureReason = 'failed' | 'timeout' | 'too_complex';

/** Row of `document_preview_failures`: the last failed conversion of a content (SHA-256), shared by instances. */
export interface DocumentPreviewFailuresTable {
  sha256: string;
  reason: PreviewFailureReason;
  attempts: Generated<number>;
  failed_at: Timestamp;
}
