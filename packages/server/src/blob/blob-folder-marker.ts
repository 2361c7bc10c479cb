import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The file in a blob folder that names it: a random id, recorded in the database at first start. */
export const BLOB_FOLDER_MARKER_FILE = '.qoltanba-blob-folder';

/** Thrown when the local blob folder is not the one the database's files are in; the message is for the operator. */
export class BlobFolderMismatchError extends Error {
  override readonly name = 'BlobFolderMismatchError';
}

async function readMarker(path: string): Promise<string | undefined> {
  try {
    const marker = (await readFile(path, 'utf8')).trim();
    return marker === '' ? undefined : marker;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The folder's marker, made now when it has none (exclusively: instances sharing the folder agree on one). */
async function ensureMarker(root: string, path: string): Promise<string> {
  await mkdir(root, { recursive: true });
  try {
    const file = await open(path, 'wx', 0o600);
    try {
      const marker = randomBytes(16).toString('hex');
      await file.writeFile(`${marker}\n`);
      return marker;
    } finally {
      await file.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const marker = await readMarker(path);
  if (!marker) throw new BlobFolderMismatchError(`${path} is empty: delete it and start again.`);
  return marker;
}

/**
 * Makes sure the local blob folder `root` is the one this database's files are in, so two instances on one
 * PostgreSQL database never keep their uploads in separate folders (each would answer for files only the other has).
 * The first start writes a random marker into the folder and records it in the database; later starts, on this
 * instance or on others sharing the folder (NFS), find the same marker. A folder without a marker, or with another
 * one, is refused with {@link BlobFolderMismatchError} once the database knows a marker.
 */
export async function claimBlobFolder(db: Kysely<Database>, root: string): Promise<void> {
  const path = join(root, BLOB_FOLDER_MARKER_FILE);
  const known = await db.selectFrom('blob_folder').select('marker').executeTakeFirst();
  const found = await readMarker(path);
  if (known && !found) {
    throw new BlobFolderMismatchError(
      `The blob folder ${root} has no ${BLOB_FOLDER_MARKER_FILE}, but this database's files are in a folder marked ` +
        `${known.marker}: another instance keeps them elsewhere. Until object storage exists, every instance on one ` +
        'database must share one blob folder (QOLTANBA_DATA_DIR/blobs, e.g. on NFS). If the files were moved here, ' +
        `copy ${BLOB_FOLDER_MARKER_FILE} along with them.`,
    );
  }
  const marker = found ?? (await ensureMarker(root, path));
  // One row: of two instances starting at once with different folders, the first insert wins.
  await db
    .insertInto('blob_folder')
    .values({ marker })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const recorded = await db.selectFrom('blob_folder').select('marker').executeTakeFirstOrThrow();
  if (recorded.marker !== marker) {
    throw new BlobFolderMismatchError(
      `The blob folder ${root} is marked ${marker}, but this database's files are in a folder marked ` +
        `${recorded.marker}: this is another instance's folder, or another database's. Every instance on one ` +
        'database must share one blob folder (QOLTANBA_DATA_DIR/blobs, e.g. on NFS).',
    );
  }
}
