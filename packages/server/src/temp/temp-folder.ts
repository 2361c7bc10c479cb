import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The temporary folder of one running server: uploads in progress, LibreOffice work and profile folders. */
export interface TempFolder {
  /** `<base>/<host>~<pid>~<random>`: this process's own folder, removed by {@link TempFolder.close}. */
  readonly root: string;
  /** A new empty folder inside {@link TempFolder.root} (mode 0700). */
  makeDir(prefix: string): Promise<string>;
  /** Removes the whole folder; later calls do nothing. */
  close(): Promise<void>;
}

/** Options of {@link openTempFolder}. */
export interface TempFolderOptions {
  /** The heartbeat file's time is renewed this often, so other hosts see the folder is in use. */
  heartbeatMs?: number;
  /** A folder of another host whose heartbeat is older than this is a leftover. */
  staleMs?: number;
  /** The name this host goes by in folder names; the system's host name by default. */
  host?: string;
  /** Whether a process of this host still runs; `process.kill(pid, 0)` by default. */
  isAlive?: (pid: number) => boolean;
}

const HEARTBEAT = 'alive';
const DEFAULT_HEARTBEAT_MS = 10 * 60_000;
const DEFAULT_STALE_MS = 6 * 60 * 60_000;

/** Folders opened by this process and not closed yet: several apps of one process (tests) may share a base. */
const openHere = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Host names may hold dots and dashes but never `~` or a path separator in what we keep of them. */
function safeHost(name: string): string {
  return name.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 64) || 'host';
}

/**
 * Whether `name` under `base` is left over by a process that is gone: on this host when its pid no longer runs (or
 * is ours, from an earlier life of this pid), on another host (a shared data folder) when its heartbeat is stale.
 */
async function isLeftover(
  base: string,
  name: string,
  host: string,
  isAlive: (pid: number) => boolean,
  staleMs: number,
): Promise<boolean> {
  const path = join(base, name);
  if (openHere.has(path)) return false;
  const [folderHost, pidText] = name.split('~');
  const pid = Number(pidText);
  if (folderHost === host && Number.isSafeInteger(pid) && pid > 0) {
    return pid === process.pid || !isAlive(pid);
  }
  const beat = await stat(join(path, HEARTBEAT)).catch(() => stat(path).catch(() => undefined));
  return beat === undefined || Date.now() - beat.mtimeMs > staleMs;
}

/**
 * Opens this process's temporary folder under `base` (`<dataDir>/tmp`), first removing the folders that processes
 * killed before their shutdown left there (a `kill -9` during an upload, LibreOffice profiles). Instances sharing a
 * data folder each keep their own folder and never remove a live one.
 */
export async function openTempFolder(base: string, options: TempFolderOptions = {}): Promise<TempFolder> {
  const host = safeHost(options.host ?? hostname());
  const isAlive = options.isAlive ?? processAlive;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  await mkdir(base, { recursive: true, mode: 0o700 });
  for (const name of await readdir(base)) {
    if (await isLeftover(base, name, host, isAlive, staleMs)) {
      await rm(join(base, name), { recursive: true, force: true });
    }
  }
  const root = join(base, `${host}~${process.pid}~${randomBytes(6).toString('hex')}`);
  await mkdir(root, { mode: 0o700 });
  openHere.add(root);
  const heartbeat = join(root, HEARTBEAT);
  await writeFile(heartbeat, '');
  const timer = setInterval(() => {
    const now = new Date();
    utimes(heartbeat, now, now).catch(() => undefined);
  }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  timer.unref();

  let closing: Promise<void> | undefined;
  return {
    root,
    async makeDir(prefix) {
      const path = join(root, `${prefix}-${randomBytes(8).toString('hex')}`);
      await mkdir(path, { mode: 0o700 });
      return path;
    },
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await rm(root, { recursive: true, force: true });
        openHere.delete(root);
      })();
      return closing;
    },
  };
}
