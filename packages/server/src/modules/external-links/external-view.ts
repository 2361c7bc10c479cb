import {
  AppError,
  type ExternalDocumentView,
  type ExternalFileVerification,
  type HistoryEvent,
} from '@qoltanba/core';
import type { AccessibleDocument } from '../documents/index.js';
import { documentParts, findAccessible, knownParties, listHistory } from '../documents/index.js';
import { checkStoredFile, type StoredFileCheckDeps } from '../verification/index.js';
import type { ExternalLinkRow } from './link-store.js';

/**
 * The document of a live link as its company takes part in it; ENTITY_NOT_FOUND once the company takes no part
 * any more (its participation purged), like an unknown link.
 */
export async function linkedDocument(
  deps: StoredFileCheckDeps,
  link: ExternalLinkRow,
): Promise<AccessibleDocument> {
  const document = await findAccessible(deps.db, link.company_bin, link.document_id);
  if (!document || document.core.status === 'DRAFT') throw new AppError('ENTITY_NOT_FOUND');
  return document;
}

/** The history for a link holder: without IP addresses or user ids (names stay, as on the card). */
function withoutTraces(events: readonly HistoryEvent[]): HistoryEvent[] {
  return events.map((event) => ({
    ...event,
    ip: null,
    actor: event.actor ? { ...event.actor, userId: null } : null,
  }));
}

/**
 * The read-only card of a link: the document as the link's company sees it (no folders, trash, e-mail addresses,
 * IPs or user ids), and every signed file's signatures verified again now through the verification module.
 */
export async function externalView(
  deps: StoredFileCheckDeps,
  link: ExternalLinkRow,
): Promise<ExternalDocumentView> {
  const accessible = await linkedDocument(deps, link);
  const { core, row } = accessible;
  const { signers, files } = await documentParts(deps.db, core.id);
  const history = await listHistory(deps.db, core.id, link.company_bin, knownParties(accessible, signers));
  const verifications: ExternalFileVerification[] = [];
  for (const file of files) {
    if (!file.stored) continue;
    const result = await checkStoredFile(deps, core.id, file.id);
    if (result) verifications.push({ fileId: file.id, result });
  }
  return {
    document: {
      id: core.id,
      number: core.number,
      name: core.name,
      status: core.status,
      signingMethod: core.signingMethod,
      createdAt: core.createdAt.toISOString(),
      updatedAt: core.updatedAt.toISOString(),
      sender: core.sender,
      files,
      signers: signers.map(({ identityNumber, nameRu, nameKk, order, state, signedAt }) => ({
        identityNumber,
        nameRu,
        nameKk,
        order,
        state,
        signedAt,
      })),
      rejection:
        row.rejected_by && row.rejection_reason && row.rejected_at
          ? {
              identityNumber: row.rejected_by,
              reason: row.rejection_reason,
              at: new Date(row.rejected_at).toISOString(),
            }
          : null,
    },
    history: withoutTraces(history),
    verifications,
    expiresAt: new Date(link.expires_at).toISOString(),
  };
}
