import type { Document, DocumentDraft } from '@qoltanba/core';
import { createDocument, sendDocument } from '@qoltanba/sdk';
import { samplePdf } from '@qoltanba/server/testing';
import { ALFA_BIN, BETA_BIN } from './serverSession';

// Test helper: documents made through the sdk's API on the signed-in session (aigerim, admin of both companies).

/** A small PDF file, distinct by content per call (the server recognises documents by content). */
export function pdfFile(name: string): File {
  return new File([new Uint8Array(samplePdf(name))], name, { type: 'application/pdf' });
}

/** A draft of ТОО Альфа with АО Бета as its one signer. */
export function draftOf(name: string, signer = BETA_BIN): DocumentDraft {
  return {
    name,
    signingMethod: 'PARALLEL',
    signers: [{ identityNumber: signer, email: 'beta@example.kz', nameRu: 'АО Бета' }],
  };
}

/** Creates a draft with one PDF; `from` is the sending company (ТОО Альфа by default). */
export function seedDraft(name: string, from = ALFA_BIN): Promise<Document> {
  const signer = from === ALFA_BIN ? BETA_BIN : ALFA_BIN;
  return createDocument(draftOf(name, signer), [pdfFile('contract.pdf')], { bin: from });
}

/** Creates and sends a document: outgoing for `from`, incoming for the other company. */
export async function seedSent(name: string, from = ALFA_BIN): Promise<Document> {
  const draft = await seedDraft(name, from);
  return sendDocument(draft.id, { bin: from });
}
