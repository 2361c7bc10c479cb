import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// A child process's body: creates the PGlite cluster in the folder given as its argument and exits.
const CREATE_CLUSTER = `
const { PGlite } = require(process.argv[1]);
const db = new PGlite({ dataDir: process.argv[2] });
db.waitReady.then(() => db.close()).then(
  () => process.exit(0),
  (error) => { console.error(error); process.exit(1); },
);`;

/** Whether `dataDir` holds a PGlite (PostgreSQL) cluster already. */
export function hasPGliteCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the PGlite cluster of an empty data folder in a short-lived child process, so initdb's WebAssembly
 * instance and its garbage never live in the server's process: the server then opens an existing cluster, about
 * 100 MiB less resident memory for as long as it runs (bench/memory.bench.mjs, issue 22). Answers false, doing
 * nothing, when the folder holds a cluster already.
 */
export async function createPGliteClusterApart(dataDir: string): Promise<boolean> {
  if (hasPGliteCluster(dataDir)) return false;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CREATE_CLUSTER, pglite, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(`creating the PGlite cluster in ${dataDir} failed (${signal ?? code}): ${stderr.trim()}`),
        );
    });
  });
  return true;
}
