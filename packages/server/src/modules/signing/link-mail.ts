import { apiPath, formatDateTime, SIGNING_LINK_PAGE } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueEmail } from '../../outbox/message-queue.js';
import { signingLinkReference } from '../../outbox/message-references.js';
import { type DocumentCore, signingPort } from '../documents/index.js';
import type { SigningContext } from './signing-context.js';
import { issueSigningLink, type SigningLink } from './signing-links.js';

/** The address of a personal link's page in the portal. */
export function signingLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${apiPath(SIGNING_LINK_PAGE, { token })}`;
}

/** What a personal link's e-mail names of its document. */
export type MailedDocument = Pick<DocumentCore, 'id' | 'name' | 'number' | 'sender'>;

/**
 * Issues a signer's personal link and queues its e-mail (in Kazakh and Russian: the signer has no account, so no
 * language) in the caller's transaction `trx`; the caller kicks the outbox after the commit. Answers the link.
 */
export async function queueSigningLink(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  document: MailedDocument,
  signer: { identityNumber: string; email: string },
  now: Date,
): Promise<SigningLink> {
  const documentId = document.id;
  const { token, link } = await issueSigningLink(trx, {
    documentId,
    identityNumber: signer.identityNumber,
    email: signer.email,
    now,
    days: context.config.signingLinkDays,
  });
  const url = signingLinkUrl(context.config.publicUrl, token);
  const sender = document.sender.nameRu;
  await enqueueEmail(
    trx,
    {
      to: signer.email,
      subject: `Қол қоюға құжат / Документ на подпись: ${document.name}`,
      text:
        `${sender} сізге «${document.name}» құжатын (№${document.number}) қол қоюға жіберді. ` +
        `Тіркелусіз және тегін қол қою немесе бас тарту үшін сілтемені ашыңыз: ${url}\n` +
        `Сілтеме ${formatDateTime(link.expiresAt, 'kk')} дейін жарамды.\n\n` +
        `${sender} отправил вам на подпись документ «${document.name}» (№${document.number}). ` +
        `Чтобы подписать его бесплатно и без регистрации или отказать в подписании, откройте ссылку: ${url}\n` +
        `Ссылка действует до ${formatDateTime(link.expiresAt, 'ru')}.`,
    },
    { reference: signingLinkReference(documentId, signer.identityNumber), at: now },
  );
  return link;
}

/**
 * In the transaction that sends a document: every listed signer gets a personal link, its e-mail queued with the
 * send, so a send that commits always has its links on the way (the sender sees each one's delivery).
 */
export async function queueSigningLinks(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  documentId: number,
  now: Date,
): Promise<void> {
  const { core, signers } = await signingPort.sentDocument(trx, documentId);
  for (const signer of signers) await queueSigningLink(context, trx, core, signer, now);
}
