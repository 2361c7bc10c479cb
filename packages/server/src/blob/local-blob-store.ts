import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, isBlobKey, keyToWrite, type StoredBlob } from './blob-store.js';

export { isBlobKey } from './blob-store.js';

/** Options of {@link createLocalBlobStore}. */
export interface LocalBlobStoreOptions {
  /**
   * Where bytes are written before they are complete: the server's own temporary folder (`<dataDir>/tmp/…`), which
   * is emptied at start and shutdown, so a process killed mid-upload leaves nothing behind. The fan-out folder by default.
   */
  tempDir?: string;
}

/**
 * Removes the temporary files that versions before the server's own temporary folder wrote beside the blobs
 * (`<fan-out>/.<key>.tmp`) and a killed process left there, once older than `olderThanMs` (an upload of an older
 * instance still running on the same folder is younger). Answers how many went.
 */
export async function removeStaleBlobTempFiles(
  root: string,
  olderThanMs: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory() || folder.name.length !== 2) continue;
    for (const name of await readdir(join(root, folder.name)).catch(() => [])) {
      if (!/^\.[A-Za-z0-9_-]{22}\.tmp$/.test(name)) continue;
      const path = join(root, folder.name, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/** Moves a finished temporary file into place; a copy when the two folders are on different file systems. */
async function moveInto(temp: string, target: string): Promise<void> {
  try {
    await rename(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(temp, `${target}.part`);
    await rename(`${target}.part`, target);
    await rm(temp, { force: true });
  }
}

/**
 * A {@link BlobStore} on the local disk under `root` (`<dataDir>/blobs`, outside any served folder).
 * Files sit in two-character fan-out folders; writes go to a temporary file first and are renamed into place.
 */
export function createLocalBlobStore(root: string, options: LocalBlobStoreOptions = {}): BlobStore {
  const pathOf = (key: string) => join(root, key.slice(0, 2), key);
  const tempOf = (folder: string, key: string) => join(options.tempDir ?? folder, `.${key}.tmp`);

  return {
    async put(data, wanted) {
      const key = keyToWrite(wanted);
      const folder = join(root, key.slice(0, 2));
      await mkdir(folder, { recursive: true });
      const temp = tempOf(folder, key);
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await moveInto(temp, pathOf(key));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const stored: StoredBlob = {
        key,
        size: data.byteLength,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
      return stored;
    },

    async putStream(source, wanted) {
      const key = keyToWrite(wanted);
      const folder = join(root, key.slice(0, 2));
      await mkdir(folder, { recursive: true });
      const temp = tempOf(folder, key);
      const hash = createHash('sha256');
      let size = 0;
      const sink = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(
          source,
          async function* count(chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              size += chunk.byteLength;
              yield chunk;
            }
          },
          sink,
        );
        await moveInto(temp, pathOf(key));
      } catch (error) {
        // A write stream destroyed while its open is pending still creates the file: remove it once closed.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      const stored: StoredBlob = { key, size, sha256: hash.digest('hex') };
      return stored;
    },

    async get(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async getStream(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        // Opened first: a missing file answers undefined here, not an error in the middle of a reply.
        const handle = await open(pathOf(key), 'r');
        try {
          const { size } = await handle.stat();
          return { stream: handle.createReadStream(), size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async has(key) {
      if (!isBlobKey(key)) return false;
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      if (!isBlobKey(key)) return false;
      try {
        await unlink(pathOf(key));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
