import { ACCOUNT_PATHS, errorMessage } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import {
  sendCodePath,
  uniqueEmail,
  uniquePhone,
  useAccountSuite,
  verifyCodePath,
} from '../../testing/account-suite.js';
import { call, latestCode, nextIp, registerAccount } from '../../testing/accounts.js';
import { TEST_PASSWORD_SCRYPT_COST } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { hashPassword, SCRYPT_PARAMS } from './password-hash.js';
import { createUser } from './user-store.js';

describe.each(testDatabases())('account module on $name', (backend) => {
  const suite = useAccountSuite(backend);

  describe('registration', () => {
    it('registers by e-mail: code by e-mail in the chosen language, ticket, then tokens', async () => {
      const address = uniqueEmail('aigerim');
      const ip = nextIp();
      const sent = await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
        body: { email: `  ${address.toUpperCase()} `, lang: 'kk' },
        ip,
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
      const outbox = await call(suite.server, 'GET', `/dev/outbox.json?recipient=${address}`);
      const [message] = outbox.json().messages as Array<{ subject: string; body: string }>;
      expect(message?.subject).toBe('Qoltanba: тіркелуді растау коды');
      const code = await latestCode(suite.server, address);

      const ticket = await call(suite.server, 'POST', verifyCodePath('registration', 'email'), {
        body: { email: address, code, lang: 'kk' },
        ip,
      });
      expect(ticket.statusCode).toBe(200);
      expect(ticket.json().expires_in).toBe(600);

      const done = await call(suite.server, 'POST', ACCOUNT_PATHS.completeRegistration, {
        body: {
          registrationToken: ticket.json().registrationToken,
          password: 'long-enough',
          firstname: ' Айгерим ',
          lastname: 'Бекова',
          lang: 'kk',
        },
        ip,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ expires_in: 900 });
      expect(done.json().refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const row = await suite.server.services.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', address)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ firstname: 'Айгерим', lastname: 'Бекова', lang: 'kk', phone: null });
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect((await suite.login(address, 'long-enough')).statusCode).toBe(200);
    });

    it('hashes a new password at the configured scrypt cost; a stored hash of another cost still logs in', async () => {
      const address = uniqueEmail('cost');
      await registerAccount(suite.server, address, { password: 'cheap-in-tests' });
      const users = () => suite.server.services.database.db.selectFrom('users').where('email', '=', address);
      const { N, r, p } = suite.server.config.passwordScrypt;
      expect(N).toBe(2 ** TEST_PASSWORD_SCRYPT_COST);
      const row = await users().select(['id', 'password_hash']).executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);

      // A hash stored at the production cost (the hash names its parameters) is checked as it stands.
      const stored = await hashPassword('made-in-production', SCRYPT_PARAMS);
      await suite.server.services.database.db
        .updateTable('users')
        .set({ password_hash: stored })
        .where('id', '=', row.id)
        .execute();
      expect((await suite.login(address, 'made-in-production')).statusCode).toBe(200);
      expect((await suite.login(address, 'cheap-in-tests')).statusCode).toBe(401);
    });

    it('registers by phone with an SMS code; the phone is stored normalised', async () => {
      const number = uniquePhone();
      await registerAccount(suite.server, `8 ${number.slice(2, 5)} ${number.slice(5)}`);
      const row = await suite.server.services.database.db
        .selectFrom('users')
        .select(['email', 'phone'])
        .where('phone', '=', number)
        .executeTakeFirst();
      expect(row).toEqual({ email: null, phone: number });
      expect((await suite.login(number, 'correct-horse')).statusCode).toBe(200);
    });

    it('refuses a registered e-mail or phone up front', async () => {
      const address = uniqueEmail('dup');
      const number = uniquePhone();
      await registerAccount(suite.server, address);
      await registerAccount(suite.server, number);
      const again = await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
        body: { email: address.toUpperCase(), lang: 'en' },
        headers: { 'accept-language': 'en' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'This e-mail is already registered' });
      const againPhone = await call(suite.server, 'POST', sendCodePath('registration', 'sms'), {
        body: { phoneNumber: number, lang: 'en' },
      });
      expect(againPhone.statusCode).toBe(409);
      expect(againPhone.json().code).toBe('PHONE_TAKEN');
    });

    it('lets only one of two racing registrations of one e-mail through', async () => {
      const address = uniqueEmail('race');
      const tickets: string[] = [];
      for (let i = 0; i < 2; i++) {
        await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
          body: { email: address, lang: 'ru' },
        });
        const ticket = await call(suite.server, 'POST', verifyCodePath('registration', 'email'), {
          body: { email: address, code: await latestCode(suite.server, address), lang: 'ru' },
        });
        tickets.push(ticket.json().registrationToken);
        suite.clock.advance(61);
      }
      const results = await Promise.all(
        tickets.map((registrationToken) =>
          call(suite.server, 'POST', ACCOUNT_PATHS.completeRegistration, {
            body: { registrationToken, password: 'password-1', firstname: 'A', lastname: 'B', lang: 'ru' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('EMAIL_TAKEN');
    });

    it('maps the database unique indexes to EMAIL_TAKEN / PHONE_TAKEN (the race the early check cannot see)', async () => {
      const db = suite.server.services.database.db;
      const number = uniquePhone();
      const base = {
        passwordHash: 'x',
        firstname: 'A',
        lastname: 'B',
        lang: 'ru' as const,
        createdAt: suite.clock.now(),
      };
      await createUser(db, { ...base, contact: { kind: 'email', value: 'db-race@example.kz' } });
      await createUser(db, { ...base, contact: { kind: 'phone', value: number } });
      await expect(
        createUser(db, { ...base, contact: { kind: 'email', value: 'db-race@example.kz' } }),
      ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
      await expect(
        createUser(db, { ...base, contact: { kind: 'phone', value: number } }),
      ).rejects.toMatchObject({
        code: 'PHONE_TAKEN',
      });
    });

    it('answers the catalogue code of the failing field: short or long password, bad e-mail, bad code', async () => {
      const base = { registrationToken: 'x', firstname: 'A', lastname: 'B', lang: 'ru' };
      const short = await call(suite.server, 'POST', `${ACCOUNT_PATHS.completeRegistration}?lang=ru`, {
        body: { ...base, password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({
        code: 'PASSWORD_TOO_SHORT',
        message: 'Пароль должен содержать не менее 8 символов',
      });
      const long = await call(suite.server, 'POST', ACCOUNT_PATHS.completeRegistration, {
        body: { ...base, password: 'x'.repeat(129) },
      });
      expect(long.json().code).toBe('PASSWORD_TOO_LONG');
      const badEmail = await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
        body: { email: 'not-an-email', lang: 'ru' },
      });
      expect(badEmail.json().code).toBe('INVALID_EMAIL');
      const badPhone = await call(suite.server, 'POST', sendCodePath('otp', 'sms'), {
        body: { phoneNumber: '+7 727 123 45 67', lang: 'ru' },
      });
      expect(badPhone.json().code).toBe('INVALID_PHONE');
      const badCode = await call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
        body: { email: 'a@b.kz', code: '12345', lang: 'ru' },
      });
      expect(badCode.json().code).toBe('INVALID_CODE');
      const noLang = await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
        body: { email: 'a@b.kz' },
      });
      expect(noLang.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(noLang.json().message).toContain('lang');
    });

    it('refuses a wrong registration code by e-mail with INVALID_CODE, and the right one still works', async () => {
      const address = uniqueEmail('wrongcode');
      const ip = nextIp();
      await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
        body: { email: address, lang: 'ru' },
        ip,
      });
      const code = await latestCode(suite.server, address);
      const wrong = await call(suite.server, 'POST', `${verifyCodePath('registration', 'email')}?lang=en`, {
        body: { email: address, code: code === '000000' ? '000001' : '000000', lang: 'en' },
        ip,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ code: 'INVALID_CODE', message: errorMessage('INVALID_CODE', 'en') });
      const right = await call(suite.server, 'POST', verifyCodePath('registration', 'email'), {
        body: { email: address, code, lang: 'ru' },
        ip,
      });
      expect(right.statusCode).toBe(200);
    });

    it('refuses a forged or expired registration ticket', async () => {
      const address = uniqueEmail('ticket');
      await call(suite.server, 'POST', sendCodePath('registration', 'email'), {
        body: { email: address, lang: 'ru' },
      });
      const ticket = await call(suite.server, 'POST', verifyCodePath('registration', 'email'), {
        body: { email: address, code: await latestCode(suite.server, address), lang: 'ru' },
      });
      const body = { password: 'password-1', firstname: 'A', lastname: 'B', lang: 'ru' };
      const forged = await call(suite.server, 'POST', ACCOUNT_PATHS.completeRegistration, {
        body: { ...body, registrationToken: `${ticket.json().registrationToken}x` },
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().code).toBe('BAD_REQUEST');
      suite.clock.advance(601);
      const expired = await call(suite.server, 'POST', ACCOUNT_PATHS.completeRegistration, {
        body: { ...body, registrationToken: ticket.json().registrationToken },
      });
      expect(expired.json().code).toBe('BAD_REQUEST');
    });
  });
});
