import type { Kysely } from 'kysely';
import { newToken, tokenHash } from '../../crypto/tokens.js';
import type { Database } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live personal link: which document, for which signer (BIN/IIN), until when. */
export interface SigningLink {
  id: number;
  documentId: number;
  identityNumber: string;
  email: string;
  expiresAt: Date;
}

/**
 * Issues a new personal link of a signer to a document, valid `days`, and revokes the signer's earlier links to
 * it. Answers the token (only its hash is stored) and the link. Given a transaction, it runs in it (the send that
 * queues the link's e-mail).
 */
export async function issueSigningLink(
  db: Kysely<Database>,
  input: { documentId: number; identityNumber: string; email: string; now: Date; days: number },
): Promise<{ token: string; link: SigningLink }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + input.days * DAY_MS);
  const issue = async (trx: Kysely<Database>) => {
    await trx
      .updateTable('signing_links')
      .set({ revoked: true })
      .where('document_id', '=', input.documentId)
      .where('identity_number', '=', input.identityNumber)
      .execute();
    return trx
      .insertInto('signing_links')
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
  return {
    token,
    link: {
      id: row.id,
      documentId: input.documentId,
      identityNumber: input.identityNumber,
      email: input.email,
      expiresAt,
    },
  };
}

/** The live link of a token (not revoked, not expired at `now`), or undefined. */
export async function findSigningLink(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<SigningLink | undefined> {
  const row = await db
    .selectFrom('signing_links')
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
