import {
  AppError,
  companyParamsSchema,
  DOCUMENT_MAX_FILES,
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  type DocumentDraft,
  documentListQuerySchema,
  documentPageSchema,
  documentParamsSchema,
  documentSchema,
  historyEventSchema,
  historyVerificationSchema,
  moveToFolderRequestSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { closeIfUnread, readUpload, UPLOAD_LIMITS } from '../../files/file-upload.js';
import { FILES_PART } from '../../files/files-part.js';
import { defineRoute } from '../../http/route.js';
import { actingCompany, actorOf, type DocumentsContext, documentFor, parseDraft } from './acting-company.js';
import { requireAccessible } from './document-access.js';
import { setDocumentFolder } from './document-folders.js';
import { listDocuments } from './document-list.js';
import { documentParts, documentView, findVisibleDocument, knownParties } from './document-read.js';
import { copyDocument, createDocument, sendDocument, setTrashed, updateDocument } from './document-store.js';
import { createViewRecorder, listHistory } from './history.js';
import { verifyHistoryChain } from './history-verify.js';

const TAGS = ['documents'];
const ACCESS =
  'The caller must belong to the company (FORBIDDEN); a document the company does not take part in answers ' +
  'ENTITY_NOT_FOUND, like one that does not exist.';

/** Creating, listing, reading, editing, sending, copying, trashing and filing documents. */
export function registerDocumentRoutes(context: DocumentsContext): void {
  const { route, svc } = context;
  const { db, clock } = svc;
  const recordView = createViewRecorder();

  route(
    defineRoute({
      method: 'POST',
      url: DOCUMENT_PATHS.documents,
      operationId: 'createDocument',
      summary: 'Save a new draft from uploaded files',
      description:
        `multipart/form-data, streamed: first the \`${DOCUMENT_UPLOAD_PARTS.document}\` part (DocumentDraft JSON), ` +
        `then up to ${DOCUMENT_MAX_FILES} \`${DOCUMENT_UPLOAD_PARTS.files}\` parts. FILE_FORMAT_NOT_ALLOWED, ` +
        'FILE_TOO_LARGE (the connection is closed without reading the rest), DOCUMENT_WITHOUT_FILE, STORAGE_FULL, ' +
        `MULTIPART_INVALID. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: companyParamsSchema,
      multipart: {
        parts: [
          {
            name: DOCUMENT_UPLOAD_PARTS.document,
            kind: 'json',
            schema: context.draftSchema,
            description: 'The draft: name, signing method, signers. Must come first.',
            required: true,
          },
          FILES_PART,
        ],
        limits: UPLOAD_LIMITS,
      },
      status: 201,
      response: documentSchema,
      handler: async ({ request, reply, params }) => {
        try {
          const actor = await actingCompany(context, request, params.bin);
          let draft: DocumentDraft | undefined;
          const files = await readUpload(request, svc, {
            parseJson: (value) => {
              draft = parseDraft(context, value, params.bin, DOCUMENT_UPLOAD_PARTS.document);
            },
          });
          if (!draft) throw new AppError('MULTIPART_INVALID');
          const id = await createDocument(svc, actor, draft, files);
          return documentFor(context, actor, id);
        } catch (error) {
          closeIfUnread(request, reply);
          throw error;
        }
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: DOCUMENT_PATHS.documents,
      operationId: 'listDocuments',
      summary: "One page of a box of the company's documents",
      description:
        'Boxes incoming, outgoing, draft and trash with the filters BOX_FILTERS allows (else VALIDATION_FAILED ' +
        '{field: filter}); `q` matches the name, the number or a counterparty (BIN/IIN or name). Keyset ' +
        'pagination: pass `nextCursor` back as `cursor` with the same sort and order.',
      tags: TAGS,
      auth: true,
      params: companyParamsSchema,
      query: documentListQuerySchema,
      response: documentPageSchema,
      handler: async ({ request, params, query }) => {
        const actor = await actorOf(request, params.bin);
        return listDocuments(db, actor.bin, query, clock(), context.retentionDays, actor.userId);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: DOCUMENT_PATHS.document,
      operationId: 'getDocument',
      summary: 'A document as the company sees it',
      description: `The first view per company and day (Asia/Almaty) is recorded as a VIEW event. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      response: documentSchema,
      handler: async ({ request, params }) => {
        const actor = await actorOf(request, params.bin);
        const visible = await findVisibleDocument(db, actor, params.id);
        const now = clock();
        const [document] = await Promise.all([
          documentView(db, actor.bin, visible, now, context.retentionDays),
          recordView(db, { id: params.id, creatorId: visible.document.row.creator_id }, actor, now),
        ]);
        return document;
      },
    }),
  );

  route(
    defineRoute({
      method: 'PUT',
      url: DOCUMENT_PATHS.document,
      operationId: 'updateDocument',
      summary: 'Edit a draft (or a rejected document, which becomes a draft again)',
      description: `Sender only. DOCUMENT_CHANGE_FORBIDDEN once sent, signed or revoked. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: context.draftSchema,
      response: documentSchema,
      handler: async ({ request, params, body }) => {
        const actor = await actingCompany(context, request, params.bin);
        await updateDocument(svc, actor, params.id, parseDraft(context, body, params.bin, 'body'));
        return documentFor(context, actor, params.id);
      },
    }),
  );

  const action = (
    operationId: string,
    url: string,
    summary: string,
    description: string,
    run: (actor: Awaited<ReturnType<typeof actingCompany>>, id: number) => Promise<number | undefined>,
    status: 200 | 201 = 200,
  ) =>
    route(
      defineRoute({
        method: 'POST',
        url,
        operationId,
        summary,
        description: `${description} ${ACCESS}`,
        tags: TAGS,
        auth: true,
        params: documentParamsSchema,
        allowEmptyJsonBody: true,
        status,
        response: documentSchema,
        handler: async ({ request, params }) => {
          const actor = await actingCompany(context, request, params.bin);
          const id = (await run(actor, params.id)) ?? params.id;
          return documentFor(context, actor, id);
        },
      }),
    );

  action(
    'sendDocument',
    DOCUMENT_PATHS.send,
    'Send a draft for signing (DRAFT -> AT_SIGNING)',
    'Sender only. FILES_STILL_UPLOADING while a file is arriving, DOCUMENT_WITHOUT_FILE, SIGNERS_REQUIRED; ' +
      'the signer companies then see it in their incoming box.',
    async (actor, id) => {
      await sendDocument(svc, actor, id, null, (trx, at) =>
        context.hooks.documentSent.run({ db: trx, documentId: id, at }),
      );
      await context.outbox.kick();
      return undefined;
    },
  );
  action(
    'copyDocument',
    DOCUMENT_PATHS.copy,
    'Copy a document into a new draft',
    'Sender only. The same name, signing method, signers and files (copied); answers the new draft.',
    (actor, id) => copyDocument(svc, actor, id),
    201,
  );
  action(
    'trashDocument',
    DOCUMENT_PATHS.trash,
    "Move a document into the company's trash",
    'Only for the acting company: other participants keep it. Deleted for the company after the retention.',
    async (actor, id) => void (await setTrashed(svc, actor, id, true)),
  );
  action(
    'restoreDocument',
    DOCUMENT_PATHS.restore,
    "Take a document out of the company's trash",
    'Idempotent.',
    async (actor, id) => void (await setTrashed(svc, actor, id, false)),
  );

  route(
    defineRoute({
      method: 'GET',
      url: DOCUMENT_PATHS.history,
      operationId: 'getDocumentHistory',
      summary: "A document's history, oldest first",
      description: `Another company's TRASH and RESTORE events are not shown. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      response: z.array(historyEventSchema),
      handler: async ({ request, params }) => {
        const actor = await actingCompany(context, request, params.bin);
        const document = await requireAccessible(db, actor.bin, params.id);
        const { signers } = await documentParts(db, params.id);
        return listHistory(db, params.id, actor.bin, knownParties(document, signers));
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: DOCUMENT_PATHS.historyVerify,
      operationId: 'verifyDocumentHistory',
      summary: "Check the hash chain of a document's history",
      description:
        'Each event stores the SHA-256 of a canonical serialisation of its fields and of the previous event (the ' +
        'first one of a per-document genesis value); the document stores the last hash. Walks the whole history ' +
        "(every company's events, VIEW included) and answers whether it is intact, how many events it holds, the " +
        `first event that does not hold (edited, deleted or moved) and the head hash. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      response: historyVerificationSchema,
      handler: async ({ request, params }) => {
        const actor = await actingCompany(context, request, params.bin);
        await requireAccessible(db, actor.bin, params.id);
        return verifyHistoryChain(db, params.id);
      },
    }),
  );

  route(
    defineRoute({
      method: 'PUT',
      url: DOCUMENT_PATHS.folder,
      operationId: 'moveDocumentToFolder',
      summary: "Put a document into one of the company's folders, or out of any (null)",
      description: `FOLDER_NOT_FOUND for a folder the company does not have. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: moveToFolderRequestSchema,
      response: documentSchema,
      handler: async ({ request, params, body }) => {
        const actor = await actingCompany(context, request, params.bin);
        await requireAccessible(db, actor.bin, params.id);
        // One transaction, the check first: folderExists locks the folder row (KEY SHARE), so a concurrent delete
        // of the folder waits for this write and then clears it through the foldersDeleted hook.
        await db.transaction().execute(async (trx) => {
          if (body.folderId !== null && !(await context.folderExists(trx, actor.bin, body.folderId))) {
            throw new AppError('FOLDER_NOT_FOUND');
          }
          await setDocumentFolder(trx, { bin: actor.bin, documentId: params.id, folderId: body.folderId });
        });
        return documentFor(context, actor, params.id);
      },
    }),
  );
}
