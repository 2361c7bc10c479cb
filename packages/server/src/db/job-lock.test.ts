import { describe, expect, it } from 'vitest';
import { deferred } from '../testing/deferred.js';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';
import { withJobLock } from './job-lock.js';

describe.each(testDatabases())('withJobLock on $name', (backend) => {
  const database = useSuiteDatabase(backend);

  it('runs the job and returns its value', async () => {
    const result = await withJobLock(database.db, 'purge', async () => 42);
    expect(result).toEqual({ ran: true, value: 42 });
  });

  it('never runs the same job twice at once, and releases the lock afterwards', async () => {
    let running = 0;
    let maxRunning = 0;
    const firstStarted = deferred();
    const gate = deferred();
    const job = async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      firstStarted.resolve();
      await gate.promise;
      running -= 1;
      return 'done';
    };
    const first = withJobLock(database.db, 'reminders', job);
    // The first caller holds the lock once its job runs; only then does the second one ask.
    await firstStarted.promise;
    const second = withJobLock(database.db, 'reminders', job);
    if (backend.name === 'postgres') {
      // Another session holds the lock: the second caller skips at once instead of waiting.
      expect(await second).toEqual({ ran: false });
    }
    gate.resolve();
    const results = await Promise.all([first, second]);
    expect(maxRunning).toBe(1);
    expect(results[0]).toEqual({ ran: true, value: 'done' });
    if (backend.name === 'pglite') {
      // PGlite has one session: the second caller waits for it and runs after the first.
      expect(results[1]).toEqual({ ran: true, value: 'done' });
    }
    expect(await withJobLock(database.db, 'reminders', async () => 'again')).toEqual({
      ran: true,
      value: 'again',
    });
  });

  // A single PGlite session cannot hold two transactions at once, so this applies to PostgreSQL only.
  if (backend.name === 'postgres') {
    it('different job names do not block each other', async () => {
      const started = deferred();
      const gate = deferred();
      const first = withJobLock(database.db, 'a-job', async () => {
        started.resolve();
        await gate.promise;
      });
      await started.promise;
      const other = await withJobLock(database.db, 'b-job', async () => 'b');
      gate.resolve();
      await first;
      expect(other).toEqual({ ran: true, value: 'b' });
    });
  }

  it('releases the lock when the job throws', async () => {
    await expect(
      withJobLock(database.db, 'fails', async () => {
        throw new Error('job failed');
      }),
    ).rejects.toThrow('job failed');
    expect(await withJobLock(database.db, 'fails', async () => 1)).toEqual({ ran: true, value: 1 });
  });
});
