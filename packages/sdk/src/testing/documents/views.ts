import {
  canTransition,
  type Document,
  type DocumentSummary,
  TRASH_RETENTION_DAYS,
  viewStatus,
} from '@qoltanba/core';
import type { FakeDocumentRecord } from './records';

// What a company sees of a stored document: the full view, the list summary and the actions it may take now.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The views of the documents service; trash countdowns follow the fake's clock. */
export function createDocumentViews(now: () => Date) {
  /** Sequential signing: everybody before must have signed; parallel: any waiting signer. */
  function isTurn(record: FakeDocumentRecord, bin: string): boolean {
    const mine = record.signers.findIndex((signer) => signer.identityNumber === bin);
    if (mine < 0 || record.signers[mine]?.state !== 'WAITING') return false;
    return (
      record.signingMethod === 'PARALLEL' ||
      record.signers.slice(0, mine).every((signer) => signer.state === 'SIGNED')
    );
  }

  /** What the routes accept now, exactly as the server's `allowedActions` (server documents/document-view.ts). */
  function allowedActions(record: FakeDocumentRecord, bin: string): Document['allowedActions'] {
    const sender = record.sender.bin === bin;
    if (record.trashedAt.has(bin)) return sender ? ['restore', 'copy'] : ['restore'];
    const actions: Document['allowedActions'] = [];
    if (sender) {
      if (canTransition(record.status, 'update')) actions.push('update');
      if (canTransition(record.status, 'send')) actions.push('send');
      // Sign and send on a draft; once on the document at signing.
      if (canTransition(record.status, 'sign') && !record.senderSigned) actions.push('sign');
      const nobodySigned =
        !record.senderSigned && record.signers.every((signer) => signer.state === 'WAITING');
      if (canTransition(record.status, 'revoke') && nobodySigned) actions.push('revoke');
      actions.push('copy');
    } else {
      const waiting = record.signers.some((s) => s.identityNumber === bin && s.state === 'WAITING');
      if (waiting && record.status === 'AT_SIGNING' && isTurn(record, bin)) actions.push('sign');
      // A later signer of a SEQUENTIAL document may reject before its turn.
      if (waiting && canTransition(record.status, 'reject')) actions.push('reject');
    }
    actions.push('trash');
    return actions;
  }

  function trashInfo(trashedAt: string): Document['trash'] {
    const deleteAt = new Date(Date.parse(trashedAt) + TRASH_RETENTION_DAYS * DAY_MS);
    const daysLeft = Math.max(0, Math.floor((deleteAt.getTime() - now().getTime()) / DAY_MS));
    return { trashedAt, deleteAt: deleteAt.toISOString(), daysLeft };
  }

  function common(record: FakeDocumentRecord, bin: string) {
    const trashedAt = record.trashedAt.get(bin);
    return {
      id: record.id,
      number: record.number,
      name: record.name,
      status: viewStatus(record.status, trashedAt !== undefined),
      lifecycleStatus: record.status,
      signingMethod: record.signingMethod,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      sender: record.sender,
      role: record.sender.bin === bin ? ('sender' as const) : ('signer' as const),
      trash: trashedAt === undefined ? null : trashInfo(trashedAt),
      folderId: record.folderOf.get(bin) ?? null,
    };
  }

  /** The signers; the sender of a sent document also sees each one's link delivery (as the server's view). */
  function signersAs(record: FakeDocumentRecord, bin: string): Document['signers'] {
    const deliveries = record.linkDeliveries;
    if (record.sender.bin !== bin || record.status === 'DRAFT' || !deliveries) return record.signers;
    return record.signers.map((signer) => {
      const linkDelivery = deliveries.get(signer.identityNumber);
      return linkDelivery ? { ...signer, linkDelivery } : signer;
    });
  }

  function documentView(record: FakeDocumentRecord, bin: string): Document {
    return {
      ...common(record, bin),
      creator: record.creator,
      files: record.files.map(({ bytes: _bytes, ...file }) => file),
      signers: signersAs(record, bin),
      rejection: record.rejection,
      allowedActions: allowedActions(record, bin),
    };
  }

  function summaryView(record: FakeDocumentRecord, bin: string): DocumentSummary {
    return {
      ...common(record, bin),
      signers: record.signers.map(({ identityNumber, nameRu, nameKk, state }) => ({
        identityNumber,
        nameRu,
        nameKk,
        state,
      })),
      fileCount: record.files.length,
    };
  }

  return { isTurn, documentView, summaryView };
}

/** The views of the documents service (see {@link createDocumentViews}). */
export type DocumentViews = ReturnType<typeof createDocumentViews>;
