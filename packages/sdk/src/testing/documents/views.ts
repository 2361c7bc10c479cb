import {
  allowedActions,
  type Document,
  type DocumentSummary,
  TRASH_RETENTION_DAYS,
  trashInfo,
  viewStatus,
} from '@qoltanba/core';
import type { FakeDocumentRecord } from './records';
import { partyOf, signingStateOf } from './signingState';

// What a company sees of a stored document: the full view, the list summary and the actions it may take now.

/** The views of the documents service; trash countdowns follow the fake's clock. */
export function createDocumentViews(now: () => Date) {
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
      trash: trashInfo(trashedAt === undefined ? null : new Date(trashedAt), now(), TRASH_RETENTION_DAYS),
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
      allowedActions: allowedActions(signingStateOf(record), partyOf(record, bin)),
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

  return { documentView, summaryView };
}

/** The views of the documents service (see {@link createDocumentViews}). */
export type DocumentViews = ReturnType<typeof createDocumentViews>;
