import { AppError } from '@qoltanba/core';
import type { Kysely, Selectable } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database, DocumentsTable } from '../../db/schema.js';
import { membershipCondition, requireMembership } from '../registry/index.js';
import type { DocumentCore, Participation } from './document-view.js';

/** A database or a transaction on it. */
export type Db = Kysely<Database>;

/** A document the acting company takes part in, with its participant row. */
export interface AccessibleDocument {
  row: Selectable<DocumentsTable>;
  core: DocumentCore;
  participation: Participation;
}

/** The `documents` columns {@link documentCore} reads (lists select these alone). */
export const DOCUMENT_CORE_COLUMNS = [
  'id',
  'number',
  'name',
  'status',
  'signing_method',
  'created_at',
  'updated_at',
  'sender_bin',
  'sender_name_ru',
  'sender_name_kk',
] as const;

/** The API's view of a `documents` row. */
export function documentCore(
  row: Pick<Selectable<DocumentsTable>, (typeof DOCUMENT_CORE_COLUMNS)[number]>,
): DocumentCore {
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

/** Options of {@link findAccessible}. */
export interface AccessOptions {
  /** Take the document row FOR UPDATE (inside a transaction), so changes of one document run one at a time. */
  lock?: boolean;
  /** Check in the same query that this user belongs to the company (hot reads save a round trip). */
  memberUserId?: string;
}

/**
 * The select of document `id` as company `bin` may see it: the company must have a participant row, and a
 * draft is the sender's alone. Other reads extend it with more columns.
 */
export function accessibleQuery(db: Db, bin: string, id: number, options: AccessOptions = {}) {
  let query = db
    .selectFrom('documents as d')
    .innerJoin('document_participants as p', (join) =>
      join.onRef('p.document_id', '=', 'd.id').on('p.company_bin', '=', bin),
    )
    .selectAll('d')
    .select(['p.role', 'p.folder_id', 'p.trashed_at', 'p.signed_at'])
    .where('d.id', '=', id)
    .where((eb) => eb.or([eb('p.role', '=', 'sender'), eb('d.status', '<>', 'DRAFT')]));
  if (options.memberUserId) query = query.where(membershipCondition(options.memberUserId, bin));
  if (options.lock) query = query.forUpdate('d');
  return query;
}

type AccessRow = Selectable<DocumentsTable> & {
  role: Participation['role'];
  folder_id: number | null;
  trashed_at: Date | null;
  signed_at: Date | null;
};

/** The document and participation of a row of {@link accessibleQuery}. */
export function accessibleDocument(found: AccessRow): AccessibleDocument {
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

/** The document `id` as company `bin` may see it (see {@link accessibleQuery}), or undefined. */
export async function findAccessible(
  db: Db,
  bin: string,
  id: number,
  options: AccessOptions = {},
): Promise<AccessibleDocument | undefined> {
  // A path id beyond the integer column's range names no document (PostgreSQL would fail the query).
  if (!isRowId(id)) return undefined;
  const found = await accessibleQuery(db, bin, id, options).executeTakeFirst();
  return found ? accessibleDocument(found) : undefined;
}

/**
 * Like {@link findAccessible}, but ENTITY_NOT_FOUND when it is not there: the same answer as no document.
 * With `memberUserId`, a miss first tells a non-member FORBIDDEN.
 */
export async function requireAccessible(
  db: Db,
  bin: string,
  id: number,
  options: AccessOptions = {},
): Promise<AccessibleDocument> {
  const found = await findAccessible(db, bin, id, options);
  if (found) return found;
  if (options.memberUserId) await requireMembership(db, options.memberUserId, bin);
  throw new AppError('ENTITY_NOT_FOUND');
}

/** DOCUMENT_CHANGE_FORBIDDEN unless the acting company sent the document and has it outside its trash. */
export function assertSenderMayChange(document: AccessibleDocument): void {
  if (document.participation.role !== 'sender' || document.participation.trashedAt) {
    throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
  }
}
