import {
  type Document,
  documentParamsSchema,
  type HistoryEventType,
  type Party,
  type Signer,
  transition,
} from '@qoltanba/core';
import { type FakeAccount, type FakeContext, parseInput, refuse } from '../fakeHttp';
import type { DocumentsStore, FakeDocumentRecord } from './records';

// Who may see and change a document, and the history events every change records (the server's documents
// module: a company sees what it sent or, once sent, what it signs; others get 404 as if it did not exist).

/** The caller as the creator of what it makes (a document, an external link); blanks without a caller. */
export function creatorOf(account: FakeAccount | undefined): Document['creator'] {
  return {
    userId: account?.userId ?? '',
    firstname: account?.profile.firstname ?? '',
    lastname: account?.profile.lastname ?? '',
  };
}

/** The access rules of the documents service, on its records. */
export function createDocumentAccess({ documents, newId, iso }: DocumentsStore) {
  /** The acting company of a request: a company of the caller's, else FORBIDDEN. */
  function actingCompany(context: FakeContext, bin: string): Party {
    const company = context.account?.companies.find((entry) => entry.bin === bin);
    if (!company) refuse('FORBIDDEN');
    return { bin, nameRu: company.nameRu, nameKk: company.nameKk ?? null };
  }

  function signerOf(record: FakeDocumentRecord, bin: string): Signer | undefined {
    return record.signers.find((signer) => signer.identityNumber === bin);
  }

  /** Participants see a document; signers only once it was sent. */
  function visible(record: FakeDocumentRecord, bin: string): boolean {
    if (record.sender.bin === bin) return true;
    return record.status !== 'DRAFT' && signerOf(record, bin) !== undefined;
  }

  /** The document if the company takes part in it; else 404 as if it did not exist. */
  function findDocument(id: number, bin: string): FakeDocumentRecord {
    const record = documents.get(id);
    if (!record || !visible(record, bin)) refuse('ENTITY_NOT_FOUND');
    return record;
  }

  /** The sender, outside its trash, may change a document (the server's assertSenderMayChange). */
  function senderMayChange(record: FakeDocumentRecord, bin: string): void {
    if (record.sender.bin !== bin || record.trashedAt.has(bin)) refuse('DOCUMENT_CHANGE_FORBIDDEN');
  }

  /** The start of every edit: the sender may change it and core's `update` transition allows it. */
  function beginEdit(record: FakeDocumentRecord, bin: string): void {
    senderMayChange(record, bin);
    const step = transition(record.status, 'update');
    if (!step.ok) refuse(step.code);
    if (record.status !== 'DRAFT') {
      record.status = step.to;
      record.rejection = null;
      record.signers = record.signers.map((signer) => ({ ...signer, state: 'WAITING', signedAt: null }));
    }
  }

  /** Appends an event to the document's history, by the caller for `company`. */
  function record(
    target: FakeDocumentRecord,
    type: HistoryEventType,
    context: FakeContext,
    company: Party,
    details: string | null = null,
  ) {
    const account = context.account;
    target.history.push({
      id: newId('event'),
      type,
      at: iso(),
      actor: account ? creatorOf(account) : null,
      company,
      ip: '127.0.0.1',
      details,
    });
  }

  /** The company and document a `/companies/:bin/documents/:id` request names, checked. */
  function documentInput(context: FakeContext) {
    const { bin, id } = parseInput(documentParamsSchema, context.params);
    const company = actingCompany(context, bin);
    return { bin, company, record: findDocument(id, bin) };
  }

  function touch(target: FakeDocumentRecord): void {
    target.updatedAt = iso();
  }

  /**
   * E-mails a signer's personal link (every signer's when none is named), as the server's message queue does at
   * once with a working mail server: the sender sees it SENT.
   */
  function mailLinks(target: FakeDocumentRecord, identityNumber?: string): void {
    const at = iso();
    target.linkDeliveries ??= new Map();
    for (const signer of target.signers) {
      if (identityNumber !== undefined && signer.identityNumber !== identityNumber) continue;
      const delivery = { state: 'SENT', queuedAt: at, sentAt: at, attempts: 1, nextAttemptAt: null } as const;
      target.linkDeliveries.set(signer.identityNumber, delivery);
    }
  }

  return {
    mailLinks,
    actingCompany,
    signerOf,
    visible,
    findDocument,
    senderMayChange,
    beginEdit,
    record,
    documentInput,
    touch,
  };
}

/** The access rules of the documents service (see {@link createDocumentAccess}). */
export type DocumentAccess = ReturnType<typeof createDocumentAccess>;
