import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPGlite } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const cacheDir = resolve(here, '../../node_modules/.cache/qoltanba-server');

/** Path of the migrated-template dump; its name changes whenever a migration changes. */
export function templatePath(): string {
  const hash = createHash('sha256');
  for (const migration of migrations)
    hash
      .update(migration.id)
      .update('\0')
      .update(migration.sql)
      .update('\0')
      .update(migration.run?.toString() ?? '')
      .update('\0');
  return join(cacheDir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Creates the migrated PGlite template dump when missing (initdb takes seconds: done once per run). */
export async function ensureTemplate(): Promise<string> {
  const path = templatePath();
  if (await exists(path)) return path;
  const handle = await openPGlite();
  try {
    await migrate(handle.db);
    const dump = await handle.pglite.dumpDataDir('none');
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, new Uint8Array(await dump.arrayBuffer()));
    await rename(temp, path);
  } finally {
    await handle.close();
  }
  return path;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

let template: Promise<Blob> | undefined;

/** The migrated template as a Blob, read once per test process. */
export function loadTemplate(): Promise<Blob> {
  template ??= ensureTemplate()
    .then((path) => readFile(path))
    .then((bytes) => new Blob([new Uint8Array(bytes)], { type: 'application/x-tar' }));
  return template;
}
