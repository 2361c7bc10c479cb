import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestPGlite, openTestPostgres, testDatabases } from '../testing/test-databases.js';
import { type DatabaseHandle, openPostgres } from './database.js';
import { createLiveChannel, type LiveChannel, notifyLive } from './live-channel.js';

/** Resolves with the payloads heard once `count` arrived (undefined: the session came back). */
function collect(live: LiveChannel, topic: 'support' | 'unread' | 'qr') {
  const heard: Array<string | undefined> = [];
  const waiters: Array<() => void> = [];
  live.subscribe(topic, (payload) => {
    heard.push(payload);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    heard,
    async until(predicate: (heard: Array<string | undefined>) => boolean, ms = 5000) {
      const deadline = Date.now() + ms;
      while (!predicate(heard)) {
        if (Date.now() > deadline) throw new Error(`not heard in time: ${JSON.stringify(heard)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

describe.each(testDatabases())('the live channel on $name', (backend) => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });
  const start = async (database: DatabaseHandle) => {
    const live = createLiveChannel(database, { retryMs: 50 });
    open.push(live);
    await live.start();
    return live;
  };

  it('delivers a notification at its commit, never one rolled back, and one outside a transaction at once', async () => {
    const database = await backend.open();
    open.push(database);
    const live = await start(database);
    const support = collect(live, 'support');
    const unread = collect(live, 'unread');
    await database.db.transaction().execute(async (trx) => {
      await notifyLive(trx, 'support', 'visitor:1');
      // Not before the commit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(support.heard).toEqual([]);
    });
    await support.until((heard) => heard.length === 1);
    await database.db
      .transaction()
      .execute(async (trx) => {
        await notifyLive(trx, 'support', 'rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await live.notify(database.db, 'unread', 'u1,u2');
    await unread.until((heard) => heard.length === 1);
    await notifyLive(database.db, 'support', 'visitor:2');
    await support.until((heard) => heard.length === 2);
    expect(support.heard).toEqual(['visitor:1', 'visitor:2']);
    expect(unread.heard).toEqual(['u1,u2']);
  });

  if (backend.name === 'pglite') {
    it('hears nothing of another PGlite database', async () => {
      const one = await openTestPGlite();
      const two = await openTestPGlite();
      open.push(one, two);
      const heard = collect(await start(two), 'qr');
      await notifyLive(one.db, 'qr', 'elsewhere');
      await notifyLive(two.db, 'qr', 'here');
      await heard.until((payloads) => payloads.length === 1);
      expect(heard.heard).toEqual(['here']);
    });
    return;
  }

  const url = process.env.TEST_DATABASE_URL ?? '';

  it('hears another instance on the same schema and nothing of another schema', async () => {
    const first = await openTestPostgres(url);
    const other = await openTestPostgres(url);
    open.push(first, other);
    // Another instance of the same deployment: its own pool on the same schema.
    const second = openPostgres(url, { searchPath: first.schema, max: 1 });
    open.push(second);
    const heard = collect(await start(first), 'support');
    await notifyLive(other.db, 'support', 'other schema');
    await notifyLive(second.db, 'support', 'same schema, another pool');
    await heard.until((payloads) => payloads.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.heard).toEqual(['same schema, another pool']);
  });

  it('reopens a lost listening session and wakes every listener to catch up', async () => {
    const applicationName = `live-${randomBytes(4).toString('hex')}`;
    const database = await openTestPostgres(url, { applicationName });
    open.push(database);
    const live = await start(database);
    const support = collect(live, 'support');
    const qr = collect(live, 'qr');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [`${applicationName} listen`],
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // Back: every topic's listeners hear "anything may have changed", then notifications as before.
    await support.until((heard) => heard.includes(undefined));
    await qr.until((heard) => heard.includes(undefined));
    expect(live.listening).toBe(true);
    await notifyLive(database.db, 'support', 'after');
    await support.until((heard) => heard.at(-1) === 'after');
  });
});
