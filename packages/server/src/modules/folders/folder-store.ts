import { AppError, type Folder } from '@qoltanba/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import { foreignKeyViolation, uniqueViolation } from '../../db/constraint-violation.js';
import { isRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';

/** Namespace (first key) of the per-company folder-tree advisory lock, apart from the job and migration locks. */
export const FOLDER_TREE_LOCK_NAMESPACE = 0x46_6c_64; // "Fld"

/** A folder row as the API shows it, without its document count. */
export type StoredFolder = Omit<Folder, 'documentCount'>;

function toFolder(row: {
  id: number;
  name: string;
  parent_id: number | null;
  created_at: Date;
}): StoredFolder {
  return { id: row.id, name: row.name, parentId: row.parent_id, createdAt: row.created_at.toISOString() };
}

const FOLDER_COLUMNS = ['id', 'name', 'parent_id', 'created_at'] as const;

/**
 * Runs `fn` in a transaction holding the company's folder-tree lock. Creates, moves and deletes of one company's
 * folders take turns: a move's cycle check and a delete's subtree then see a tree nobody changes under them
 * (two concurrent moves could otherwise each pass the check and make a loop together).
 */
async function withFolderTree<T>(
  db: Kysely<Database>,
  bin: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FOLDER_TREE_LOCK_NAMESPACE}, hashtext(${bin}))`.execute(trx);
    return fn(trx);
  });
}

/** Maps the sibling-name index to FOLDER_NAME_TAKEN and a vanished parent to FOLDER_NOT_FOUND. */
function folderWriteError(error: unknown): unknown {
  if (uniqueViolation(error)?.includes('folders_sibling_name_idx')) {
    return new AppError('FOLDER_NAME_TAKEN', undefined, { cause: error });
  }
  if (foreignKeyViolation(error) !== undefined)
    return new AppError('FOLDER_NOT_FOUND', undefined, { cause: error });
  return error;
}

/** The company's folders, flat (each with its parentId), by name. */
export async function listFolders(db: Kysely<Database>, bin: string): Promise<StoredFolder[]> {
  const rows = await db
    .selectFrom('folders')
    .select(FOLDER_COLUMNS)
    .where('company_bin', '=', bin)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toFolder);
}

/** One folder of the company, or undefined (also for another company's folder). */
export async function findFolder(
  db: Kysely<Database>,
  bin: string,
  folderId: number,
): Promise<StoredFolder | undefined> {
  if (!isRowId(folderId)) return undefined;
  const row = await db
    .selectFrom('folders')
    .select(FOLDER_COLUMNS)
    .where('company_bin', '=', bin)
    .where('id', '=', folderId)
    .executeTakeFirst();
  return row ? toFolder(row) : undefined;
}

/**
 * True when `folderId` is a folder of the company `bin` (false for another company's folder, indistinguishable
 * from a missing one). For the documents module's `moveDocumentToFolder`: call it inside the transaction that
 * writes the document's folder reference, before that write. It takes a KEY SHARE lock on the folder row, so a
 * concurrent delete of the folder waits for that transaction and then clears the new reference through the
 * `foldersDeleted` hook; a delete that went first makes it answer false.
 *
 * @example if (!(await folderExists(trx, bin, body.folderId))) throw new AppError('FOLDER_NOT_FOUND');
 */
export async function folderExists(db: Kysely<Database>, bin: string, folderId: number): Promise<boolean> {
  if (!isRowId(folderId)) return false;
  const row = await db
    .selectFrom('folders')
    .select('id')
    .where('company_bin', '=', bin)
    .where('id', '=', folderId)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** Creates a folder (a subfolder when `parentId` is set): FOLDER_NOT_FOUND for an unknown parent, FOLDER_NAME_TAKEN. */
export async function createFolder(
  db: Kysely<Database>,
  bin: string,
  input: { name: string; parentId?: number | null },
  now: Date,
): Promise<StoredFolder> {
  const parentId = input.parentId ?? null;
  try {
    return await withFolderTree(db, bin, async (trx) => {
      if (parentId !== null && !(await findFolder(trx, bin, parentId)))
        throw new AppError('FOLDER_NOT_FOUND');
      const row = await trx
        .insertInto('folders')
        .values({ company_bin: bin, parent_id: parentId, name: input.name, created_at: now })
        .returning(FOLDER_COLUMNS)
        .executeTakeFirstOrThrow();
      return toFolder(row);
    });
  } catch (error) {
    throw folderWriteError(error);
  }
}

/** True when `ancestorId` is `folderId` itself or one of the folders above it. */
async function isSelfOrAncestor(
  trx: Transaction<Database>,
  ancestorId: number,
  folderId: number,
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    with recursive chain(id, parent_id) as (
      select id, parent_id from folders where id = ${folderId}
      union
      select folders.id, folders.parent_id from folders join chain on folders.id = chain.parent_id
    )
    select id from chain where id = ${ancestorId}`.execute(trx);
  return rows.length > 0;
}

/**
 * Renames and/or moves a folder (`parentId` null: to the top level; absent: stays). FOLDER_NOT_FOUND for an
 * unknown folder or parent, FOLDER_CYCLE for a move into itself or one of its subfolders, FOLDER_NAME_TAKEN
 * when a sibling at the destination has the name.
 */
export async function updateFolder(
  db: Kysely<Database>,
  bin: string,
  folderId: number,
  changes: { name?: string | undefined; parentId?: number | null | undefined },
): Promise<StoredFolder> {
  try {
    return await withFolderTree(db, bin, async (trx) => {
      const folder = await findFolder(trx, bin, folderId);
      if (!folder) throw new AppError('FOLDER_NOT_FOUND');
      const { parentId } = changes;
      if (parentId !== undefined && parentId !== null) {
        if (!(await findFolder(trx, bin, parentId))) throw new AppError('FOLDER_NOT_FOUND');
        if (await isSelfOrAncestor(trx, folderId, parentId)) throw new AppError('FOLDER_CYCLE');
      }
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(parentId !== undefined ? { parent_id: parentId } : {}),
      };
      if (Object.keys(set).length === 0) return folder;
      const row = await trx
        .updateTable('folders')
        .set(set)
        .where('company_bin', '=', bin)
        .where('id', '=', folderId)
        .returning(FOLDER_COLUMNS)
        .executeTakeFirstOrThrow();
      return toFolder(row);
    });
  } catch (error) {
    throw folderWriteError(error);
  }
}

/**
 * Deletes a folder and its whole subtree in one statement, then runs `afterDelete` in the same transaction with
 * every deleted id (the documents module takes its documents out of them there). FOLDER_NOT_FOUND when the
 * company has no such folder. Answers the deleted ids.
 */
export async function deleteFolderTree(
  db: Kysely<Database>,
  bin: string,
  folderId: number,
  afterDelete: (trx: Transaction<Database>, folderIds: readonly number[]) => Promise<void>,
): Promise<number[]> {
  if (!isRowId(folderId)) throw new AppError('FOLDER_NOT_FOUND');
  return withFolderTree(db, bin, async (trx) => {
    const { rows } = await sql<{ id: number }>`
      with recursive subtree(id) as (
        select id from folders where company_bin = ${bin} and id = ${folderId}
        union
        select folders.id from folders join subtree on folders.parent_id = subtree.id
      )
      delete from folders where id in (select id from subtree) returning id`.execute(trx);
    if (rows.length === 0) throw new AppError('FOLDER_NOT_FOUND');
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    await afterDelete(trx, ids);
    return ids;
  });
}
