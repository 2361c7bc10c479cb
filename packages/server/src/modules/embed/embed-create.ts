import {
  AppError,
  DOCUMENT_UPLOAD_PARTS,
  type DocumentDraft,
  documentDraftSchema,
  type EmbedCreatedDocument,
  signerRuleViolation,
} from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { closeIfUnread, readUpload } from '../../files/file-upload.js';
import { validationError } from '../../http/route.js';
import {
  createDocument,
  type DocumentServices,
  requireAccessible,
  sendDocument,
  setTrashed,
} from '../documents/index.js';
import type { ModuleContext } from '../module.js';
import { apiKeyNote, liveApiKey } from '../partner/index.js';
import {
  bindSessionDocument,
  claimSessionDocument,
  type EmbedSessionRow,
  releaseSessionDocument,
} from './embed-store.js';

/** Noted in the history after the key's name: the document came through an embed, not the key's backend. */
const EMBED_NOTE = 'embed';

/**
 * Makes the one document of a 'create' session from the request's multipart body (the draft JSON part, then the
 * files) and sends it: for the token's company, as the member who created the token's API key (which must still
 * be live), the history naming the key. The session is claimed first (EMBED_DOCUMENT_CREATED when it has sent its
 * document or is making it) and given back when nothing was sent: refused input, or a send that failed (its draft
 * then goes to the company's trash, restorable there), so the user may correct it and try again in this session. A
 * token that named a signer needs that signer in the document (BIN_NOT_AMONG_SIGNERS).
 */
export async function createSessionDocument(
  context: ModuleContext,
  request: FastifyRequest,
  reply: FastifyReply,
  /** The request's session, checked to be a 'create' one (its refusal also closes the unread upload). */
  sessionOf: () => Promise<EmbedSessionRow>,
): Promise<EmbedCreatedDocument> {
  const { db } = context.services.database;
  let made: { bin: string; id: number };
  try {
    made = await createAndSend(context, request, await sessionOf());
  } catch (error) {
    closeIfUnread(request, reply);
    throw error;
  }
  const document = await requireAccessible(db, made.bin, made.id);
  return {
    documentId: made.id,
    number: document.core.number,
    name: document.core.name,
    status: document.core.status,
  };
}

async function createAndSend(
  context: ModuleContext,
  request: FastifyRequest,
  session: EmbedSessionRow,
): Promise<{ bin: string; id: number }> {
  const { services, config, hooks } = context;
  const { db } = services.database;
  const svc: DocumentServices = {
    db,
    blobs: services.blobs,
    clock: services.clock,
    quotaBytes: config.storageQuotaBytes,
  };
  const draftSchema = documentDraftSchema({ testMode: config.identityTestMode });
  const bin = session.company_bin;
  const key = await liveApiKey(db, session.api_key_id);
  if (!(await claimSessionDocument(db, session.session_hash))) throw new AppError('EMBED_DOCUMENT_CREATED');
  let sent: number | undefined;
  try {
    let draft: DocumentDraft | undefined;
    const files = await readUpload(request, svc, {
      parseJson: (value) => {
        const parsed = draftSchema.safeParse(value);
        if (!parsed.success) throw validationError(parsed.error, DOCUMENT_UPLOAD_PARTS.document);
        const violation = signerRuleViolation(parsed.data.signers, bin);
        if (violation) throw new AppError(violation);
        if (session.signer && !parsed.data.signers.some((s) => s.identityNumber === session.signer))
          throw new AppError('BIN_NOT_AMONG_SIGNERS');
        draft = parsed.data;
      },
    });
    if (!draft) throw new AppError('MULTIPART_INVALID');
    const actor = { userId: key.created_by, bin, ip: request.ip };
    const note = `${apiKeyNote(key)}, ${EMBED_NOTE}`;
    const id = await createDocument(svc, actor, draft, files, note);
    try {
      await sendDocument(svc, actor, id, note, (trx, at) =>
        hooks.documentSent.run({ db: trx, documentId: id, at }),
      );
    } catch (error) {
      // Nobody else has seen the draft: it leaves the company's drafts for its trash, and the user tries again.
      await setTrashed(svc, actor, id, true);
      throw error;
    }
    sent = id;
    await bindSessionDocument(db, session.session_hash, id);
  } finally {
    // Nothing was sent: the claim goes back. Once sent, the session keeps its document (one per session).
    if (sent === undefined) await releaseSessionDocument(db, session.session_hash);
  }
  await services.outbox.kick();
  return { bin, id: sent };
}
