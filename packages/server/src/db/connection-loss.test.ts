import { randomBytes } from 'node:crypto';
import { PROFILE_PATHS } from '@qoltanba/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyError } from '../http/error-reply.js';
import { startPeriodicJob } from '../jobs/periodic-job.js';
import { call, nextIp } from '../testing/accounts.js';
import { type CompanyMember, registerMember } from '../testing/companies.js';
import { listPath, validBin } from '../testing/documents.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { openTestPostgres } from '../testing/test-databases.js';
import { DatabaseUnavailableError } from './connection-failure.js';
import { openPostgres } from './database.js';
import { withJobLock } from './job-lock.js';

const url = process.env.TEST_DATABASE_URL ?? '';

/** Terminates the backends of one application_name only: other suites share the test database. */
async function terminateOwnBackends(admin: pg.Client, applicationName: string): Promise<number> {
  const { rows } = await admin.query<{ killed: boolean }>(
    `select pg_terminate_backend(pid) as killed from pg_stat_activity
      where application_name = $1 and pid <> pg_backend_pid()`,
    [applicationName],
  );
  return rows.filter((row) => row.killed).length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)('a PostgreSQL connection that dies under load', () => {
  const applicationName = `qoltanba_fault_${randomBytes(4).toString('hex')}`;
  const processErrors: unknown[] = [];
  const onProcessError = (error: unknown) => void processErrors.push(error);
  let server: TestApp;
  let member: CompanyMember;
  let admin: pg.Client;

  beforeAll(async () => {
    process.on('uncaughtException', onProcessError);
    process.on('unhandledRejection', onProcessError);
    server = await createTestApp({
      backend: { name: 'postgres', open: () => openTestPostgres(url, { applicationName, max: 6 }) },
    });
    member = await registerMember(server, 'fault@example.kz', validBin(7));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
    process.off('uncaughtException', onProcessError);
    process.off('unhandledRejection', onProcessError);
  });

  /** One request of the load: reads in and out of transactions, and a write. */
  function request(n: number) {
    const options = { token: member.token, ip: nextIp() };
    if (n % 3 === 0) return call(server, 'GET', listPath(member.bin, { box: 'outgoing' }), options);
    if (n % 3 === 1) return call(server, 'GET', PROFILE_PATHS.user, options);
    const body = { firstname: 'Айгерим', lastname: `Бекова${n % 10}` };
    return call(server, 'PUT', PROFILE_PATHS.user, { ...options, body });
  }

  it('answers 503 DATABASE_UNAVAILABLE (never a 500, never a crash) and recovers by itself', async () => {
    const statuses = new Map<number, number>();
    const refusals: Array<{ code: unknown; retryAfter: string | undefined; params: unknown }> = [];
    let faulting = true;
    let sent = 0;
    const worker = async () => {
      while (faulting) {
        const res = await request(sent++);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== 200) {
          const body = res.json() as { code?: unknown; params?: unknown };
          refusals.push({
            code: body.code,
            retryAfter: res.headers['retry-after'] as string,
            params: body.params,
          });
        }
      }
    };
    // A periodic job under its advisory lock, as housekeeping and webhook delivery run.
    let jobRuns = 0;
    const jobErrors: unknown[] = [];
    const job = startPeriodicJob({
      intervalMs: 20,
      firstDelayMs: 0,
      run: async () => {
        const result = await withJobLock(server.services.database.db, applicationName, async (trx) => {
          await sql`select pg_sleep(0.01)`.execute(trx);
        });
        if (result.ran) jobRuns += 1;
      },
      onError: (error) => void jobErrors.push(error),
    });
    const workers = Promise.all(Array.from({ length: 8 }, () => worker()));
    workers.catch(() => undefined);
    let killed = 0;
    for (let round = 0; round < 25; round++) {
      killed += await terminateOwnBackends(admin, applicationName);
      await sleep(80);
    }
    faulting = false;
    await workers;

    expect(killed).toBeGreaterThan(0);
    expect(processErrors).toEqual([]);
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const refusal of refusals) {
      expect(refusal).toEqual({ code: 'DATABASE_UNAVAILABLE', retryAfter: '5', params: { retryAfter: 5 } });
    }

    // Within a few seconds every request succeeds again, without a restart.
    let ready = false;
    for (let attempt = 0; attempt < 50 && !ready; attempt++) {
      ready = (await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200;
      if (!ready) await sleep(100);
    }
    expect(ready).toBe(true);
    const after = await Promise.all(Array.from({ length: 12 }, (_, n) => request(n)));
    expect(after.map((res) => res.statusCode)).toEqual(after.map(() => 200));
    // The job failed during the fault, was not stuck on a lock of a dead session, and runs again.
    expect(jobErrors.length).toBeGreaterThan(0);
    expect(jobErrors.every((error) => error instanceof DatabaseUnavailableError)).toBe(true);
    const runsAfterFault = jobRuns;
    for (let attempt = 0; attempt < 50 && jobRuns < runsAfterFault + 3; attempt++) await sleep(100);
    await job.stop();
    expect(jobRuns).toBeGreaterThanOrEqual(runsAfterFault + 3);
    expect(processErrors).toEqual([]);
  });

  it('fails a query as unavailable (503) when the database cannot be reached at all', async () => {
    // A port where nothing listens: every connect is refused.
    const unreachable = new URL(url);
    unreachable.port = '1';
    const handle = openPostgres(unreachable.toString(), { applicationName, connectTimeoutMs: 2000 });
    try {
      const failure = await sql`select 1`.execute(handle.db).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect(classifyError(failure)).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    } finally {
      await handle.close();
    }
    expect(processErrors).toEqual([]);
  });
});
