import { ACCOUNT_PATHS, apiPath } from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { call, nextIp, type TestClock, testClock } from './accounts.js';
import { emptyTablesBeforeEach } from './empty-tables.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import type { TestBackend } from './test-databases.js';

/** Path of the send-code route for a purpose (`registration`, `otp`) and channel (`email`, `sms`). */
export const sendCodePath = (purpose: string, channel: string): string =>
  apiPath(ACCOUNT_PATHS.sendCode, { purpose, channel });

/** Path of the verify-code route for a purpose and channel. */
export const verifyCodePath = (purpose: string, channel: string): string =>
  apiPath(ACCOUNT_PATHS.verifyCode, { purpose, channel });

let emailCounter = 0;
/** An e-mail address no other test of this file uses; `name` keeps it readable in failures. */
export const uniqueEmail = (name: string): string => `${name}-${++emailCounter}@example.kz`;

let phoneCounter = 1000000;
/** A normalised Kazakh mobile number no other test of this file uses. */
export const uniquePhone = (): string => `+7701${++phoneCounter}`;

/** The server and clock of one account test suite, and its login helper. */
export interface AccountSuite {
  /** The test server; available inside tests and hooks (it starts in `beforeAll`). */
  readonly server: TestApp;
  /** The server's clock: stands still until a test advances it. */
  readonly clock: TestClock;
  /** A password login through the API, from a fresh client address unless `ip` is given. */
  login(loginValue: string, password: string, ip?: string, lang?: string): Promise<LightMyRequestResponse>;
}

/**
 * Registers `beforeAll`/`afterAll` hooks in the calling `describe` that start a test server on `backend`
 * with a settable clock and a global rate limit high enough not to interfere, and close it afterwards.
 * Every test starts with empty application tables.
 * `options` may replace the password check or the code generator, or hook in before a code is compared
 * (e.g. to hold concurrent logins at a gate).
 */
export function useAccountSuite(
  backend: TestBackend,
  options: Pick<TestAppOptions, 'verifyPassword' | 'generateCode' | 'beforeCodeCompare'> = {},
): AccountSuite {
  const clock = testClock();
  let server: TestApp | undefined;

  beforeAll(async () => {
    server = await createTestApp({
      ...options,
      backend,
      clock: clock.now,
      env: { RATE_LIMIT_MAX: '100000' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  emptyTablesBeforeEach(() => suite.server.services.database.db);

  const suite: AccountSuite = {
    get server() {
      if (!server) throw new Error('the account test server starts in beforeAll; use it inside tests');
      return server;
    },
    clock,
    login: (loginValue, password, ip = nextIp(), lang = 'ru') =>
      call(suite.server, 'POST', `${ACCOUNT_PATHS.login}?lang=${lang}`, {
        body: { login: loginValue, password, lang },
        ip,
      }),
  };
  return suite;
}
