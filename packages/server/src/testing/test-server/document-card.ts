import { PDFDocument } from 'pdf-lib';

/** One file a document card carries. */
export interface CardAttachment {
  name: string;
  bytes: Uint8Array;
  /** The card's note on the file (/Desc). */
  description?: string;
}

/**
 * A document card as kaarkz/ddcard lays it out: a one-page PDF whose attached files (EmbeddedFiles, in order) are
 * the original, then one detached CMS per signature. For the client packages' tests of the card result; pdf-lib
 * writes /F from the low bytes of each name, so keep names whose UTF-16 low bytes are no parenthesis.
 */
export async function sampleDocumentCard(attachments: readonly CardAttachment[]): Promise<Uint8Array> {
  const card = await PDFDocument.create();
  card.addPage();
  for (const file of attachments) {
    await card.attach(file.bytes, file.name, file.description ? { description: file.description } : {});
  }
  return card.save();
}
