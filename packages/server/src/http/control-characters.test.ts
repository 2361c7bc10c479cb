import { ACCOUNT_PATHS, errorMessage, PROFILE_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendCodePath, verifyCodePath } from '../testing/account-suite.js';
import { call, latestCode, nextIp, registerAccount } from '../testing/accounts.js';
import { emptyTablesBeforeEach } from '../testing/empty-tables.js';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

describe.each(testDatabases())('control characters in input on $name', (backend) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await createTestApp({ backend, modules: [testEchoModule], env: { RATE_LIMIT_MAX: '100000' } });
  });
  emptyTablesBeforeEach(() => server.services.database.db);
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, body: unknown, token?: string) =>
    call(server, 'POST', url, { body, ip: nextIp(), ...(token ? { token } : {}) });

  function expectRefused(res: { statusCode: number; body: string }, lang: 'kk' | 'ru' | 'en' = 'en') {
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      code: 'CONTROL_CHARACTERS',
      message: errorMessage('CONTROL_CHARACTERS', lang),
    });
  }

  /** A registration ticket for a fresh e-mail, through the API. */
  async function registrationTicket(email: string): Promise<string> {
    expect((await post(sendCodePath('registration', 'email'), { email, lang: 'en' })).statusCode).toBe(200);
    const code = await latestCode(server, email);
    const verified = await post(verifyCodePath('registration', 'email'), { email, code, lang: 'en' });
    expect(verified.statusCode).toBe(200);
    return verified.json().registrationToken as string;
  }

  describe('NUL, which PostgreSQL text cannot hold, is refused by every account and profile route', () => {
    let token: string;
    beforeEach(async () => {
      token = (await registerAccount(server, 'aigerim@example.kz')).access_token;
    });

    it('login', async () => {
      expectRefused(
        await post(ACCOUNT_PATHS.login, { login: `a${NUL}@example.kz`, password: 'x', lang: 'en' }),
      );
      expectRefused(
        await post(ACCOUNT_PATHS.login, { login: 'aigerim@example.kz', password: `p${NUL}`, lang: 'en' }),
      );
    });

    it('both send-code routes, for both purposes', async () => {
      for (const purpose of ['registration', 'otp']) {
        expectRefused(
          await post(sendCodePath(purpose, 'email'), { email: `b${NUL}@example.kz`, lang: 'en' }),
        );
        expectRefused(
          await post(sendCodePath(purpose, 'sms'), { phoneNumber: `+7701${NUL}1234567`, lang: 'en' }),
        );
      }
    });

    it('both verify-code routes, for both purposes', async () => {
      for (const purpose of ['registration', 'otp']) {
        const email = { email: `b${NUL}@example.kz`, code: '123456', lang: 'en' };
        expectRefused(await post(verifyCodePath(purpose, 'email'), email));
        const sms = { phoneNumber: '+77011234567', code: `12345${NUL}`, lang: 'en' };
        expectRefused(await post(verifyCodePath(purpose, 'sms'), sms));
      }
    });

    it('registration/complete, and no account is created', async () => {
      const registrationToken = await registrationTicket('new@example.kz');
      const body = {
        registrationToken,
        password: 'correct-horse',
        firstname: 'Айгерім',
        lastname: 'Б',
        lang: 'en',
      };
      for (const field of ['firstname', 'lastname', 'password'] as const) {
        expectRefused(
          await post(ACCOUNT_PATHS.completeRegistration, { ...body, [field]: `x${NUL}yz-long-enough` }),
        );
      }
      const users = await server.services.database.db.selectFrom('users').select('email').execute();
      expect(users.map((user) => user.email)).toEqual(['aigerim@example.kz']);
    });

    it('recovery, refresh and attach by IIN', async () => {
      expectRefused(await post(ACCOUNT_PATHS.recoverySendCode, { target: `a${NUL}@example.kz`, lang: 'en' }));
      const change = {
        target: 'aigerim@example.kz',
        code: '123456',
        lang: 'en',
        newPassword: `n${NUL}ew-password`,
      };
      expectRefused(await post(ACCOUNT_PATHS.recoveryChange, change));
      expectRefused(await post(`${ACCOUNT_PATHS.refresh}?lang=en`, { refreshToken: `t${NUL}` }));
      const attach = { iin: '920715401122', phoneNumber: `+7 702 765 43 21${NUL}`, lang: 'en' };
      expectRefused(await post(PROFILE_PATHS.attachByIin, attach, token));
    });

    it('PUT profile/user, and the profile is unchanged', async () => {
      for (const body of [
        { firstname: `Ай${NUL}гerім`, lastname: 'Бекова', lang: 'en' },
        { firstname: 'Айгерім', lastname: `Бекова${NUL}`, lang: 'en' },
        { firstname: 'Айгерім', lastname: 'Бекова', lang: `en${NUL}` },
      ]) {
        const res = await call(server, 'PUT', PROFILE_PATHS.user, {
          token,
          body,
          headers: { 'accept-language': 'en' },
        });
        expectRefused(res);
      }
      const profile = await call(server, 'GET', PROFILE_PATHS.user, { token });
      expect(profile.json()).toMatchObject({ firstname: 'Айгерим', lastname: 'Бекова' });
    });

    it('anonymous callers of a protected route still get 401 first', async () => {
      const res = await call(server, 'PUT', PROFILE_PATHS.user, { body: { firstname: NUL, lastname: NUL } });
      expect(res.statusCode).toBe(401);
    });
  });

  it('refuses NUL and lone surrogates in any string, key, query or path parameter of any route', async () => {
    // The echo route's `name` is a plain z.string(): only the route helper stands between it and a handler.
    const echo = '/api/test/echo/abc?lang=en';
    for (const name of [`a${NUL}`, `a${LONE_HIGH}`, `${LONE_LOW}a`, `${LONE_LOW}${LONE_HIGH}`]) {
      expectRefused(await post(echo, { name, count: 1 }));
    }
    expectRefused(await post(echo, { name: 'ok', count: 1, [`extra${NUL}`]: 1 }));
    expectRefused(await post(echo, { name: 'ok', count: 1, extra: [[{ deep: `x${LONE_HIGH}` }]] }));
    expect((await post(echo, { name: 'ok 😀', count: 1 })).statusCode).toBe(200);
    // Query (the dev outbox filters the database by `recipient`) and path parameters.
    expectRefused(await call(server, 'GET', '/dev/outbox.json?lang=en&recipient=a%00b'));
    expectRefused(await call(server, 'GET', '/healthz?lang=en&probe=%00'));
    expectRefused(await post('/api/test/echo/a%00b?lang=en', { name: 'ok', count: 1 }));
  });

  it('refuses other control characters in single-line fields through core schemas', async () => {
    const token = (await registerAccount(server, 'aigerim@example.kz')).access_token;
    for (const firstname of ['Ай\u0001герім', 'Айгерім\n', '\tАйгерім', 'Ай\u007fгерім', `Ай${LONE_HIGH}`]) {
      const res = await call(server, 'PUT', PROFILE_PATHS.user, {
        token,
        body: { firstname, lastname: 'Бекова', lang: 'ru' },
      });
      expectRefused(res, 'ru');
    }
    expectRefused(
      await post(ACCOUNT_PATHS.login, { login: 'aigerim@example.kz\r', password: 'x', lang: 'kk' }),
      'kk',
    );
    const registrationToken = await registrationTicket('new@example.kz');
    const complete = {
      registrationToken,
      password: 'correct-horse',
      firstname: 'A',
      lastname: 'B\u001b',
      lang: 'en',
    };
    expectRefused(await post(ACCOUNT_PATHS.completeRegistration, complete));
    // Right-to-left marks and other format characters are text, not control characters.
    const rtl = await call(server, 'PUT', PROFILE_PATHS.user, {
      token,
      body: { firstname: 'Ай\u202eгерім', lastname: 'Бекова' },
    });
    expect(rtl.statusCode).toBe(200);
  });
});
