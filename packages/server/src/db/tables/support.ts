import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The support module's tables (`modules/support/`). */
export interface SupportTables {
  support_visitors: SupportVisitorsTable;
  support_conversations: SupportConversationsTable;
  support_attachments: SupportAttachmentsTable;
  support_messages: SupportMessagesTable;
  support_events: SupportEventsTable;
  support_event_counter: SupportEventCounterTable;
  support_operators: SupportOperatorsTable;
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
