import { AppError } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { newToken, tokenHash } from '../../crypto/tokens.js';
import type { Database } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which personal links: a signer's signing links (`signing_links`, which signatures and QR sessions name by id) or an
 * approver's approval links (`approval_links`). Both tables have the same columns; ids are each table's own.
 */
export type PersonalLinkKind = 'signing' | 'approval';

const TABLES = { signing: 'signing_links', approval: 'approval_links' } as const;

/**
 * A live personal link: which document, for which signer (BIN/IIN), the address it went to (the signer's, or for an
 * approval link its approver's), until when.
 */
export interface PersonalLink {
  id: number;
  documentId: number;
  identityNumber: string;
  email: string;
  expiresAt: Date;
}

/** A signer's personal link to sign or reject. */
export type SigningLink = PersonalLink;
/** An approver's personal link for one signer. */
export type ApprovalLink = PersonalLink;

/**
 * Issues a new personal link of `kind` for a signer of a document, valid `days`, and revokes that signer's earlier
 * links of the kind. Answers the token (only its hash is stored) and the link. Given a transaction, it runs in it
 * (the change that queues the link's e-mail); otherwise in one of its own.
 */
export async function issuePersonalLink(
  db: Kysely<Database>,
  kind: PersonalLinkKind,
  input: { documentId: number; identityNumber: string; email: string; now: Date; days: number },
): Promise<{ token: string; link: PersonalLink }> {
  const table = TABLES[kind];
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + input.days * DAY_MS);
  const issue = async (trx: Kysely<Database>) => {
    await trx
      .updateTable(table)
      .set({ revoked: true })
      .where('document_id', '=', input.documentId)
      .where('identity_number', '=', input.identityNumber)
      .execute();
    return trx
      .insertInto(table)
      .values({
        token_hash: tokenHash(token),
        document_id: input.documentId,
        identity_number: input.identityNumber,
        email: input.email,
        expires_at: expiresAt,
        created_at: input.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  const row = db.isTransaction ? await issue(db) : await db.transaction().execute(issue);
  const { documentId, identityNumber, email } = input;
  return { token, link: { id: row.id, documentId, identityNumber, email, expiresAt } };
}

/** The live link of `kind` of a token (not revoked, not expired at `now`), or undefined. */
export async function findPersonalLink(
  db: Kysely<Database>,
  kind: PersonalLinkKind,
  token: string,
  now: Date,
): Promise<PersonalLink | undefined> {
  const row = await db
    .selectFrom(TABLES[kind])
    .select(['id', 'document_id', 'identity_number', 'email', 'expires_at'])
    .where('token_hash', '=', tokenHash(token))
    .where('revoked', '=', false)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    documentId: row.document_id,
    identityNumber: row.identity_number,
    email: row.email,
    expiresAt: new Date(row.expires_at),
  };
}

/**
 * Refuses a resend of a link of `kind` to a signer of a document while the newest one issued (live or not) is younger
 * than `cooldownSeconds`: SIGNING_LINK_RESEND_TOO_EARLY with `retryAfter` (seconds). The send's link counts.
 */
export async function refuseEarlyResend(
  db: Kysely<Database>,
  kind: PersonalLinkKind,
  target: { documentId: number; identityNumber: string },
  cooldownSeconds: number,
  now: Date,
): Promise<void> {
  const last = await db
    .selectFrom(TABLES[kind])
    .select('created_at')
    .where('document_id', '=', target.documentId)
    .where('identity_number', '=', target.identityNumber)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return;
  const waitMs = new Date(last.created_at).getTime() + cooldownSeconds * 1000 - now.getTime();
  if (waitMs > 0)
    throw new AppError('SIGNING_LINK_RESEND_TOO_EARLY', { retryAfter: Math.ceil(waitMs / 1000) });
}
