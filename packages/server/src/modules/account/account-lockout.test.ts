import {
  ACCOUNT_PATHS,
  errorMessage,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_AFTER,
  LOGIN_SLOWDOWN_MAX_SECONDS,
} from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCodePath, uniqueEmail, useAccountSuite, verifyCodePath } from '../../testing/account-suite.js';
import { call, latestCode, nextIp, registerAccount } from '../../testing/accounts.js';
import { testDatabases } from '../../testing/test-databases.js';

// Lockout as a weapon: knowing only an e-mail, someone must not be able to lock its owner out of password, code
// and recovery login. Failures lock the client that made them; all clients' failures only slow the account down.

const PASSWORD = 'correct-horse';

/** A code that differs from `code`. */
const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');

/** The wait a RATE_LIMITED answer asks for, checked to be the same in the body and the Retry-After header. */
function retryAfterOf(response: LightMyRequestResponse): number {
  expect(response.statusCode).toBe(429);
  const body = response.json() as { code: string; params: { retryAfter: number } };
  expect(body.code).toBe('RATE_LIMITED');
  expect(response.headers['retry-after']).toBe(String(body.params.retryAfter));
  return body.params.retryAfter;
}

describe.each(testDatabases())('login lockouts on $name', (backend) => {
  const suite = useAccountSuite(backend);

  const sendCode = (purpose: 'otp', address: string, ip: string) =>
    call(suite.server, 'POST', sendCodePath(purpose, 'email'), { body: { email: address, lang: 'en' }, ip });
  const verifyCode = (address: string, code: string, ip: string) =>
    call(suite.server, 'POST', verifyCodePath('otp', 'email'), {
      body: { email: address, code, lang: 'en' },
      ip,
    });
  const sendRecovery = (address: string, ip: string) =>
    call(suite.server, 'POST', ACCOUNT_PATHS.recoverySendCode, { body: { target: address, lang: 'en' }, ip });
  const changePassword = (address: string, code: string, newPassword: string, ip: string) =>
    call(suite.server, 'POST', ACCOUNT_PATHS.recoveryChange, {
      body: { target: address, code, lang: 'en', newPassword },
      ip,
    });

  it("locks the attacker's address out of password, code and recovery; the owner elsewhere logs in by each", async () => {
    const address = uniqueEmail('weapon');
    await registerAccount(suite.server, address, { password: PASSWORD });
    const attacker = nextIp();
    const owner = nextIp();
    const answers: string[] = [];
    const note = (response: LightMyRequestResponse) => {
      answers.push(response.json().code as string);
      return response;
    };

    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) note(await suite.login(address, 'guess-password', attacker));
    // Locked: even the right password is not checked for this client.
    expect(note(await suite.login(address, PASSWORD, attacker)).statusCode).toBe(423);

    // The attacker can make the owner's mailbox receive a login code, but not guess it.
    expect(note(await sendCode('otp', address, attacker)).statusCode).toBe(200);
    const loginCode = await latestCode(suite.server, address);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      note(await verifyCode(address, wrongFor(loginCode), attacker));
    expect(note(await verifyCode(address, loginCode, attacker)).statusCode).toBe(423);

    expect(note(await sendRecovery(address, attacker)).statusCode).toBe(200);
    const recoveryCode = await latestCode(suite.server, address);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      note(await changePassword(address, wrongFor(recoveryCode), 'attacker-choice', attacker));
    }
    expect(note(await changePassword(address, recoveryCode, 'attacker-choice', attacker)).statusCode).toBe(
      423,
    );

    expect(answers.length).toBeGreaterThanOrEqual(17);
    expect(answers.filter((code) => code === 'ACCOUNT_BLOCKED')).toHaveLength(6);

    // The owner, from an address of their own: password, the login code and the recovery code all work.
    expect((await suite.login(address, PASSWORD, owner)).statusCode).toBe(200);
    expect((await verifyCode(address, loginCode, owner)).statusCode).toBe(200);
    expect((await changePassword(address, recoveryCode, 'owner-choice', owner)).statusCode).toBe(200);
    expect((await suite.login(address, 'owner-choice', owner)).statusCode).toBe(200);
    // A new code reaches the owner (the resend spacing still holds), never the locked address.
    suite.clock.advance(61);
    expect((await sendCode('otp', address, attacker)).json().code).toBe('ACCOUNT_BLOCKED');
    expect((await sendCode('otp', address, owner)).statusCode).toBe(200);
    expect((await verifyCode(address, await latestCode(suite.server, address), owner)).statusCode).toBe(200);

    // The owner's recovery lifted no lock of the attacker's address.
    expect((await suite.login(address, 'owner-choice', attacker)).statusCode).toBe(423);
    suite.clock.advance(LOGIN_LOCK_SECONDS);
    expect((await suite.login(address, 'owner-choice', attacker)).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const address = uniqueEmail('ipv6');
    await registerAccount(suite.server, address, { password: PASSWORD });
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i++) {
      await suite.login(address, 'guess-password', `2001:db8:5:6::${i.toString(16)}`);
    }
    expect((await suite.login(address, PASSWORD, '2001:db8:5:6:ffff::99')).statusCode).toBe(423);
    expect((await suite.login(address, PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('slows distributed guessing down, 1 s doubling to the cap, while the owner gets in by code and after the wait', async () => {
    const address = uniqueEmail('spread');
    await registerAccount(suite.server, address, { password: PASSWORD });
    const owner = nextIp();
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER; i++) {
      expect((await suite.login(address, 'guess-password', nextIp())).statusCode).toBe(401);
    }
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = retryAfterOf(await suite.login(address, 'guess-password', nextIp()));
      waits.push(wait);
      // The owner asked meanwhile: refused alike, and not counted against the owner's address.
      expect(retryAfterOf(await suite.login(address, PASSWORD, owner, 'en'))).toBe(wait);
      suite.clock.advance(wait);
      expect((await suite.login(address, 'guess-password', nextIp())).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((s) => Math.min(s, LOGIN_SLOWDOWN_MAX_SECONDS)));
    const slowed = await suite.login(address, PASSWORD, owner, 'en');
    expect(slowed.json()).toEqual({
      code: 'RATE_LIMITED',
      message: errorMessage('RATE_LIMITED', 'en', { retryAfter: LOGIN_SLOWDOWN_MAX_SECONDS }),
      params: { retryAfter: LOGIN_SLOWDOWN_MAX_SECONDS },
    });

    // The proven channel is open all along: an e-mailed code logs the owner in at once.
    expect((await sendCode('otp', address, owner)).statusCode).toBe(200);
    expect((await verifyCode(address, await latestCode(suite.server, address), owner)).statusCode).toBe(200);
    // And the password, once the wait is over (the owner's eight refusals did not lock the owner's address).
    suite.clock.advance(LOGIN_SLOWDOWN_MAX_SECONDS);
    expect((await suite.login(address, PASSWORD, owner)).statusCode).toBe(200);
  });

  it('keeps the wait at the cap however long guessing goes on', async () => {
    const address = uniqueEmail('siege');
    const { access_token } = await registerAccount(suite.server, address, { password: PASSWORD });
    const userId = JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString()).sub;
    // A day of guessing at the capped pace leaves a count far past where 2 to its power overflows a double.
    await suite.server.services.database.db
      .insertInto('login_throttles')
      .values({
        kind: 'password',
        target: userId,
        subject: '',
        source: '*',
        failures: 5000,
        last_failure_at: new Date(suite.clock.now().getTime() - 60_000),
        locked_until: null,
      })
      .execute();
    expect((await suite.login(address, 'guess-password', nextIp())).statusCode).toBe(401);
    expect(retryAfterOf(await suite.login(address, PASSWORD, nextIp()))).toBe(LOGIN_SLOWDOWN_MAX_SECONDS);
  });

  it(`forgets all clients' failures ${LOGIN_LOCK_SECONDS / 60} minutes after the last one`, async () => {
    const address = uniqueEmail('decay');
    await registerAccount(suite.server, address, { password: PASSWORD });
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER; i++) await suite.login(address, 'guess-password', nextIp());
    expect(retryAfterOf(await suite.login(address, PASSWORD, nextIp()))).toBe(1);
    suite.clock.advance(LOGIN_LOCK_SECONDS + 1);
    // A fresh count: nine more failures are not yet slowed down, and the right password gets in.
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER - 1; i++) {
      expect((await suite.login(address, 'guess-password', nextIp())).statusCode).toBe(401);
    }
    expect((await suite.login(address, PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it("never slows an account down for its owner's own successful logins", async () => {
    const address = uniqueEmail('busy');
    await registerAccount(suite.server, address, { password: PASSWORD });
    const ip = nextIp();
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER + 3; i++) {
      expect((await suite.login(address, PASSWORD, ip)).statusCode).toBe(200);
    }
    const code = async () => {
      suite.clock.advance(61);
      expect((await sendCode('otp', address, ip)).statusCode).toBe(200);
      return latestCode(suite.server, address);
    };
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER + 1; i++) {
      expect((await verifyCode(address, await code(), ip)).statusCode).toBe(200);
    }
  });

  it("lifts the slow-down and the recovering client's own lock with a recovery", async () => {
    const address = uniqueEmail('recover');
    await registerAccount(suite.server, address, { password: PASSWORD });
    const owner = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await suite.login(address, 'forgotten', owner);
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER; i++) await suite.login(address, 'guess-password', nextIp());
    expect((await suite.login(address, PASSWORD, owner)).statusCode).toBe(423);
    expect(retryAfterOf(await suite.login(address, PASSWORD, nextIp()))).toBeGreaterThan(0);

    expect((await sendRecovery(address, owner)).statusCode).toBe(200);
    const changed = await changePassword(
      address,
      await latestCode(suite.server, address),
      'new-horse',
      owner,
    );
    expect(changed.statusCode).toBe(200);
    expect((await suite.login(address, 'new-horse', owner)).statusCode).toBe(200);
    expect((await suite.login(address, 'new-horse', nextIp())).statusCode).toBe(200);
  });
});
