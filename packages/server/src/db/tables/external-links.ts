import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The external-links module's table (`modules/external-links/`). */
export interface ExternalLinksTables {
  external_links: ExternalLinksTable;
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
