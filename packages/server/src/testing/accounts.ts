import { ACCOUNT_PATHS, type AuthTokens, apiPath } from '@qoltanba/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/** A settable clock for lockout and expiry tests. */
export interface TestClock {
  now(): Date;
  advance(seconds: number): void;
}

/** Where every {@link testClock} starts (the signing suites' test PKI is issued at this time too). */
export const TEST_CLOCK_START = new Date('2026-03-02T06:00:00Z');

/** A clock that stands still until advanced. */
export function testClock(start = TEST_CLOCK_START): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds) {
      current += seconds * 1000;
    },
  };
}

let ipCounter = 0;
/** A fresh client address, so per-IP route limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** Options of {@link call}. */
export interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Sends one request to the test server. */
export function call(
  server: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? '10.255.0.1',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
}

/** The newest six-digit code the dev outbox holds for a recipient. */
export async function latestCode(server: TestApp, recipient: string): Promise<string> {
  const row = await server.services.database.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** A new account registered through the API by e-mail (or phone when it does not contain @). */
export async function registerAccount(
  server: TestApp,
  contact: string,
  options: { password?: string; firstname?: string; lastname?: string } = {},
): Promise<AuthTokens> {
  const ip = nextIp();
  const channel = contact.includes('@') ? 'email' : 'sms';
  const field = channel === 'email' ? { email: contact } : { phoneNumber: contact };
  const sent = await call(
    server,
    'POST',
    apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel }),
    { body: { ...field, lang: 'ru' }, ip },
  );
  if (sent.statusCode !== 200) throw new Error(`sendCode: ${sent.statusCode} ${sent.body}`);
  const recipient =
    channel === 'email' ? contact.toLowerCase() : `+7${contact.replace(/\D/g, '').slice(-10)}`;
  const verified = await call(
    server,
    'POST',
    apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'registration', channel }),
    { body: { ...field, code: await latestCode(server, recipient), lang: 'ru' }, ip },
  );
  if (verified.statusCode !== 200) throw new Error(`verifyCode: ${verified.statusCode} ${verified.body}`);
  const completed = await call(server, 'POST', ACCOUNT_PATHS.completeRegistration, {
    body: {
      registrationToken: verified.json().registrationToken,
      password: options.password ?? 'correct-horse',
      firstname: options.firstname ?? 'Айгерим',
      lastname: options.lastname ?? 'Бекова',
      lang: 'ru',
    },
    ip,
  });
  if (completed.statusCode !== 200) throw new Error(`complete: ${completed.statusCode} ${completed.body}`);
  return completed.json() as AuthTokens;
}
