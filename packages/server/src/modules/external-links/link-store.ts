import type { Kysely, Selectable } from 'kysely';
import { tokenHash } from '../../crypto/tokens.js';
import { isRowId } from '../../db/row-id.js';
import type { Database, ExternalLinksTable } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A link records at most one VIEW event per this period. */
export const LINK_VIEW_INTERVAL_MS = 60 * 60 * 1000;

/** A row of `external_links`. */
export type ExternalLinkRow = Selectable<ExternalLinksTable>;

/** Stores a new link of company `bin` to a document, valid `days` from `now`; only the token's hash is kept. */
export async function insertLink(
  db: Kysely<Database>,
  input: {
    token: string;
    documentId: number;
    bin: string;
    userId: string;
    label: string | null;
    now: Date;
    days: number;
  },
): Promise<ExternalLinkRow> {
  return db
    .insertInto('external_links')
    .values({
      token_hash: tokenHash(input.token),
      document_id: input.documentId,
      company_bin: input.bin,
      created_by: input.userId,
      label: input.label,
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.days * DAY_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Company `bin`'s links to a document, newest first (revoked and expired ones too). */
export async function linksOf(
  db: Kysely<Database>,
  documentId: number,
  bin: string,
): Promise<ExternalLinkRow[]> {
  return db
    .selectFrom('external_links')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('company_bin', '=', bin)
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Revokes link `linkId` of company `bin` to the document (idempotent); false when the company has no such link,
 * so another company's link answers like a missing one.
 */
export async function revokeLink(
  db: Kysely<Database>,
  input: { linkId: number; documentId: number; bin: string; now: Date },
): Promise<boolean> {
  if (!isRowId(input.linkId)) return false;
  const row = await db
    .updateTable('external_links')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(input.now)) }))
    .where('id', '=', input.linkId)
    .where('document_id', '=', input.documentId)
    .where('company_bin', '=', input.bin)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The live link of `token` to document `documentId` (not revoked, not expired at `now`), or undefined. */
export async function findLiveLink(
  db: Kysely<Database>,
  token: string,
  documentId: number,
  now: Date,
): Promise<ExternalLinkRow | undefined> {
  if (!isRowId(documentId)) return undefined;
  return db
    .selectFrom('external_links')
    .selectAll()
    .where('token_hash', '=', tokenHash(token))
    .where('document_id', '=', documentId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Claims the link's VIEW event for this hour: true for the first open since {@link LINK_VIEW_INTERVAL_MS} (one
 * conditional update, so two instances or two tabs cannot both win).
 */
export async function claimLinkView(db: Kysely<Database>, linkId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LINK_VIEW_INTERVAL_MS);
  const row = await db
    .updateTable('external_links')
    .set({ last_viewed_at: now })
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('last_viewed_at', 'is', null), eb('last_viewed_at', '<=', since)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the links of purged documents (inside the purge's transaction). */
export async function forgetLinks(db: Kysely<Database>, documentIds: readonly number[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db.deleteFrom('external_links').where('document_id', 'in', documentIds).execute();
}
