import {
  ALLOWED_DOCUMENT_EXTENSIONS,
  APPROVAL_STATES,
  EMBED_PURPOSES,
  HISTORY_EVENT_TYPES,
  LANGS,
  LIFECYCLE_STATUSES,
  ORDER_STATUSES,
  PAID_PLAN_IDS,
  PARTY_KINDS,
  PAYMENT_SOURCES,
  QR_SIGNING_STATES,
  SIGNER_STATES,
  SIGNING_METHODS,
  SUPPORT_AUTHORS,
  SUPPORT_CONVERSATION_STATUSES,
  SUPPORT_VISITOR_KINDS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
} from '@qoltanba/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';

/**
 * Every "column in (list)" CHECK of the migrated schema, by constraint name, and the list it must equal: core's list
 * where the column mirrors one (so two migrations cannot drift apart, as 0022 once dropped 0021's RECEIVE), or
 * `'server'` for a column only the server knows. A new enum-like CHECK fails this test until it is named here.
 */
const MIRRORED: Record<string, readonly string[] | 'server'> = {
  document_history_type_check: HISTORY_EVENT_TYPES,
  documents_status_check: LIFECYCLE_STATUSES,
  documents_signing_method_check: SIGNING_METHODS,
  document_signers_state_check: SIGNER_STATES,
  document_signers_approval_check: APPROVAL_STATES,
  document_files_format_check: ALLOWED_DOCUMENT_EXTENSIONS,
  qr_signing_sessions_state_check: QR_SIGNING_STATES,
  webhook_deliveries_event_check: WEBHOOK_EVENTS,
  webhook_deliveries_status_check: WEBHOOK_DELIVERY_STATUSES,
  embed_tokens_purpose_check: EMBED_PURPOSES,
  support_conversations_status_check: SUPPORT_CONVERSATION_STATUSES,
  support_conversations_visitor_kind_check: SUPPORT_VISITOR_KINDS,
  support_conversations_language_check: LANGS,
  support_messages_author_check: SUPPORT_AUTHORS,
  users_lang_check: LANGS,
  companies_kind_check: PARTY_KINDS,
  billing_orders_plan_check: PAID_PLAN_IDS,
  billing_orders_status_check: ORDER_STATUSES,
  billing_payments_source_check: PAYMENT_SOURCES,
  billing_invoices_lang_check: LANGS,
  // The server's own lists (core has none of them).
  billing_sends_counted_as_check: 'server',
  // core's `TariffNotice['kind']` is a type, not a list.
  billing_tariff_notices_kind_check: 'server',
  document_files_state_check: 'server',
  // Stored roles only: core's DOCUMENT_ROLES adds 'approver', which no participant row holds.
  document_participants_role_check: 'server',
  document_preview_failures_reason_check: 'server',
  login_throttles_kind_check: 'server',
  message_queue_channel_check: 'server',
  message_queue_status_check: 'server',
  notifications_email_check: 'server',
  one_time_codes_channel_check: 'server',
  one_time_codes_purpose_check: 'server',
  outbox_messages_channel_check: 'server',
  signatures_method_check: 'server',
};

/** The quoted values of a CHECK as PostgreSQL prints it: `CHECK ((x = ANY (ARRAY['A'::text, 'B'::text])))`. */
function listedValues(definition: string): string[] {
  return [...definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1] ?? '');
}

describe.each(testDatabases())('enum-like CHECK constraints on $name', (backend) => {
  const database = useSuiteDatabase(backend);

  it("each equals core's list of the values it mirrors, and none is left unnamed", async () => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where contype = 'c' and connamespace = current_schema()::regnamespace
      order by conname`.execute(database.db);
    const enumLike = rows.filter((row) => /= ANY \(ARRAY\[/.test(row.definition));
    const found = Object.fromEntries(
      enumLike.map((row) => [row.name, [...listedValues(row.definition)].sort()]),
    );
    const mirrored = Object.entries(MIRRORED).filter(
      (entry): entry is [string, readonly string[]] => entry[1] !== 'server',
    );
    expect(Object.keys(found).filter((name) => !(name in MIRRORED))).toEqual([]);
    for (const [name, values] of mirrored)
      expect({ name, values: found[name] }).toEqual({ name, values: [...values].sort() });
  });
});
