import type { Document, DocumentBox } from '@qoltanba/core';
import { type PathName, pathTo } from '../../../routes/routePaths';

/** The screen a row of each box opens: the document card, and for a draft its editor. */
export const DOCUMENT_ROUTE_OF_BOX = {
  incoming: 'IncomingDoc',
  outgoing: 'OutgoingDoc',
  draft: 'DraftDoc',
  trash: 'TrashDoc',
} as const satisfies Record<DocumentBox, PathName>;

/**
 * The box a document sits in for the acting company: its trash, its drafts or outgoing as the sender,
 * incoming as a signer or approver.
 */
export function boxOf(document: Pick<Document, 'status' | 'role'>): DocumentBox {
  if (document.status === 'TRASH') return 'trash';
  if (document.role !== 'sender') return 'incoming';
  return document.status === 'DRAFT' ? 'draft' : 'outgoing';
}

/** The address a row of `box` opens. */
export function documentPathIn(box: DocumentBox, id: number): string {
  return pathTo(DOCUMENT_ROUTE_OF_BOX[box], { id });
}

/** The folder screen showing `box` of folder `id`. */
export function folderPath(id: number, box: DocumentBox): string {
  return `${pathTo('Folder', { id })}?${new URLSearchParams({ box })}`;
}
