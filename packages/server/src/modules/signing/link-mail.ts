import { apiPath, SIGNING_LINK_PAGE } from '@qoltanba/core';
import { documentAsParty, documentSigners } from '../documents/document-signing.js';
import type { SigningContext } from './signing-context.js';
import { issueSigningLink, type SigningLink } from './signing-links.js';

/** The address of a personal link's page in the portal. */
export function signingLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${apiPath(SIGNING_LINK_PAGE, { token })}`;
}

const almatyDate = (at: Date) => new Date(at.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Issues a signer's personal link and e-mails it (in Kazakh and Russian: the signer has no account, so no
 * language). Answers the link.
 */
export async function sendSigningLink(
  context: SigningContext,
  documentId: number,
  signer: { identityNumber: string; email: string },
): Promise<SigningLink> {
  const now = context.clock();
  const { token, link } = await issueSigningLink(context.db, {
    documentId,
    identityNumber: signer.identityNumber,
    email: signer.email,
    now,
    days: context.config.signingLinkDays,
  });
  const document = await documentAsParty(context.db, documentId, signer.identityNumber, now, 0);
  const url = signingLinkUrl(context.config.publicUrl, token);
  const until = almatyDate(link.expiresAt);
  const sender = document.sender.nameRu;
  await context.mailer.send({
    to: signer.email,
    subject: `Қол қоюға құжат / Документ на подпись: ${document.name}`,
    text:
      `${sender} сізге «${document.name}» құжатын (№${document.number}) қол қоюға жіберді. ` +
      `Тіркелусіз және тегін қол қою немесе бас тарту үшін сілтемені ашыңыз: ${url}\n` +
      `Сілтеме ${until} дейін жарамды.\n\n` +
      `${sender} отправил вам на подпись документ «${document.name}» (№${document.number}). ` +
      `Чтобы подписать его бесплатно и без регистрации или отказать в подписании, откройте ссылку: ${url}\n` +
      `Ссылка действует до ${until}.`,
  });
  return link;
}

/**
 * After a document was sent: every listed signer gets a personal link by e-mail. A failure is logged, not
 * thrown: the document is sent, and the sender can send a link again (`resendSigningLink`).
 */
export async function sendSigningLinks(context: SigningContext, documentId: number): Promise<void> {
  try {
    for (const signer of await documentSigners(context.db, documentId)) {
      await sendSigningLink(context, documentId, signer);
    }
  } catch (error) {
    context.log.error({ err: error, documentId }, 'signing links not sent');
  }
}
