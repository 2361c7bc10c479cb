import { AppError } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type MailedDocument, queueSigningLink } from './link-mail.js';
import { refuseEarlyResend, type SigningLink } from './personal-links.js';
import type { SigningContext } from './signing-context.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A resend the sender company asks for: which document and signer. */
export interface ResendRequest {
  bin: string;
  document: MailedDocument;
  signer: { identityNumber: string; email: string };
  now: Date;
}

/**
 * Sends a signer's personal link again, within the limits that keep "resend" from becoming a mail bomb: one e-mail
 * per signer of a document per QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS (the send counts;
 * SIGNING_LINK_RESEND_TOO_EARLY) and QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY resends per company in any 24 hours
 * (SIGNING_LINK_RESEND_LIMIT), both 429 with `retryAfter`. The new link and its e-mail are queued in one transaction.
 */
export async function resendSigningLink(
  context: Pick<SigningContext, 'config'>,
  db: Kysely<Database>,
  request: ResendRequest,
): Promise<SigningLink> {
  const { bin, document, signer, now } = request;
  const documentId = document.id;
  const { signingLinkResendCooldownSeconds: cooldown, signingLinkResendsPerDay: perDay } = context.config;
  return db.transaction().execute(async (trx) => {
    // One company's resends in a row, so two at once cannot both pass the cooldown or the cap.
    await sql`select pg_advisory_xact_lock(hashtext(${`signing-link-resend:${bin}`}))`.execute(trx);
    await refuseEarlyResend(
      trx,
      'signing',
      { documentId, identityNumber: signer.identityNumber },
      cooldown,
      now,
    );
    const since = new Date(now.getTime() - DAY_MS);
    const window = await trx
      .selectFrom('signing_link_resends')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('company_bin', '=', bin)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(window.count) >= perDay) {
      const oldest = window.oldest ? new Date(window.oldest).getTime() : now.getTime();
      const retryAfter = Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
      throw new AppError('SIGNING_LINK_RESEND_LIMIT', { retryAfter });
    }
    await trx
      .insertInto('signing_link_resends')
      .values({
        company_bin: bin,
        document_id: documentId,
        identity_number: signer.identityNumber,
        created_at: now,
      })
      .execute();
    return queueSigningLink(context, trx, document, signer, now);
  });
}
