import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPGlite } from '../db/database.js';
import { createUser } from '../modules/account/index.js';
import { findSupportOperator } from '../modules/support/index.js';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';
import { ADMIN_USAGE, runAdmin } from './admin-cli.js';

/** Captured output of one command. */
function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      stdout: { write: (text: string) => void out.push(text) },
      stderr: { write: (text: string) => void err.push(text) },
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

const at = new Date('2026-03-02T06:00:00Z');

describe.each(testDatabases())('the admin command on $name', (backend) => {
  const suite = useSuiteDatabase(backend);
  const run = async (...args: string[]) => {
    const output = capture();
    const code = await runAdmin(args, {}, output.io, {
      database: { kind: backend.name, db: suite.db, close: async () => undefined },
      clock: () => at,
    });
    return { code, out: output.out(), err: output.err() };
  };

  it('grants the operator role to a login before it registers, lists and revokes it', async () => {
    expect(await run('support-operator', 'grant', ' Operator@Example.KZ ')).toEqual({
      code: 0,
      out: 'granted: operator@example.kz\n',
      err: '',
    });
    expect((await run('support-operator', 'grant', 'operator@example.kz')).out).toBe(
      'already an operator: operator@example.kz\n',
    );
    expect((await run('support-operator', 'grant', '8 (701) 234-56-78')).out).toBe('granted: +77012345678\n');
    expect((await run('support-operator', 'list')).out).toBe(
      `+77012345678\t${at.toISOString()}\noperator@example.kz\t${at.toISOString()}\n`,
    );
    // The account registered later is an operator.
    const userId = await createUser(suite.db, {
      contact: { kind: 'email', value: 'operator@example.kz' },
      passwordHash: 'x',
      firstname: 'Дана',
      lastname: 'Оператор',
      lang: 'kk',
      createdAt: at,
    });
    expect(await findSupportOperator(suite.db, userId)).toEqual({ userId, firstName: 'Дана' });
    expect((await run('support-operator', 'revoke', 'operator@example.kz')).out).toBe(
      'revoked: operator@example.kz\n',
    );
    expect(await findSupportOperator(suite.db, userId)).toBeUndefined();
    expect((await run('support-operator', 'revoke', 'operator@example.kz')).out).toBe(
      'not an operator: operator@example.kz\n',
    );
    expect((await run('support-operator', 'list')).out).toBe(`+77012345678\t${at.toISOString()}\n`);
  });

  it('answers usage errors with exit code 2 and touches nothing', async () => {
    for (const args of [
      [],
      ['support-operator'],
      ['support-operator', 'grant'],
      ['support-operator', 'list', 'x'],
      ['other'],
    ]) {
      expect(await run(...args)).toEqual({ code: 2, out: '', err: ADMIN_USAGE });
    }
    const bad = await run('support-operator', 'grant', 'not a login');
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('neither an e-mail nor')]);
    expect((await run('support-operator', 'list')).out).toBe('');
  });
});

describe('the admin command on a PGlite data folder', () => {
  it('creates and migrates the database when needed, and refuses while the server holds the folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-admin-'));
    try {
      const env = { QOLTANBA_DATA_DIR: dataDir, NODE_ENV: 'test' };
      const first = capture();
      expect(await runAdmin(['support-operator', 'grant', 'e2e-operator@example.kz'], env, first.io)).toBe(0);
      expect(first.out()).toBe('granted: e2e-operator@example.kz\n');
      const server = await openPGlite({ dataDir: join(dataDir, 'pglite') });
      try {
        const refused = capture();
        expect(await runAdmin(['support-operator', 'list'], env, refused.io)).toBe(1);
        expect(refused.err()).toContain('stop it, or use DATABASE_URL');
      } finally {
        await server.close();
      }
      const listed = capture();
      expect(await runAdmin(['support-operator', 'list'], env, listed.io)).toBe(0);
      expect(listed.out()).toMatch(/^e2e-operator@example\.kz\t/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(testDatabases())('payments through the admin command on $name', (backend) => {
  const suite = useSuiteDatabase(backend);
  const run = async (...args: string[]) => {
    const output = capture();
    const code = await runAdmin(args, { USER: 'accountant' }, output.io, {
      database: { kind: backend.name, db: suite.db, close: async () => undefined },
      clock: () => at,
    });
    return { code, out: output.out(), err: output.err() };
  };

  it('registers a payment by invoice number or UIN: activates once, records who, refuses unknown invoices', async () => {
    const order = await suite.db
      .insertInto('billing_orders')
      .values({
        company_bin: '200140000019',
        plan: 'monthly',
        status: 'NEW',
        amount_tiyn: 500_000,
        uin: 'QT1111222233334444',
        created_by: null,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const underpaid = await run('payment', 'register', 'QT1111222233334444', '1000,50', 'ref-1');
    expect(underpaid).toMatchObject({ code: 0, err: '' });
    expect(underpaid.out).toBe(`underpaid: order ${order.id} of 200140000019 (NEW), balance 0.00 KZT\n`);
    const activated = await run('payment', 'register', 'QT1111222233334444', '4000', 'ref-2', '--by', 'Dana');
    expect(activated.out).toBe(
      `activated: order ${order.id} of 200140000019 (PAID, tariff 2026-03-02T06:00:00.000Z - 2026-04-02T06:00:00.000Z), balance 0.50 KZT\n`,
    );
    expect((await run('payment', 'register', 'QT1111222233334444', '4000', 'ref-2')).out).toMatch(
      /^already_registered/,
    );
    const who = await suite.db.selectFrom('billing_payments').select('registered_by').orderBy('id').execute();
    expect(who.map((row) => row.registered_by)).toEqual(['admin-cli:accountant', 'admin-cli:Dana']);
    expect(await run('payment', 'register', '999', '10', 'ref-3')).toEqual({
      code: 1,
      out: '',
      err: 'qoltanba admin: Status, company or document not found\n',
    });
    expect((await run('payment', 'register', 'QT1', 'ten', 'ref-4')).code).toBe(2);
  });

  it('grants and revokes the payments operator role', async () => {
    expect((await run('billing-operator', 'grant', 'Cashier@Example.kz')).out).toBe(
      'granted: cashier@example.kz\n',
    );
    expect((await run('billing-operator', 'grant', 'cashier@example.kz')).out).toBe(
      'already a payments operator: cashier@example.kz\n',
    );
    expect((await run('billing-operator', 'revoke', 'cashier@example.kz')).out).toBe(
      'revoked: cashier@example.kz\n',
    );
    expect((await run('billing-operator', 'grant', 'nobody')).code).toBe(2);
  });
});
