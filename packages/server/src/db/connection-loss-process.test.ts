import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPath, VERIFICATION_PATHS } from '@qoltanba/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, freePort, SERVER_PACKAGE_DIR } from '../testing/server-process.js';

// The real server as its own process (src/main.ts bundled with esbuild, dependencies from node_modules), under
// pg_terminate_backend of its own backends: the process must live through it. connection-loss.test.ts checks the
// answers in detail in-process; this one checks what only a process shows (an unhandled 'error' event ends it).

const url = process.env.TEST_DATABASE_URL ?? '';
const packageDir = SERVER_PACKAGE_DIR;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)('the server process when its PostgreSQL connections are terminated', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const applicationName = `qoltanba_proc_${randomBytes(4).toString('hex')}`;
  const outDir = join(
    packageDir,
    'node_modules',
    '.cache',
    `connection-loss-${randomBytes(4).toString('hex')}`,
  );
  const dataDir = join(outDir, 'data');
  let admin: pg.Client;
  let child: ChildProcess;
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let output = '';
  let base = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await mkdir(dataDir, { recursive: true });
    const main = await bundleServer(outDir);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const databaseUrl = new URL(url);
    databaseUrl.searchParams.set('application_name', applicationName);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    child = spawn(process.execPath, [main], {
      cwd: packageDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl.toString(),
        QOLTANBA_TOKEN_SECRET: randomBytes(32).toString('hex'),
        QOLTANBA_DATA_DIR: dataDir,
        QOLTANBA_PORTAL_DIR: join(outDir, 'none'),
        QOLTANBA_WIDGETS_DIR: join(outDir, 'none'),
        QOLTANBA_SDK_DIR: join(outDir, 'none'),
        QOLTANBA_HELP_WIDGET_DIR: join(outDir, 'none'),
        RATE_LIMIT_MAX: '1000000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      exited = { code, signal };
    });
    for (let attempt = 0; attempt < 300; attempt++) {
      if (exited) throw new Error(`the server exited at start: ${JSON.stringify(exited)}\n${output}`);
      const ready = await fetch(`${base}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    throw new Error(`the server did not get ready\n${output}`);
  }, 60_000);

  afterAll(async () => {
    if (child && !exited) {
      child.kill('SIGTERM');
      for (let attempt = 0; attempt < 100 && !exited; attempt++) await sleep(100);
      if (!exited) child.kill('SIGKILL');
    }
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
    await rm(outDir, { recursive: true, force: true });
  });

  it('stays up, answers no 5xx but 503 during the fault, and is ready again by itself', async () => {
    const statuses = new Map<number, number>();
    let faulting = true;
    const stored = apiPath(VERIFICATION_PATHS.storedFile, { docId: '424242', fileId: '1' });
    const lookups = ['/readyz', `${stored}?sha256=abcdefabcdef`];
    const worker = async (n: number) => {
      for (let i = n; faulting; i++) {
        const status = await fetch(`${base}${lookups[i % lookups.length]}`).then(
          (res) => res.status,
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));
    let killed = 0;
    for (let round = 0; round < 25; round++) {
      const { rows } = await admin.query<{ killed: boolean }>(
        `select pg_terminate_backend(pid) as killed from pg_stat_activity
          where application_name = $1 and pid <> pg_backend_pid()`,
        [applicationName],
      );
      killed += rows.filter((row) => row.killed).length;
      await sleep(80);
    }
    faulting = false;
    await workers;

    expect(killed).toBeGreaterThan(0);
    expect(exited, output).toBeUndefined();
    // 0 would be a refused connection: the process was gone. 429 is the lookup route's own rate limit.
    const unexpected = [...statuses.keys()].filter((status) => ![200, 404, 429, 503].includes(status));
    expect(unexpected, output).toEqual([]);
    let ready = false;
    for (let attempt = 0; attempt < 50 && !ready; attempt++) {
      ready = (await fetch(`${base}/readyz`).then((res) => res.status)) === 200;
      if (!ready) await sleep(100);
    }
    expect(ready).toBe(true);
    expect(exited, output).toBeUndefined();
  }, 60_000);
});
