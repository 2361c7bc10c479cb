import type { Document, Party } from '@qoltanba/core';
import type { FakeDocumentRecord } from '../documents/records';
import { type FakeContext, refuse } from '../fakeHttp';
import type { SigningDocuments } from './parts';
import { FAKE_LINK_TTL_MS, type FakeSigningLink, type SigningStore } from './records';

// Personal links of signers without an account: issuing one, finding the link a request names, and the document
// as the link shows it.

/** The personal links of the signing service. */
export function createSigningLinks(documents: SigningDocuments, { links, next, iso, expired }: SigningStore) {
  const { access } = documents;

  /** Issues a personal link for a signer, as sending the document does for signers without an account. */
  function issueLink(documentId: number, identityNumber: string, ttlMs = FAKE_LINK_TTL_MS): FakeSigningLink {
    const record = documents.document(documentId);
    const signer = access.signerOf(record, identityNumber);
    if (!signer) throw new Error(`fake server: ${identityNumber} does not sign document ${documentId}`);
    const link: FakeSigningLink = {
      token: next('link'),
      documentId,
      identityNumber,
      email: signer.email,
      expiresAt: iso(ttlMs),
    };
    links.set(link.token, link);
    return link;
  }

  /** The link a request's `:token` names, its document and its signer as a party. */
  function linkOf(context: FakeContext) {
    const link = links.get(context.params.token ?? '');
    // Unknown, replaced and expired links answer alike, as the server's.
    if (!link || expired(link.expiresAt)) refuse('SIGNING_LINK_NOT_FOUND');
    const record = documents.document(link.documentId);
    const signer = access.signerOf(record, link.identityNumber);
    if (!signer) refuse('ENTITY_NOT_FOUND');
    const party: Party = { bin: link.identityNumber, nameRu: signer.nameRu, nameKk: signer.nameKk };
    return { link, record, party };
  }

  /** The document as the link shows it: the signer's actions only. */
  function linkView(link: FakeSigningLink, record: FakeDocumentRecord) {
    // The signer company's folder and trash are its business, not the link's (as the server's documentForLink).
    const outside = { ...record, trashedAt: new Map<string, string>(), folderOf: new Map<string, number>() };
    const document: Document = access.documentView(outside, link.identityNumber);
    const signer = access.signerOf(record, link.identityNumber);
    return {
      document: {
        ...document,
        allowedActions: document.allowedActions.filter((action) => action === 'sign' || action === 'reject'),
      },
      signer,
      expiresAt: link.expiresAt,
    };
  }

  /** The file a link request's `:fileId` names. */
  function linkFile(context: FakeContext) {
    const { record } = linkOf(context);
    const fileId = Number(context.params.fileId);
    const file = record.files.find((candidate) => candidate.id === fileId);
    if (!file) refuse('ENTITY_NOT_FOUND');
    return file;
  }

  return { issueLink, linkOf, linkView, linkFile };
}

/** The personal links. */
export type SigningLinks = ReturnType<typeof createSigningLinks>;
