import { createHash, createHmac } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, ACCOUNT_PATHS, GATEWAY_COOKIE, PROFILE_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, uniquePhone, useAccountSuite } from '../../testing/account-suite.js';
import { call, latestCode, nextIp, registerAccount } from '../../testing/accounts.js';
import { testDatabases } from '../../testing/test-databases.js';
import { ACCOUNT_RATE_LIMITS } from './account-module.js';
import { GATEWAY_REFRESH_WINDOW_SECONDS } from './token-service.js';

describe.each(testDatabases())('account module on $name', (backend) => {
  const suite = useAccountSuite(backend);

  describe('recovery', () => {
    it('sets a new password with a recovery code, lifts lockouts and ends the other sessions', async () => {
      const number = uniquePhone();
      const session = await registerAccount(suite.server, number, { password: 'old-password' });
      // The owner's own client locked itself out; the recovery from that client lifts its lock.
      const ip = nextIp();
      for (let i = 0; i < 5; i++) await suite.login(number, 'not-the-password', ip);
      expect((await suite.login(number, 'old-password', ip)).statusCode).toBe(423);

      const unknown = await call(suite.server, 'POST', ACCOUNT_PATHS.recoverySendCode, {
        body: { target: '+7 701 000 00 00', lang: 'ru' },
        ip,
      });
      expect(unknown.json().code).toBe('ACCOUNT_NOT_FOUND');
      const sent = await call(suite.server, 'POST', ACCOUNT_PATHS.recoverySendCode, {
        body: { target: `8${number.slice(2)}`, lang: 'ru' },
        ip,
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
        ip,
      });
      expect(wrongCode.json().code).toBe('INVALID_CODE');
      const changed = await call(suite.server, 'POST', ACCOUNT_PATHS.recoveryChange, {
        body: { target: number, code, lang: 'ru', newPassword: 'new-password' },
        ip,
      });
      expect(changed.statusCode).toBe(200);
      expect((await suite.login(number, 'old-password', ip)).json().code).toBe('INVALID_PASSWORD');
      expect((await suite.login(number, 'new-password', ip)).statusCode).toBe(200);
      const oldSession = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: session.access_token,
      });
      expect(oldSession.statusCode).toBe(401);
      const newSession = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: changed.json().access_token,
      });
      expect(newSession.statusCode).toBe(204);
    });

    it('refuses a too short new password with the catalogue error and changes nothing', async () => {
      const number = uniquePhone();
      await registerAccount(suite.server, number, { password: 'old-password' });
      await call(suite.server, 'POST', ACCOUNT_PATHS.recoverySendCode, {
        body: { target: number, lang: 'ru' },
      });
      const code = await latestCode(suite.server, number);
      const short = await call(suite.server, 'POST', ACCOUNT_PATHS.recoveryChange, {
        body: { target: number, code, lang: 'en', newPassword: 'short' },
        headers: { 'accept-language': 'en' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
      expect((await suite.login(number, 'short')).json().code).toBe('INVALID_PASSWORD');
      expect((await suite.login(number, 'old-password')).statusCode).toBe(200);
      // The code was not spent by the refused request.
      const changed = await call(suite.server, 'POST', ACCOUNT_PATHS.recoveryChange, {
        body: { target: number, code, lang: 'ru', newPassword: 'new-password' },
      });
      expect(changed.statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it("names the user in the access token's sub claim (the sdk keeps a support identity per user by it)", async () => {
      const email = uniqueEmail('subject');
      const tokens = await registerAccount(suite.server, email);
      const [, payload] = tokens.access_token.split('.') as [string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
      const user = await suite.server.services.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(claims.sub).toBe(String(user.id));
    });

    it('stores refresh tokens only as hashes', async () => {
      const first = await registerAccount(suite.server, uniqueEmail('hashed'));
      const second = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: first.refresh_token },
      });
      expect(second.statusCode).toBe(200);
      const rows = await suite.server.services.database.db.selectFrom('refresh_tokens').selectAll().execute();
      const dump = JSON.stringify(rows);
      for (const token of [first.refresh_token, second.json().refresh_token as string]) {
        expect(dump).not.toContain(token);
        const hash = createHash('sha256').update(token).digest('hex');
        expect(rows.some((row) => row.token_hash === hash)).toBe(true);
      }
    });

    it('limits refreshes per IP address; another address is still served', async () => {
      const ip = nextIp();
      const refresh = (from: string) =>
        call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
          body: { refreshToken: 'unknown-token' },
          ip: from,
          headers: { 'accept-language': 'en' },
        });
      for (let i = 0; i < ACCOUNT_RATE_LIMITS.refresh.max; i++)
        expect((await refresh(ip)).statusCode).toBe(401);
      const over = await refresh(ip);
      expect(over.statusCode).toBe(429);
      expect(Object.keys(over.json()).sort()).toEqual(['code', 'message', 'params']);
      expect(over.json().params).toEqual({ retryAfter: Number(over.headers['retry-after']) });
      expect(over.json().code).toBe('RATE_LIMITED');
      expect(over.json().message).toMatch(/\d+ second/);
      expect((await refresh(nextIp())).statusCode).toBe(401);
    });

    it('rotates refresh tokens; reusing a rotated one revokes the whole session', async () => {
      const first = await registerAccount(suite.server, uniqueEmail('refresh'));
      const second = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: first.refresh_token },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().refresh_token).not.toBe(first.refresh_token);
      // The empty-body variant: the bearer is the access token of the gateway cookie.
      const third = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        token: second.json().access_token,
      });
      expect(third.statusCode).toBe(200);
      // The same with a JSON content type and an empty body.
      const fourth = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        token: third.json().access_token,
        headers: { 'content-type': 'application/json' },
        body: '',
      });
      expect(fourth.statusCode).toBe(200);
      expect(fourth.json().refresh_token).not.toBe(third.json().refresh_token);

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

    it('empty-body refresh takes an expired access token up to the cookie life: at iat+3600 s, not 3601 s', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('gateway-expired'));
      suite.clock.advance(GATEWAY_REFRESH_WINDOW_SECONDS);
      const expiredAccess = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: tokens.access_token,
      });
      expect(expiredAccess.statusCode).toBe(401);
      const refreshed = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        token: tokens.access_token,
      });
      expect(refreshed.statusCode).toBe(200);
      // It rotated the refresh token: the old one is now spent (presenting it is reuse).
      const spent = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: tokens.refresh_token },
      });
      expect(spent.statusCode).toBe(401);

      const late = await registerAccount(suite.server, uniqueEmail('gateway-late'));
      suite.clock.advance(GATEWAY_REFRESH_WINDOW_SECONDS + 1);
      const refused = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, { token: late.access_token });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('UNAUTHORIZED');
      // Refused as too old, not as reuse: the session lives on and its refresh token still rotates.
      const byBody = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: late.refresh_token },
      });
      expect(byBody.statusCode).toBe(200);
      const profile = await call(suite.server, 'GET', PROFILE_PATHS.user, {
        token: byBody.json().access_token,
      });
      expect(profile.statusCode).toBe(200);
    });

    it('empty-body refresh with the access token of a rotated generation revokes the session', async () => {
      const first = await registerAccount(suite.server, uniqueEmail('gateway-stale'));
      const second = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: first.refresh_token },
      });
      expect(second.statusCode).toBe(200);
      const stale = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, { token: first.access_token });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().code).toBe('UNAUTHORIZED');
      // The whole family is gone: the newest refresh token and access token no longer work.
      const latest = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: second.json().refresh_token },
      });
      expect(latest.statusCode).toBe(401);
      const access = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        token: second.json().access_token,
      });
      expect(access.statusCode).toBe(401);
    });

    it('empty-body refresh is refused after logout', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('gateway-logout'));
      const out = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, { token: tokens.access_token });
      expect(out.statusCode).toBe(204);
      const refreshed = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        token: tokens.access_token,
      });
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe('UNAUTHORIZED');
    });

    it('empty-body refresh refuses a refresh token, garbage and foreign-signed bearers with 401', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('gateway-forged'));
      const [header, payload] = tokens.access_token.split('.') as [string, string];
      const foreignSignature = createHmac('sha256', 'f'.repeat(40))
        .update(`${header}.${payload}`)
        .digest('base64url');
      for (const bearer of [
        tokens.refresh_token,
        'garbage',
        'a.b.c',
        `${header}.${payload}.${foreignSignature}`,
        'x'.repeat(3000),
      ]) {
        const res = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, { token: bearer });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
      // None of these touched the session.
      const own = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, { token: tokens.access_token });
      expect(own.statusCode).toBe(200);
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

    it('expires access tokens after 15 minutes: accepted at 899 s, refused at 900 s', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('access'));
      const profile = () => call(suite.server, 'GET', PROFILE_PATHS.user, { token: tokens.access_token });
      suite.clock.advance(ACCESS_TOKEN_SECONDS - 1);
      expect((await profile()).statusCode).toBe(200);
      suite.clock.advance(1);
      expect((await profile()).statusCode).toBe(401);
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

    it('logout takes the bearer header only: another site cannot log a user out through the GATEWAY cookie', async () => {
      const tokens = await registerAccount(suite.server, uniqueEmail('cookie-logout'));
      const cookie = { cookie: `${GATEWAY_COOKIE}=${encodeURIComponent(tokens.access_token)}` };
      // The cookie still reads (file downloads, the avatar), so the refusal is logout's own.
      expect((await call(suite.server, 'GET', PROFILE_PATHS.user, { headers: cookie })).statusCode).toBe(200);
      const navigation = await call(suite.server, 'GET', ACCOUNT_PATHS.logout, {
        headers: { ...cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      });
      expect(navigation.statusCode).toBe(401);
      expect(navigation.json().code).toBe('UNAUTHORIZED');
      const session = await call(suite.server, 'GET', PROFILE_PATHS.user, { token: tokens.access_token });
      expect(session.statusCode).toBe(200);
      const refresh = await call(suite.server, 'POST', ACCOUNT_PATHS.refresh, {
        body: { refreshToken: tokens.refresh_token },
      });
      expect(refresh.statusCode).toBe(200);
    });
  });
});
