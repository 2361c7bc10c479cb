import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Thrown when another live process already uses the data folder. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Takes `<dir>/qoltanba.lock` for this process: PGlite has no locking of its own, and two processes on
 * one data folder would corrupt it. A lock left by a dead process is taken over. Resolves to the release function.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'qoltanba.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(path, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(`The data folder ${dir} is in use by process ${owner}; stop it first.`);
      }
      if (owner === process.pid) {
        throw new DataDirLockedError(`The data folder ${dir} is already open in this process.`);
      }
      // Stale lock from a process that is gone: remove it and try again.
      await rm(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
