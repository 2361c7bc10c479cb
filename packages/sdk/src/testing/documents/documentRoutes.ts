import {
  companyParamsSchema,
  DOCUMENT_UPLOAD_PARTS,
  documentDraftSchema,
  documentParamsSchema,
  type Party,
  transition,
} from '@qoltanba/core';
import { almatyDay } from '../almatyDay';
import { type FakeContext, type FakeHandler, json, parseInput, refuse } from '../fakeHttp';
import { creatorOf } from './access';
import { checkSigners, signersOf, TEST_MODE } from './drafts';
import type { DocumentsParts } from './parts';
import type { FakeDocumentRecord } from './records';
import { createUploads } from './uploads';

// One document's routes: create (multipart: the draft, then its files), read (a VIEW event once a day per
// company), edit, send, copy, trash and restore.

/** The routes of one document. */
export function documentRoutes({ store, access, views }: DocumentsParts) {
  const { now, iso, newId, documents, numbers } = store;
  const { actingCompany, beginEdit, documentInput, findDocument, mailLinks, record, senderMayChange, touch } =
    access;
  const { documentView } = views;
  const { readFiles, formEntries } = createUploads(store);

  function newDocument(
    context: FakeContext,
    sender: Party,
    fields: Pick<FakeDocumentRecord, 'name' | 'signingMethod' | 'signers' | 'files'>,
  ): FakeDocumentRecord {
    const number = (numbers.get(sender.bin) ?? 0) + 1;
    numbers.set(sender.bin, number);
    const at = iso();
    const created: FakeDocumentRecord = {
      id: newId('document'),
      number,
      ...fields,
      status: 'DRAFT',
      createdAt: at,
      updatedAt: at,
      sender,
      creator: creatorOf(context.account),
      rejection: null,
      trashedAt: new Map(),
      folderOf: new Map(),
      history: [],
    };
    documents.set(created.id, created);
    return created;
  }

  async function createDocument(context: FakeContext): Promise<Response> {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const sender = actingCompany(context, bin);
    const [first, ...rest] = formEntries(context);
    if (!first || first[0] !== DOCUMENT_UPLOAD_PARTS.document || typeof first[1] !== 'string') {
      refuse('MULTIPART_INVALID');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(first[1]);
    } catch {
      refuse('MALFORMED_JSON');
    }
    const draft = parseInput(documentDraftSchema(TEST_MODE), parsed);
    checkSigners(draft, bin);
    const files = await readFiles(rest, 0);
    if (files.length === 0) refuse('DOCUMENT_WITHOUT_FILE');
    const created = newDocument(context, sender, {
      name: draft.name,
      signingMethod: draft.signingMethod,
      signers: signersOf(draft),
      files,
    });
    record(created, 'CREATE', context, sender);
    return json(201, documentView(created, bin));
  }

  const getDocument: FakeHandler = (context) => {
    const { bin, company, record: target } = documentInput(context);
    const day = almatyDay(now());
    const seen = target.history.some(
      (event) => event.type === 'VIEW' && event.company?.bin === bin && almatyDay(new Date(event.at)) === day,
    );
    if (!seen) record(target, 'VIEW', context, company);
    return json(200, documentView(target, bin));
  };

  function updateDocument(context: FakeContext): Response {
    const params = parseInput(documentParamsSchema, context.params);
    const draft = parseInput(documentDraftSchema(TEST_MODE), context.rawBody);
    const company = actingCompany(context, params.bin);
    checkSigners(draft, params.bin);
    const target = findDocument(params.id, params.bin);
    beginEdit(target, params.bin);
    target.name = draft.name;
    target.signingMethod = draft.signingMethod;
    target.signers = signersOf(draft);
    touch(target);
    record(target, 'UPDATE', context, company);
    return json(200, documentView(target, params.bin));
  }

  function sendDocument(context: FakeContext): Response {
    const { bin, company, record: target } = documentInput(context);
    senderMayChange(target, bin);
    const result = transition(target.status, 'send');
    if (!result.ok) refuse(result.code);
    if (target.files.length === 0) refuse('DOCUMENT_WITHOUT_FILE');
    if (target.signers.length === 0) refuse('SIGNERS_REQUIRED');
    target.status = result.to;
    touch(target);
    record(target, 'SEND', context, company);
    // As the server: the document reached each signer company (Law 370-II art. 7), the sender in the details.
    for (const signer of target.signers)
      target.history.push({
        id: newId('event'),
        type: 'RECEIVE',
        at: iso(),
        actor: null,
        company: { bin: signer.identityNumber, nameRu: signer.nameRu, nameKk: signer.nameKk },
        ip: null,
        details: bin,
      });
    mailLinks(target);
    return json(200, documentView(target, bin));
  }

  function copyDocument(context: FakeContext): Response {
    const { bin, company, record: source } = documentInput(context);
    if (source.sender.bin !== bin) refuse('DOCUMENT_CHANGE_FORBIDDEN');
    const copy = newDocument(context, company, {
      name: source.name,
      signingMethod: source.signingMethod,
      signers: source.signers.map((signer) => ({ ...signer, state: 'WAITING', signedAt: null })),
      files: source.files.map((file) => ({ ...file, id: newId('file'), uploadedAt: iso() })),
    });
    record(copy, 'COPY', context, company, `copy of ${source.id}`);
    return json(201, documentView(copy, bin));
  }

  function trashDocument(context: FakeContext): Response {
    const { bin, company, record: target } = documentInput(context);
    if (!target.trashedAt.has(bin)) {
      target.trashedAt.set(bin, iso());
      record(target, 'TRASH', context, company);
    }
    return json(200, documentView(target, bin));
  }

  function restoreDocument(context: FakeContext): Response {
    const { bin, company, record: target } = documentInput(context);
    if (target.trashedAt.delete(bin)) record(target, 'RESTORE', context, company);
    return json(200, documentView(target, bin));
  }

  return {
    createDocument,
    getDocument,
    updateDocument,
    sendDocument,
    copyDocument,
    trashDocument,
    restoreDocument,
  };
}
