import { AppError, type DocumentDraft, transition } from '@qoltanba/core';
import type { BlobStore } from '../../blob/blob-store.js';
import { discardFiles, type ReceivedFile } from '../../files/file-upload.js';
import { keepBlobs, putBlob } from '../../files/pending-blobs.js';
import type { ModuleHooks } from '../module-hooks.js';
import { companyNames } from '../registry/index.js';
import { nextDocumentNumber, reserveStorage } from './company-counters.js';
import {
  type AccessibleDocument,
  assertSenderMayChange,
  type Db,
  requireAccessible,
} from './document-access.js';
import { documentParts } from './document-read.js';
import { type Actor, type EventActor, recordEvent } from './history.js';

/** What the document operations need besides their arguments. */
export interface DocumentServices {
  db: Db;
  blobs: BlobStore;
  clock: () => Date;
  /** Bytes of files one sender company may store. */
  quotaBytes: number;
}

/** What editing a document needs besides {@link DocumentServices}: the hook a reopened rejected document runs. */
export interface DocumentEditServices extends DocumentServices {
  hooks: Pick<ModuleHooks, 'documentReopened'>;
}

/** The lower-cased text the list search looks in: name, sender names, signer names. */
export function searchText(
  name: string,
  senderNames: readonly (string | null)[],
  draft: DocumentDraft,
): string {
  const signerNames = draft.signers.flatMap((signer) => [signer.nameRu, signer.nameKk ?? null]);
  return [name, ...senderNames, ...signerNames]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('\n')
    .toLowerCase();
}

/** The BIN/IINs the list search looks in, one a line: the sender's, then each signer's. */
export function searchIds(senderBin: string, draft: DocumentDraft): string {
  return [senderBin, ...draft.signers.map((signer) => signer.identityNumber)].join('\n');
}

function signerRows(documentId: number, draft: DocumentDraft) {
  return draft.signers.map((signer, index) => ({
    document_id: documentId,
    position: index + 1,
    identity_number: signer.identityNumber,
    email: signer.email,
    name_ru: signer.nameRu,
    name_kk: signer.nameKk ?? null,
    approver_email: signer.approverEmail ?? null,
  }));
}

/** Files of a new document: READY rows pointing at blobs already in the store. */
export function fileRows(documentId: number, files: readonly ReceivedFile[], at: Date) {
  return files.map((file) => ({
    document_id: documentId,
    state: 'READY' as const,
    name: file.name,
    format: file.format,
    size: file.size,
    sha256: file.sha256,
    blob_key: file.blobKey,
    uploaded_at: at,
  }));
}

/** Keeps the list columns of every participant row in step with the document. */
export async function syncParticipants(trx: Db, documentId: number): Promise<void> {
  await trx
    .updateTable('document_participants as p')
    .from('documents as d')
    .set((eb) => ({
      doc_status: eb.ref('d.status'),
      doc_name: eb.ref('d.name'),
      doc_number: eb.ref('d.number'),
      doc_updated_at: eb.ref('d.updated_at'),
    }))
    .whereRef('d.id', '=', 'p.document_id')
    .where('p.document_id', '=', documentId)
    .execute();
}

interface NewDocument {
  draft: DocumentDraft;
  files: readonly ReceivedFile[];
  event: 'CREATE' | 'COPY';
  details: string | null;
  copiedFrom: number | null;
}

/**
 * Creates a draft in one transaction: the next number of the sender company, the storage quota (STORAGE_FULL),
 * the document, its sender participant row, signers, files and the history event. The files' blobs are
 * deleted when anything fails, so a refused creation leaves nothing behind.
 */
async function insertDocument(svc: DocumentServices, actor: Actor, input: NewDocument): Promise<number> {
  const now = svc.clock();
  const totalBytes = input.files.reduce((sum, file) => sum + file.size, 0);
  const sender = (await companyNames(svc.db, [actor.bin])).get(actor.bin) ?? {
    nameRu: actor.bin,
    nameKk: null,
  };
  try {
    return await svc.db.transaction().execute(async (trx) => {
      const number = await nextDocumentNumber(trx, actor.bin);
      await reserveStorage(trx, actor.bin, totalBytes, svc.quotaBytes);
      const { id } = await trx
        .insertInto('documents')
        .values({
          sender_bin: actor.bin,
          sender_name_ru: sender.nameRu,
          sender_name_kk: sender.nameKk,
          number,
          name: input.draft.name,
          status: 'DRAFT',
          signing_method: input.draft.signingMethod,
          creator_id: actor.userId,
          search_text: searchText(input.draft.name, [sender.nameRu, sender.nameKk], input.draft),
          search_ids: searchIds(actor.bin, input.draft),
          rejected_by: null,
          rejection_reason: null,
          rejected_at: null,
          copied_from: input.copiedFrom,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('document_participants')
        .values({
          document_id: id,
          company_bin: actor.bin,
          role: 'sender',
          folder_id: null,
          trashed_at: null,
          signed_at: null,
          doc_status: 'DRAFT',
          doc_number: number,
          doc_name: input.draft.name,
          doc_created_at: now,
          doc_updated_at: now,
        })
        .execute();
      if (input.draft.signers.length > 0) {
        await trx.insertInto('document_signers').values(signerRows(id, input.draft)).execute();
      }
      if (input.files.length > 0) {
        await trx
          .insertInto('document_files')
          .values(fileRows(id, input.files, now))
          .execute();
        await keepBlobs(
          trx,
          input.files.map((file) => file.blobKey),
        );
      }
      await recordEvent(trx, id, input.event, actor, now, input.details);
      return id;
    });
  } catch (error) {
    await discardFiles(svc, input.files);
    throw error;
  }
}

/** Saves a new draft of the acting company with the uploaded files (at least one: DOCUMENT_WITHOUT_FILE). */
export async function createDocument(
  svc: DocumentServices,
  actor: Actor,
  draft: DocumentDraft,
  files: readonly ReceivedFile[],
  /** Noted in the CREATE event (e.g. which API key created it). */
  details: string | null = null,
): Promise<number> {
  if (files.length === 0) throw new AppError('DOCUMENT_WITHOUT_FILE');
  return insertDocument(svc, actor, { draft, files, event: 'CREATE', details, copiedFrom: null });
}

/**
 * Checks that the acting company may edit the document now (the sender, outside its trash, core's `update`
 * transition) and applies that transition: a rejected document becomes a draft again, its rejection is
 * cleared, its signers stop being participants until it is sent anew, and its signing starts over (nobody has
 * signed, the sender included; `documentReopened` lets the signing module forget the rejected round's
 * signatures). Call inside the transaction that locked the document.
 */
export async function beginEdit(
  trx: Db,
  document: AccessibleDocument,
  now: Date,
  hooks: DocumentEditServices['hooks'],
): Promise<void> {
  assertSenderMayChange(document);
  const step = transition(document.core.status, 'update');
  if (!step.ok) throw new AppError(step.code);
  const { id } = document.core;
  await trx
    .updateTable('documents')
    .set({ status: step.to, rejected_by: null, rejection_reason: null, rejected_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
  if (document.core.status !== 'DRAFT') {
    await trx
      .deleteFrom('document_participants')
      .where('document_id', '=', id)
      .where('role', '<>', 'sender')
      .execute();
    // SPEC: a rejected document "must be edited first", then it is signed anew: the sender too.
    await trx
      .updateTable('document_participants')
      .set({ signed_at: null })
      .where('document_id', '=', id)
      .execute();
    await trx
      .updateTable('document_signers')
      .set({ state: 'WAITING', signed_at: null, approval: null, approved_at: null })
      .where('document_id', '=', id)
      .execute();
    await hooks.documentReopened.run({ trx, documentId: id });
  }
}

/** Edits a draft, or a rejected document (which becomes a draft again): name, signing method and signers. */
export async function updateDocument(
  svc: DocumentEditServices,
  actor: Actor,
  id: number,
  draft: DocumentDraft,
): Promise<void> {
  const now = svc.clock();
  await svc.db.transaction().execute(async (trx) => {
    const document = await requireAccessible(trx, actor.bin, id, { lock: true });
    await beginEdit(trx, document, now, svc.hooks);
    const { row } = document;
    await trx
      .updateTable('documents')
      .set({
        name: draft.name,
        signing_method: draft.signingMethod,
        search_text: searchText(draft.name, [row.sender_name_ru, row.sender_name_kk], draft),
        search_ids: searchIds(row.sender_bin, draft),
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('document_signers').where('document_id', '=', id).execute();
    if (draft.signers.length > 0)
      await trx.insertInto('document_signers').values(signerRows(id, draft)).execute();
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'UPDATE', actor, now);
  });
}

/** Uploads older than this are taken as abandoned: they no longer hold back sending, and the purge removes them. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * DRAFT -> AT_SIGNING. Refused while a file is still arriving (FILES_STILL_UPLOADING), without a finished file
 * (DOCUMENT_WITHOUT_FILE) or without signers (SIGNERS_REQUIRED). The signer companies become participants.
 */
export async function sendDocument(
  svc: DocumentServices,
  actor: Actor,
  id: number,
  /** Noted in the SEND event (e.g. which API key sent it). */
  details: string | null = null,
  /** Runs in the sending transaction after the send (the `documentSent` hook: the signers' links are queued). */
  inTransaction?: (trx: Db, at: Date) => Promise<unknown>,
): Promise<void> {
  const now = svc.clock();
  await svc.db.transaction().execute(async (trx) => {
    const document = await requireAccessible(trx, actor.bin, id, { lock: true });
    assertSenderMayChange(document);
    await applySend(trx, document, actor, now, details);
    await inTransaction?.(trx, now);
  });
}

/**
 * The send step on a document the sender's transaction has locked: the checks of {@link sendDocument}, the
 * status, the signer companies' participant rows and the SEND event. Signing a draft runs it too.
 */
export async function applySend(
  trx: Db,
  document: AccessibleDocument,
  actor: EventActor,
  now: Date,
  details: string | null = null,
): Promise<void> {
  const { id } = document.core;
  const step = transition(document.core.status, 'send');
  if (!step.ok) throw new AppError(step.code);
  const files = await trx
    .selectFrom('document_files')
    .select(['state', 'uploaded_at', 'content_deleted_at'])
    .where('document_id', '=', id)
    .execute();
  // A rejected document edited back into a draft after the retention purge has no bytes left to sign.
  if (files.some((f) => f.content_deleted_at !== null)) throw new AppError('FILE_NOT_RETAINED');
  const staleBefore = now.getTime() - STALE_UPLOAD_MS;
  if (files.some((f) => f.state === 'UPLOADING' && new Date(f.uploaded_at).getTime() > staleBefore)) {
    throw new AppError('FILES_STILL_UPLOADING');
  }
  if (!files.some((f) => f.state === 'READY')) throw new AppError('DOCUMENT_WITHOUT_FILE');
  const signers = await trx
    .selectFrom('document_signers')
    .select('identity_number')
    .where('document_id', '=', id)
    .execute();
  if (signers.length === 0) throw new AppError('SIGNERS_REQUIRED');
  await trx.updateTable('documents').set({ status: step.to, updated_at: now }).where('id', '=', id).execute();
  await trx
    .insertInto('document_participants')
    .values(
      signers.map((signer) => ({
        document_id: id,
        company_bin: signer.identity_number,
        role: 'signer' as const,
        folder_id: null,
        trashed_at: null,
        signed_at: null,
        doc_status: step.to,
        doc_number: document.core.number,
        doc_name: document.core.name,
        doc_created_at: document.core.createdAt,
        doc_updated_at: now,
      })),
    )
    .execute();
  // A signer with an approver waits for the approval from the send on (core's signCheck: APPROVAL_PENDING).
  await trx
    .updateTable('document_signers')
    .set({ approval: 'PENDING', approved_at: null })
    .where('document_id', '=', id)
    .where('approver_email', 'is not', null)
    .execute();
  await syncParticipants(trx, id);
  await recordEvent(trx, id, 'SEND', actor, now, details);
  // Law 370-II art. 7: received once recorded in the addressee's system; the notice names the time and the sender.
  for (const signer of signers)
    await recordEvent(
      trx,
      id,
      'RECEIVE',
      { userId: null, bin: signer.identity_number, ip: '' },
      now,
      actor.bin,
    );
}

/**
 * A new draft of the acting company (the sender of the original) with the same name, signing method, signers
 * and files; the files' bytes are copied into new blobs, so each document owns its blobs.
 */
export async function copyDocument(svc: DocumentServices, actor: Actor, id: number): Promise<number> {
  const source = await requireAccessible(svc.db, actor.bin, id);
  if (source.participation.role !== 'sender') throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
  const { signers } = await documentParts(svc.db, id);
  const files = await svc.db
    .selectFrom('document_files')
    .select(['name', 'format', 'blob_key'])
    .where('document_id', '=', id)
    .where('state', '=', 'READY')
    .orderBy('id')
    .execute();
  const copies: ReceivedFile[] = [];
  try {
    for (const file of files) {
      if (!file.blob_key) throw new AppError('FILE_NOT_RETAINED');
      const bytes = await svc.blobs.get(file.blob_key);
      if (!bytes || !file.format) throw new AppError('FILE_LOAD_FAILED');
      const stored = await putBlob(svc, bytes);
      copies.push({
        name: file.name,
        format: file.format,
        size: stored.size,
        sha256: stored.sha256,
        blobKey: stored.key,
      });
    }
  } catch (error) {
    await discardFiles(svc, copies);
    throw error;
  }
  const draft: DocumentDraft = {
    name: source.core.name,
    signingMethod: source.core.signingMethod,
    signers: signers.map((s) => ({
      identityNumber: s.identityNumber,
      email: s.email,
      nameRu: s.nameRu,
      nameKk: s.nameKk,
      approverEmail: s.approverEmail,
    })),
  };
  return insertDocument(svc, actor, {
    draft,
    files: copies,
    event: 'COPY',
    details: `copy of ${id}`,
    copiedFrom: id,
  });
}

/**
 * Moves the document into (or out of) the acting company's trash: only that company's participant row
 * changes, so other participants keep seeing it. Idempotent; the countdown starts at the first trashing.
 */
export async function setTrashed(
  svc: DocumentServices,
  actor: Actor,
  id: number,
  trashed: boolean,
): Promise<void> {
  const now = svc.clock();
  await svc.db.transaction().execute(async (trx) => {
    await requireAccessible(trx, actor.bin, id, { lock: true });
    const changed = await trx
      .updateTable('document_participants')
      .set({ trashed_at: trashed ? now : null })
      .where('document_id', '=', id)
      .where('company_bin', '=', actor.bin)
      .where('trashed_at', trashed ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (changed.numUpdatedRows > 0n) await recordEvent(trx, id, trashed ? 'TRASH' : 'RESTORE', actor, now);
  });
}
