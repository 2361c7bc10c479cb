import {
  AppError,
  type Document,
  type DocumentDraft,
  type documentDraftSchema,
  signerRuleViolation,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import type { AnyRouteDefinition } from '../../http/route.js';
import { validationError } from '../../http/route.js';
import type { MessageOutbox } from '../../outbox/message-outbox.js';
import { requireUser } from '../account/index.js';
import type { ModuleHooks } from '../module-hooks.js';
import { requireMembership } from '../registry/index.js';
import { type AccessOptions, requireAccessible } from './document-access.js';
import type { FolderExists } from './document-folders.js';
import { readDocument } from './document-read.js';
import type { DocumentEditServices } from './document-store.js';
import type { Actor } from './history.js';
import type { PreviewService } from './preview.js';

/** What the documents routes share. */
export interface DocumentsContext {
  route(definition: AnyRouteDefinition): void;
  /** Extension points: `documentSent` runs in each send's transaction. */
  hooks: Pick<ModuleHooks, 'documentSent'>;
  /** Delivers what a send queued (the signers' links), after its commit. */
  outbox: Pick<MessageOutbox, 'kick'>;
  /** The document services, with the `documentReopened` hook that editing a rejected document runs. */
  svc: DocumentEditServices;
  retentionDays: number;
  draftSchema: ReturnType<typeof documentDraftSchema>;
  folderExists: FolderExists;
  previews: PreviewService;
}

/** The signed-in user acting for company `bin`: 401 without a user, FORBIDDEN when not a member. */
export async function actingCompany(
  context: DocumentsContext,
  request: FastifyRequest,
  bin: string,
): Promise<Actor> {
  const { userId } = await requireUser(request);
  await requireMembership(context.svc.db, userId, bin);
  return { userId, bin, ip: request.ip };
}

/**
 * The signed-in user acting for company `bin`, without checking the membership yet: for hot reads that check
 * it inside their own query ({@link AccessOptions.memberUserId}) and answer FORBIDDEN on a miss.
 */
export async function actorOf(request: FastifyRequest, bin: string): Promise<Actor> {
  const { userId } = await requireUser(request);
  return { userId, bin, ip: request.ip };
}

/** A draft from a request: core's schema, then the rules that need the acting company (SELF_AS_SIGNER). */
export function parseDraft(
  context: DocumentsContext,
  value: unknown,
  bin: string,
  location: string,
): DocumentDraft {
  const parsed = context.draftSchema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, location);
  const violation = signerRuleViolation(parsed.data.signers, bin);
  if (violation) throw new AppError(violation);
  return parsed.data;
}

/** The document as the acting company sees it now. */
export async function documentFor(context: DocumentsContext, actor: Actor, id: number): Promise<Document> {
  const { db, clock } = context.svc;
  const document = await requireAccessible(db, actor.bin, id);
  return readDocument(db, actor.bin, document, clock(), context.retentionDays);
}
