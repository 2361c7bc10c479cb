import {
  CODE_TTL_SECONDS,
  errorMessage,
  formatErrorParam,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_AFTER,
  LOGIN_SLOWDOWN_MAX_SECONDS,
} from '@qoltanba/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  sendCodePath,
  uniqueEmail,
  uniquePhone,
  useAccountSuite,
  verifyCodePath,
} from '../../testing/account-suite.js';
import { call, latestCode, nextIp, registerAccount } from '../../testing/accounts.js';
import { deferred } from '../../testing/deferred.js';
import { holdTableLock, openLockSession, waitForLockWaiter } from '../../testing/pg-locks.js';
import { testDatabases } from '../../testing/test-databases.js';
import { ACCOUNT_RATE_LIMITS } from './account-module.js';
import { codeSendLockName } from './one-time-codes.js';
import { verifyPassword } from './password-hash.js';

/**
 * Holds concurrent requests at their check until each of `total` has either reached the check or been
 * answered, so no check finishes (and no failure is counted the old way) before all have got past the lock
 * test. `arrive` is the hook at the check; `answered` is called as each response comes back.
 */
function gateForAll(total: number) {
  let checked = 0;
  let answered = 0;
  const gate = deferred();
  const openWhenAllArrived = () => {
    if (checked + answered >= total) gate.resolve();
  };
  return {
    get checked() {
      return checked;
    },
    async arrive() {
      checked += 1;
      openWhenAllArrived();
      await gate.promise;
    },
    answered() {
      answered += 1;
      openWhenAllArrived();
    },
  };
}

describe.each(testDatabases())('account module on $name', (backend) => {
  // Run before each password check / code comparison when a test sets them (to hold concurrent guesses).
  let beforePasswordCheck: (() => Promise<void>) | undefined;
  let beforeCodeCompare: (() => Promise<void>) | undefined;
  // Codes from a counter: two codes in a row always differ, so tests about replaced codes always run.
  let codeCounter = 0;
  const suite = useAccountSuite(backend, {
    verifyPassword: async (password, stored) => {
      await beforePasswordCheck?.();
      return verifyPassword(password, stored);
    },
    generateCode: () => String(++codeCounter * 7919).padStart(6, '0'),
    beforeCodeCompare: async () => {
      await beforeCodeCompare?.();
    },
  });

  describe('password login', () => {
    it('logs in by e-mail or phone in any spelling; tells unknown accounts and bad logins apart', async () => {
      const address = uniqueEmail('login');
      await registerAccount(suite.server, address, { password: 'secret-pass' });
      const ok = await suite.login(` ${address.toUpperCase()} `, 'secret-pass');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().expires_in).toBe(900);

      const notFound = await suite.login('nobody@example.kz', 'secret-pass');
      expect(notFound.statusCode).toBe(404);
      expect(notFound.json().code).toBe('ACCOUNT_NOT_FOUND');
      const invalid = await suite.login('12345', 'secret-pass');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().code).toBe('INVALID_LOGIN');
      const wrong = await suite.login(address, 'Secret-pass');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ code: 'INVALID_PASSWORD', message: 'Неверный пароль' });
    });

    it('blocks password login from a client after 5 wrong passwords in a row from it, until 15 minutes have passed', async () => {
      const address = uniqueEmail('lock');
      await registerAccount(suite.server, address, { password: 'right-password' });
      const ip = nextIp();
      // A success in between resets the counter.
      for (let i = 0; i < 4; i++) {
        expect((await suite.login(address, 'wrong-password', ip)).statusCode).toBe(401);
      }
      expect((await suite.login(address, 'right-password', ip)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await suite.login(address, 'wrong-password', ip)).json().code).toBe('INVALID_PASSWORD');
      }
      const fifth = await suite.login(address, 'wrong-password', ip);
      expect(fifth.statusCode).toBe(423);
      const until = new Date(suite.clock.now().getTime() + LOGIN_LOCK_SECONDS * 1000);
      // params.until is the instant itself, for clients that write the text in a language of their own.
      expect(fifth.json()).toEqual({
        code: 'ACCOUNT_BLOCKED',
        message: errorMessage('ACCOUNT_BLOCKED', 'ru', { until: until.toISOString() }),
        params: { until: until.toISOString() },
      });
      expect(fifth.json().message).toContain(formatErrorParam('until', until.toISOString(), 'ru'));
      const english = await suite.login(address, 'right-password', ip, 'en');
      expect(english.statusCode).toBe(423);
      expect(english.json().message).toBe(
        errorMessage('ACCOUNT_BLOCKED', 'en', { until: until.toISOString() }),
      );
      // The lock is that client's: the owner elsewhere still logs in (it used to block every client).
      expect((await suite.login(address, 'right-password', nextIp())).statusCode).toBe(200);
      suite.clock.advance(LOGIN_LOCK_SECONDS - 1);
      expect((await suite.login(address, 'right-password', ip)).statusCode).toBe(423);
      suite.clock.advance(1);
      expect((await suite.login(address, 'right-password', ip)).statusCode).toBe(200);
    });

    it('checks at most 5 of 10 concurrent wrong passwords from one client; the rest are refused as blocked', async () => {
      const address = uniqueEmail('race');
      await registerAccount(suite.server, address, { password: 'right-password' });
      const ip = nextIp();
      const total = 10;
      const gate = gateForAll(total);
      beforePasswordCheck = () => gate.arrive();
      try {
        const responses = await Promise.all(
          Array.from({ length: total }, () =>
            suite.login(address, 'wrong-password', ip).then((res) => {
              gate.answered();
              return res;
            }),
          ),
        );
        const codes = responses.map((res) => res.json().code as string);
        expect(gate.checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
        expect(codes.filter((code) => code === 'INVALID_PASSWORD').length).toBeLessThanOrEqual(
          LOGIN_MAX_FAILURES,
        );
        expect(
          codes.filter((code) => code !== 'INVALID_PASSWORD').every((c) => c === 'ACCOUNT_BLOCKED'),
        ).toBe(true);
        expect(codes).toContain('ACCOUNT_BLOCKED');
      } finally {
        beforePasswordCheck = undefined;
      }
      expect((await suite.login(address, 'right-password', ip)).statusCode).toBe(423);
      suite.clock.advance(LOGIN_LOCK_SECONDS - 1);
      expect((await suite.login(address, 'right-password', ip)).statusCode).toBe(423);
      suite.clock.advance(1);
      expect((await suite.login(address, 'right-password', ip)).statusCode).toBe(200);
    });

    it(`checks at most ${LOGIN_SLOWDOWN_AFTER} of 20 concurrent wrong passwords from 20 clients; the rest must wait`, async () => {
      const address = uniqueEmail('spread');
      await registerAccount(suite.server, address, { password: 'right-password' });
      const total = 20;
      const gate = gateForAll(total);
      beforePasswordCheck = () => gate.arrive();
      let codes: string[];
      try {
        const responses = await Promise.all(
          Array.from({ length: total }, () =>
            suite.login(address, 'wrong-password', nextIp()).then((res) => {
              gate.answered();
              return res;
            }),
          ),
        );
        codes = responses.map((res) => res.json().code as string);
      } finally {
        beforePasswordCheck = undefined;
      }
      expect(gate.checked).toBeLessThanOrEqual(LOGIN_SLOWDOWN_AFTER);
      expect(codes.filter((c) => c === 'INVALID_PASSWORD').length).toBeLessThanOrEqual(LOGIN_SLOWDOWN_AFTER);
      expect(codes.filter((c) => c !== 'INVALID_PASSWORD').every((c) => c === 'RATE_LIMITED')).toBe(true);
      expect(codes).toContain('RATE_LIMITED');
    });

    it('logs neither the password nor the tokens of a login', async () => {
      const address = uniqueEmail('quiet');
      const password = 'very-secret-password-7';
      await registerAccount(suite.server, address, { password });
      const before = suite.server.logs.length;
      const ok = await suite.login(address, password);
      expect(ok.statusCode).toBe(200);
      const { access_token, refresh_token } = ok.json() as { access_token: string; refresh_token: string };
      const logged = suite.server.logs.slice(before).join('\n');
      // The login was logged, so the absence below means something.
      expect(logged).toContain('/auth/login');
      for (const secret of [password, access_token, refresh_token]) expect(logged).not.toContain(secret);
      expect((await suite.login(address, 'wrong-password-1')).statusCode).toBe(401);
      expect(suite.server.logs.slice(before).join('\n')).not.toContain('wrong-password-1');
    });

    it('limits password logins per IP address', async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await suite.login('nobody@example.kz', 'whatever1', ip)).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  describe('code login', () => {
    /** A registered e-mail with a fresh login code, a code that is surely wrong, and a verify call. */
    async function emailedCode(name: string, options: { ipPerAttempt?: boolean } = {}) {
      const address = uniqueEmail(name);
      const ip = nextIp();
      await registerAccount(suite.server, address);
      await call(suite.server, 'POST', sendCodePath('otp', 'email'), {
        body: { email: address, lang: 'ru' },
      });
      const code = await latestCode(suite.server, address);
      const wrong = code === '000000' ? '000001' : '000000';
      const attempt = (value: string) =>
        call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
          body: { email: address, code: value, lang: 'ru' },
          ip: options.ipPerAttempt ? nextIp() : ip,
        });
      return { address, code, wrong, attempt, ip };
    }

    it('logs in with an e-mailed code, once; a code cannot be reused', async () => {
      const address = uniqueEmail('otp');
      await registerAccount(suite.server, address);
      const unknown = await call(suite.server, 'POST', sendCodePath('otp', 'email'), {
        body: { email: 'ghost@example.kz', lang: 'ru' },
      });
      expect(unknown.json().code).toBe('ACCOUNT_NOT_FOUND');

      expect(
        (
          await call(suite.server, 'POST', sendCodePath('otp', 'email'), {
            body: { email: address, lang: 'en' },
          })
        ).statusCode,
      ).toBe(200);
      const code = await latestCode(suite.server, address);
      const body = { email: address, code, lang: 'en' };
      const first = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), { body });
      expect(first.statusCode).toBe(200);
      expect(first.json().expires_in).toBe(900);
      const reused = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), { body });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('INVALID_CODE');
    });

    it('limits code requests per IP address; another address is still served', async () => {
      const ip = nextIp();
      const send = (from: string) =>
        call(suite.server, 'POST', sendCodePath('otp', 'email'), {
          body: { email: 'ghost@example.kz', lang: 'ru' },
          ip: from,
        });
      for (let i = 0; i < ACCOUNT_RATE_LIMITS.codes.max; i++) {
        expect((await send(ip)).json().code).toBe('ACCOUNT_NOT_FOUND');
      }
      const over = await send(ip);
      expect(over.statusCode).toBe(429);
      expect(Object.keys(over.json()).sort()).toEqual(['code', 'message', 'params']);
      expect(over.json().params).toEqual({ retryAfter: Number(over.headers['retry-after']) });
      expect(over.json().code).toBe('RATE_LIMITED');
      expect((await send(nextIp())).json().code).toBe('ACCOUNT_NOT_FOUND');
    });

    it('logs in with an SMS code', async () => {
      const number = uniquePhone();
      await registerAccount(suite.server, number);
      await call(suite.server, 'POST', sendCodePath('otp', 'sms'), {
        body: { phoneNumber: number, lang: 'kk' },
      });
      const ok = await call(suite.server, 'POST', verifyCodePath('otp', 'sms'), {
        body: { phoneNumber: number, code: await latestCode(suite.server, number), lang: 'kk' },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('sends a new code at most once a minute; a new code replaces the old one', async () => {
      const address = uniqueEmail('resend');
      await registerAccount(suite.server, address);
      const request = () =>
        call(suite.server, 'POST', `${sendCodePath('otp', 'email')}?lang=en`, {
          body: { email: address, lang: 'en' },
        });
      expect((await request()).statusCode).toBe(200);
      const old = await latestCode(suite.server, address);
      suite.clock.advance(20);
      const tooSoon = await request();
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toEqual({
        code: 'RATE_LIMITED',
        message: errorMessage('RATE_LIMITED', 'en', { retryAfter: 40 }),
        params: { retryAfter: 40 },
      });
      expect(tooSoon.headers['retry-after']).toBe('40');
      suite.clock.advance(40);
      expect((await request()).statusCode).toBe(200);
      const fresh = await latestCode(suite.server, address);
      expect(fresh).not.toBe(old);
      const stale = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
        body: { email: address, code: old, lang: 'en' },
      });
      expect(stale.json().code).toBe('INVALID_CODE');
      const ok = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
        body: { email: address, code: fresh, lang: 'en' },
      });
      expect(ok.statusCode).toBe(200);
    });

    // Two transactions overlap only on PostgreSQL (PGlite has one session), so only there can the lock matter.
    if (backend.name === 'postgres') {
      it('serialises simultaneous sends to one address: one code goes out, the other request is too soon', async () => {
        const address = uniqueEmail('sendrace');
        await registerAccount(suite.server, address);
        const db = suite.server.services.database.db;
        const outboxCount = async () =>
          (await db.selectFrom('outbox_messages').select('id').where('recipient', '=', address).execute())
            .length;
        const deliveredBefore = await outboxCount();
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
        const url = process.env.TEST_DATABASE_URL ?? '';
        const schema = rows[0]?.schema ?? '';
        const send = () =>
          call(suite.server, 'POST', `${sendCodePath('otp', 'email')}?lang=en`, {
            body: { email: address, lang: 'en' },
            ip: nextIp(),
          });
        const requests: Array<ReturnType<typeof send>> = [];
        let aReachedTheGate = false;
        let bWaitedForTheLock = false;
        let holder: Awaited<ReturnType<typeof openLockSession>> | undefined;
        let observer: Awaited<ReturnType<typeof openLockSession>> | undefined;
        let openGate: (() => Promise<void>) | undefined;
        try {
          holder = await openLockSession(url, schema);
          observer = await openLockSession(url, schema);
          // The gate: while this session holds the code table, request A stops at its first write, which
          // comes after it took the per-address lock and passed the spacing check.
          openGate = await holdTableLock(holder, 'one_time_codes');
          requests.push(send());
          aReachedTheGate = await waitForLockWaiter(observer, { table: 'one_time_codes' });
          if (aReachedTheGate) {
            requests.push(send());
            const lockName = codeSendLockName({ purpose: 'otp', target: address });
            bWaitedForTheLock = await waitForLockWaiter(observer, { advisoryName: lockName });
          }
        } finally {
          await openGate?.();
          await Promise.allSettled(requests);
          await holder?.end();
          await observer?.end();
        }
        expect(aReachedTheGate, 'request A never stopped at its write to one_time_codes').toBe(true);
        expect(
          bWaitedForTheLock,
          'request B never waited on the per-address advisory lock while A held it: sends are not serialised',
        ).toBe(true);
        const [first, second] = await Promise.all(requests);
        expect(first?.statusCode).toBe(200);
        expect(second?.statusCode).toBe(429);
        expect(second?.json()).toEqual({
          code: 'RATE_LIMITED',
          message: errorMessage('RATE_LIMITED', 'en', { retryAfter: 60 }),
          params: { retryAfter: 60 },
        });
        expect((await outboxCount()) - deliveredBefore).toBe(1);
        const codes = await db
          .selectFrom('one_time_codes')
          .select('id')
          .where('target', '=', address)
          .where('purpose', '=', 'otp')
          .execute();
        expect(codes).toHaveLength(1);
      });
    }

    it('expires a code after 10 minutes: it still works at 599 s, not at 600 s', async () => {
      const address = uniqueEmail('expiry');
      await registerAccount(suite.server, address);
      const send = () =>
        call(suite.server, 'POST', sendCodePath('otp', 'email'), { body: { email: address, lang: 'ru' } });
      expect((await send()).statusCode).toBe(200);
      suite.clock.advance(CODE_TTL_SECONDS - 1);
      const inTime = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
        body: { email: address, code: await latestCode(suite.server, address), lang: 'ru' },
      });
      expect(inTime.statusCode).toBe(200);

      expect((await send()).statusCode).toBe(200);
      const code = await latestCode(suite.server, address);
      suite.clock.advance(CODE_TTL_SECONDS);
      const late = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
        body: { email: address, code, lang: 'ru' },
      });
      expect(late.json().code).toBe('INVALID_CODE');
    });

    it('blocks code login from a client for 15 minutes after 5 wrong codes from it; password login is not affected', async () => {
      const { address, code, wrong, attempt, ip } = await emailedCode('codelock');
      for (let i = 0; i < 4; i++) expect((await attempt(wrong)).json().code).toBe('INVALID_CODE');
      const fifth = await attempt(wrong);
      expect(fifth.statusCode).toBe(423);
      expect(fifth.json().code).toBe('ACCOUNT_BLOCKED');
      expect((await attempt(code)).json().code).toBe('ACCOUNT_BLOCKED');
      suite.clock.advance(61);
      const resend = await call(suite.server, 'POST', sendCodePath('otp', 'email'), {
        body: { email: address, lang: 'ru' },
        ip,
      });
      expect(resend.json().code).toBe('ACCOUNT_BLOCKED');
      suite.clock.advance(LOGIN_LOCK_SECONDS - 61 - 1);
      expect((await attempt(code)).json().code).toBe('ACCOUNT_BLOCKED');
      suite.clock.advance(1);
      // The lock is over (15 minutes to the second); the code has expired meanwhile.
      expect((await attempt(code)).json().code).toBe('INVALID_CODE');
      await call(suite.server, 'POST', sendCodePath('otp', 'email'), {
        body: { email: address, lang: 'ru' },
        ip,
      });
      expect((await attempt(await latestCode(suite.server, address))).statusCode).toBe(200);
      // Password login was never affected.
      expect((await suite.login(address, 'correct-horse', ip)).statusCode).toBe(200);
    });

    it('keeps the code good for its owner while another client is blocked out of it', async () => {
      const { address, code, wrong, attempt } = await emailedCode('codekept');
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await attempt(wrong);
      expect((await attempt(code)).json().code).toBe('ACCOUNT_BLOCKED');
      // It used to void the code and block code login for every client for 15 minutes.
      const owner = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
        body: { email: address, code, lang: 'ru' },
        ip: nextIp(),
      });
      expect(owner.statusCode).toBe(200);
    });

    it('compares at most 5 of 10 concurrent wrong codes from one client; the rest are refused as blocked', async () => {
      const { address, code, wrong, attempt } = await emailedCode('coderace');
      const total = 10;
      const gate = gateForAll(total);
      beforeCodeCompare = () => gate.arrive();
      let codes: string[];
      try {
        const responses = await Promise.all(
          Array.from({ length: total }, () =>
            attempt(wrong).then((res) => {
              gate.answered();
              return res;
            }),
          ),
        );
        codes = responses.map((res) => res.json().code as string);
      } finally {
        beforeCodeCompare = undefined;
      }
      expect(gate.checked).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(codes.filter((c) => c === 'INVALID_CODE').length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect(codes.filter((c) => c !== 'INVALID_CODE').every((c) => c === 'ACCOUNT_BLOCKED')).toBe(true);
      expect(codes).toContain('ACCOUNT_BLOCKED');
      // Every compared guess is counted on the code row: no more than the allowed ones were compared.
      const row = await suite.server.services.database.db
        .selectFrom('one_time_codes')
        .select('attempts')
        .where('target', '=', address)
        .where('purpose', '=', 'otp')
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
      expect((await attempt(code)).json().code).toBe('ACCOUNT_BLOCKED');
    });

    it(`compares at most ${LOGIN_SLOWDOWN_AFTER} of 20 concurrent wrong codes from 20 clients; the rest must wait`, async () => {
      const { code, wrong, attempt } = await emailedCode('codespread', { ipPerAttempt: true });
      const total = 20;
      const gate = gateForAll(total);
      beforeCodeCompare = () => gate.arrive();
      let codes: string[];
      try {
        const responses = await Promise.all(
          Array.from({ length: total }, () =>
            attempt(wrong).then((res) => {
              gate.answered();
              return res;
            }),
          ),
        );
        codes = responses.map((res) => res.json().code as string);
      } finally {
        beforeCodeCompare = undefined;
      }
      expect(gate.checked).toBeLessThanOrEqual(LOGIN_SLOWDOWN_AFTER);
      expect(codes.filter((c) => c !== 'INVALID_CODE').every((c) => c === 'RATE_LIMITED')).toBe(true);
      expect(codes).toContain('RATE_LIMITED');
      // The wait is short, and the code is still good for its owner after it.
      suite.clock.advance(LOGIN_SLOWDOWN_MAX_SECONDS);
      expect((await attempt(code)).statusCode).toBe(200);
    });

    it('counts wrong codes across new codes, and a right code starts the count over', async () => {
      const address = uniqueEmail('codecount');
      await registerAccount(suite.server, address);
      // Its own client address, so the per-IP limit of the code routes is not what answers.
      const ip = nextIp();
      const attempt = (value: string) =>
        call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
          body: { email: address, code: value, lang: 'ru' },
          ip,
        });
      const freshCode = async () => {
        suite.clock.advance(61);
        await call(suite.server, 'POST', sendCodePath('otp', 'email'), {
          body: { email: address, lang: 'ru' },
          ip,
        });
        const code = await latestCode(suite.server, address);
        return { code, wrong: code === '000000' ? '000001' : '000000' };
      };
      let current = await freshCode();
      for (let i = 0; i < 2; i++) expect((await attempt(current.wrong)).json().code).toBe('INVALID_CODE');
      expect((await attempt(current.code)).statusCode).toBe(200);
      // The success reset the count: four more wrong codes, spread over two codes, are not yet a lock.
      current = await freshCode();
      for (let i = 0; i < 2; i++) expect((await attempt(current.wrong)).json().code).toBe('INVALID_CODE');
      current = await freshCode();
      for (let i = 0; i < 2; i++) expect((await attempt(current.wrong)).json().code).toBe('INVALID_CODE');
      // A new code does not give a fresh set of guesses: the fifth wrong one in a row blocks.
      current = await freshCode();
      const fifth = await attempt(current.wrong);
      expect(fifth.json().code).toBe('ACCOUNT_BLOCKED');
      expect((await attempt(current.code)).json().code).toBe('ACCOUNT_BLOCKED');
    });
  });
});
