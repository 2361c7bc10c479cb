import { AppError } from '@qoltanba/core';
import type { Kysely, Selectable } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database, DocumentsTable } from '../../db/schema.js';
import type { DocumentCore, Participation } from './document-view.js';

/** A database or a transaction on it. */
export type Db = Kysely<Database>;

/** A document the acting company takes part in, with its participant row. */
export interface AccessibleDocument {
  row: Selectable<DocumentsTable>;
  core: DocumentCore;
  participation: Participation;
}

/** The API's view of a `documents` row. */
export function documentCore(row: Selectable<DocumentsTable>): DocumentCore {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status,
    signingMethod: row.signing_method,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    sender: { bin: row.sender_bin, nameRu: row.sender_name_ru, nameKk: row.sender_name_kk },
  };
}

/**
 * The document `id` as company `bin` may see it, or undefined: the company must have a participant row, and
 * a draft is the sender's alone. `lock` takes the document row FOR UPDATE (inside a transaction), so every
 * change of one document runs one at a time.
 */
export async function findAccessible(
  db: Db,
  bin: string,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccessibleDocument | undefined> {
  // A path id beyond the integer column's range names no document (PostgreSQL would fail the query).
  if (!isRowId(id)) return undefined;
  let query = db
    .selectFrom('documents as d')
    .innerJoin('document_participants as p', (join) =>
      join.onRef('p.document_id', '=', 'd.id').on('p.company_bin', '=', bin),
    )
    .selectAll('d')
    .select(['p.role', 'p.folder_id', 'p.trashed_at', 'p.signed_at'])
    .where('d.id', '=', id)
    .where((eb) => eb.or([eb('p.role', '=', 'sender'), eb('d.status', '<>', 'DRAFT')]));
  if (options.lock) query = query.forUpdate('d');
  const found = await query.executeTakeFirst();
  if (!found) return undefined;
  const { role, folder_id, trashed_at, signed_at, ...row } = found;
  return {
    row,
    core: documentCore(row),
    participation: {
      role,
      folderId: folder_id,
      trashedAt: trashed_at ? new Date(trashed_at) : null,
      signedAt: signed_at ? new Date(signed_at) : null,
    },
  };
}

/** Like {@link findAccessible}, but ENTITY_NOT_FOUND when it is not there: the same answer as no document. */
export async function requireAccessible(
  db: Db,
  bin: string,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AccessibleDocument> {
  const found = await findAccessible(db, bin, id, options);
  if (!found) throw new AppError('ENTITY_NOT_FOUND');
  return found;
}

/** DOCUMENT_CHANGE_FORBIDDEN unless the acting company sent the document and has it outside its trash. */
export function assertSenderMayChange(document: AccessibleDocument): void {
  if (document.participation.role !== 'sender' || document.participation.trashedAt) {
    throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
  }
}
