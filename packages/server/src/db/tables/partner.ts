import type { WebhookEvent } from '@qoltanba/core';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The partner module's tables (`modules/partner/`). */
export interface PartnerTables {
  api_keys: ApiKeysTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

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
  event: WebhookEvent;
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
