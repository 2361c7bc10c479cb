import type { Kysely } from 'kysely';
import { newToken, tokenHash } from '../../crypto/tokens.js';
import type { Database } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live approval link: which document, for which signer (BIN/IIN), the approver's e-mail, until when. */
export interface ApprovalLink {
  id: number;
  documentId: number;
  identityNumber: string;
  email: string;
  expiresAt: Date;
}

/**
 * Issues a new approval link for the approver of a signer, valid `days` (as long as a signing link), and revokes the
 * earlier ones of that signer; inside the caller's transaction. Answers the token (only its hash is stored).
 */
export async function issueApprovalLink(
  trx: Kysely<Database>,
  input: { documentId: number; identityNumber: string; email: string; now: Date; days: number },
): Promise<{ token: string; link: ApprovalLink }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + input.days * DAY_MS);
  await trx
    .updateTable('approval_links')
    .set({ revoked: true })
    .where('document_id', '=', input.documentId)
    .where('identity_number', '=', input.identityNumber)
    .execute();
  const row = await trx
    .insertInto('approval_links')
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
  const { documentId, identityNumber, email } = input;
  return { token, link: { id: row.id, documentId, identityNumber, email, expiresAt } };
}

/** The live approval link of a token (not revoked, not expired at `now`), or undefined. */
export async function findApprovalLink(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<ApprovalLink | undefined> {
  const row = await db
    .selectFrom('approval_links')
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

/** The newest approval link issued for a signer of a document (live or not), for the resend cooldown. */
export async function lastApprovalLinkAt(
  db: Kysely<Database>,
  documentId: number,
  identityNumber: string,
): Promise<Date | null> {
  const row = await db
    .selectFrom('approval_links')
    .select('created_at')
    .where('document_id', '=', documentId)
    .where('identity_number', '=', identityNumber)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}
