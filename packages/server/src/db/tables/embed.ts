import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The embed module's tables (`modules/embed/`). */
export interface EmbedTables {
  embed_tokens: EmbedTokensTable;
  embed_sessions: EmbedSessionsTable;
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
