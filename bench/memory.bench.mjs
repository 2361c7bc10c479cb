// `npm run bench -- memory`: idle resident memory of the built server as `npm start` runs it (development mode,
// PGlite in a fresh data folder, the development signer on) and in production on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL, a throw-away schema), side by side with the goal of issue 22 (<= 300 MiB embedded).
// Not a test: it prints figures and asserts nothing.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchDatabaseUrl,
  benchSchema,
  freePort,
  SERVER_MAIN,
  startBenchServer,
  waitFor,
} from './bench-support.mjs';

/** Seconds the server idles after /readyz before its memory is read. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const GOAL_MIB = 300;

/** Resident memory of a process (VmRSS), MiB, and how much of it is anonymous (heap, wasm) vs mapped files. */
async function residentMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
}

async function measure(name, start) {
  const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-memory-'));
  const port = await freePort();
  const child = start(port, dataDir);
  try {
    const began = Date.now();
    await waitFor(port, '/readyz', 120);
    const ready = (Date.now() - began) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    return { name, ready, ...(await residentMiB(child.pid)) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
// As `npm start` runs it (--expose-gc: the server collects initdb's garbage once up): development mode, PGlite
// created in a fresh folder, the development signer beside it.
rows.push(
  await measure('npm start (PGlite, fresh data folder)', (port, dataDir) =>
    spawn(process.execPath, ['--expose-gc', SERVER_MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        QOLTANBA_DATA_DIR: dataDir,
        QOLTANBA_DEV_SIGNER_PORT: String(0),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  ),
);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) {
  const bench = await benchSchema(benchDatabaseUrl());
  try {
    rows.push(
      await measure('production (PostgreSQL)', (port, dataDir) =>
        startBenchServer({ url: benchDatabaseUrl(), schema: bench.schema, port, dataDir }),
      ),
    );
  } finally {
    await bench.drop();
  }
}

console.log(`\nidle resident memory ${IDLE_SECONDS} s after /readyz, Node ${process.version}\n`);
console.log(
  'server                                    ready s   RSS MiB   anon MiB   file MiB   vs goal 300 MiB',
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(40)} ${r.ready.toFixed(1).padStart(8)} ${r.rss.toFixed(0).padStart(9)} ${r.anon.toFixed(0).padStart(10)} ${r.file.toFixed(0).padStart(10)}   ${(r.rss / GOAL_MIB).toFixed(2).padStart(8)}x`,
  );
}
if (rows.length < 2) console.log('\n(set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL row)');
