import { ACCOUNT_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, uniquePhone, useAccountSuite } from '../../testing/account-suite.js';
import { call, latestCode, registerAccount } from '../../testing/accounts.js';
import { testDatabases } from '../../testing/test-databases.js';

describe.each(testDatabases())('account module on $name', (backend) => {
  const suite = useAccountSuite(backend);

  describe('recovery', () => {
    it('sets a new password with a recovery code, lifts lockouts and ends the other sessions', async () => {
      const number = uniquePhone();
      const session = await registerAccount(suite.server, number, { password: 'old-password' });
      for (let i = 0; i < 5; i++) await suite.login(number, 'not-the-password');
      expect((await suite.login(number, 'old-password')).statusCode).toBe(423);

      const unknown = await call(suite.server, 'POST', ACCOUNT_PATHS.recoverySendCode, {
        body: { target: '+7 701 000 00 00', lang: 'ru' },
      });
      expect(unknown.json().code).toBe('ACCOUNT_NOT_FOUND');
      const sent = await call(suite.server, 'POST', ACCOUNT_PATHS.recoverySendCode, {
        body: { target: `8${number.slice(2)}`, lang: 'ru' },
      });
      expect(sent.statusCode).toBe(200);
      const code = await latestCode(suite.server, number);
      const wrongCode = await call(suite.server, 'POST', ACCOUNT_PATHS.recoveryChange, {
        body: {
          target: number,
          code: code === '111111' ? '222222' : '111111',
          lang: 'ru',
          newPassword: 'new-password',
        },
      });
      expect(wrongCode.json().code).toBe('INVALID_CODE');
      const changed = await call(suite.server, 'POST', ACCOUNT_PATHS.recoveryChange, {
        body: { target: number, code, lang: 'ru', newPassword: 'new-password' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await suite.login(number, 'old-password')).json().code).toBe('INVALID_PASSWORD');
      expect((await suite.login(number, 'new-password')).statusCode).toBe(200);
      const oldSession = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: session.access_token,
      });
      expect(oldSession.statusCode).toBe(401);
      const newSession = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: changed.json().access_token,
      });
      expect(newSession.statusCode).toBe(204);
    });
  });

  describe('tokens', () => {
    it('rotates refresh tokens; reusing a rotated one revokes the whole session', async () => {
      const first = await registerAccount(suite.server, uniqueEmail('refresh'));
      const second = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: first.refresh_token },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().refresh_token).not.toBe(first.refresh_token);
      // The empty-body variant with the refresh token as bearer.
      const third = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        token: second.json().refresh_token,
      });
      expect(third.statusCode).toBe(200);
      // The same with a JSON content type and an empty body.
      const fourth = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        token: third.json().refresh_token,
        headers: { 'content-type': 'application/json' },
        body: '',
      });
      expect(fourth.statusCode).toBe(200);

      const reuse = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: first.refresh_token },
      });
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().code).toBe('UNAUTHORIZED');
      const latest = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: fourth.json().refresh_token },
      });
      expect(latest.statusCode).toBe(401);
      const access = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: fourth.json().access_token,
      });
      expect(access.statusCode).toBe(401);
    });

    it('refuses unknown, missing and expired refresh tokens with 401', async () => {
      for (const options of [
        { body: { refreshToken: 'nope' } },
        { body: {} },
        {},
        { token: 'x'.repeat(600) },
      ]) {
        const res = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, options);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
      const tokens = await registerAccount(suite.server, uniqueEmail('old-refresh'));
      suite.clock.advance(30 * 24 * 60 * 60);
      const expired = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: tokens.refresh_token },
      });
      expect(expired.statusCode).toBe(401);
    });

    it('expires access tokens after 15 minutes', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('access'));
      suite.clock.advance(900);
      expect(
        (await call(suite.server, 'GET', ACCOUNT_PATHS.logout, { token: tokens.access_token })).statusCode,
      ).toBe(401);
    });

    it('logout revokes at once: the access token and the refresh token stop working', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('logout'));
      const out = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, { token: tokens.access_token });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      const again = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, { token: tokens.access_token });
      expect(again.statusCode).toBe(401);
      const refresh = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: tokens.refresh_token },
      });
      expect(refresh.statusCode).toBe(401);
      const anonymous = await call(suite.server, 'GET', ACCOUNT_PATHS.logout);
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
