import { type Lang, type LoginTarget, parseLoginTarget } from '@qoltanba/core';
import {
  bearerToken,
  type FakeAccount,
  type FakeHandler,
  failure,
  json,
  noContent,
  refuse,
} from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { type AccountStore, FAKE_CODE } from './accountStore';
import type { FakeLockouts } from './fakeLockouts';

// Signing in and out, codes by e-mail and SMS, registration, password recovery and token refresh, with the
// server's refusals in the server's order and its lockouts (`fakeLockouts.ts`).

/** The answer to a code sent (registration, login by code, attaching by IIN). */
export const codeSent = () => json(200, { resendAfterSeconds: 60, expiresInSeconds: 600 });
/** The contact of a send/verify body: `email` or `phoneNumber`, as the server's `contactOf`. */
const contactOf = (body: Record<string, unknown>): LoginTarget | undefined =>
  parseLoginTarget(String(body.email ?? body.phoneNumber ?? ''));

/** The authentication routes. */
export function authRoutes(
  { accounts, accessTokens, refreshTokens, registrations, issue, findAccount }: AccountStore,
  lockouts: FakeLockouts,
) {
  /** A guess at `key`: refused while blocked; a right one clears the count, the blocking wrong one answers 423. */
  const guess = (key: string, right: boolean, success: () => Response, wrong: Response): Response => {
    const blocked = lockouts.blocked(key);
    if (blocked) return failure('ACCOUNT_BLOCKED', 423, { until: blocked });
    if (right) {
      lockouts.cleared(key);
      return success();
    }
    const until = lockouts.failed(key);
    return until ? failure('ACCOUNT_BLOCKED', 423, { until }) : wrong;
  };
  /** Sending a code of this purpose is refused while this client is blocked from its codes. */
  const refuseWhileBlocked = (key: string) => {
    const blocked = lockouts.blocked(key);
    if (blocked) refuse('ACCOUNT_BLOCKED', { until: blocked }, 423);
  };
  /** The account a login or recovery target (e-mail or phone) names; INVALID_LOGIN, ACCOUNT_NOT_FOUND else. */
  const accountOfTarget = (text: unknown): FakeAccount => {
    const target = parseLoginTarget(String(text));
    if (!target) refuse('INVALID_LOGIN');
    const owner = findAccount(target);
    if (!owner) refuse('ACCOUNT_NOT_FOUND');
    return owner;
  };
  const sendCode: FakeHandler = ({ params, body }) => {
    const target = contactOf(body);
    if (!target) return failure('INVALID_LOGIN');
    const owner = findAccount(target);
    if (params.purpose === 'registration' && owner) {
      return failure(target.kind === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN');
    }
    if (params.purpose === 'otp' && !owner) return failure('ACCOUNT_NOT_FOUND');
    refuseWhileBlocked(`${params.purpose}:${target.value}`);
    return codeSent();
  };
  const verifyCode: FakeHandler = ({ params, body }) => {
    const target = contactOf(body);
    if (!target) return failure('INVALID_LOGIN');
    const right = body.code === FAKE_CODE;
    if (params.purpose === 'registration') {
      return guess(
        `registration:${target.value}`,
        right,
        () => {
          const registrationToken = `registration-${registrations.size + 1}`;
          registrations.set(
            registrationToken,
            target.kind === 'email' ? { email: target.value } : { phone: target.value },
          );
          return json(200, { registrationToken, expires_in: 600 });
        },
        failure('INVALID_CODE'),
      );
    }
    // Login by code: the server looks the account up before it checks the code.
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    return guess(`otp:${target.value}`, right, () => json(200, issue(owner)), failure('INVALID_CODE'));
  };

  return {
    login: ({ body }) => {
      const owner = accountOfTarget(body.login);
      if (owner.blockedUntil) return failure('ACCOUNT_BLOCKED', 423, { until: owner.blockedUntil });
      if (owner.slowedDownFor) return failure('RATE_LIMITED', 429, { retryAfter: owner.slowedDownFor });
      return guess(
        `password:${owner.userId}`,
        owner.password === body.password,
        () => json(200, issue(owner)),
        failure('INVALID_PASSWORD'),
      );
    },
    sendEmailCode: sendCode,
    sendSmsCode: sendCode,
    verifyEmailRegistrationCode: verifyCode,
    verifySmsRegistrationCode: verifyCode,
    loginWithEmailCode: verifyCode,
    loginWithSmsCode: verifyCode,
    completeRegistration: ({ body }) => {
      const contact = registrations.get(String(body.registrationToken));
      if (!contact) return failure('BAD_REQUEST');
      if (contact.email && findAccount({ kind: 'email', value: contact.email }))
        return failure('EMAIL_TAKEN');
      if (contact.phone && findAccount({ kind: 'phone', value: contact.phone }))
        return failure('PHONE_TAKEN');
      const email = contact.email ?? '';
      const created: FakeAccount = {
        userId: `user-${accounts.length + 1}`,
        email,
        phone: contact.phone ?? '',
        password: String(body.password),
        profile: {
          email,
          firstname: String(body.firstname),
          lastname: String(body.lastname),
          lang: body.lang as Lang,
        },
        companies: [],
      };
      accounts.push(created);
      return json(200, issue(created));
    },
    recoverySendCode: ({ body }) => {
      accountOfTarget(body.target);
      refuseWhileBlocked(`recovery:${parseLoginTarget(String(body.target))?.value}`);
      return codeSent();
    },
    recoveryChange: ({ body }) => {
      const owner = accountOfTarget(body.target);
      const target = parseLoginTarget(String(body.target));
      return guess(
        `recovery:${target?.value}`,
        body.code === FAKE_CODE,
        () => {
          owner.password = String(body.newPassword);
          // As the server: the recovering client's password and code-login blocks are lifted.
          lockouts.cleared(`password:${owner.userId}`);
          for (const contact of [owner.email, owner.phone]) if (contact) lockouts.cleared(`otp:${contact}`);
          return json(200, issue(owner));
        },
        failure('INVALID_CODE'),
      );
    },
    refreshToken: ({ body }) => {
      const token = String(body.refreshToken);
      const owner = refreshTokens.get(token);
      if (!owner) return failure('UNAUTHORIZED');
      refreshTokens.delete(token);
      return json(200, issue(owner));
    },
    // Authenticated like the server's: a refused or missing token answers 401.
    logout: ({ headers }) => {
      accessTokens.delete(bearerToken(headers) ?? '');
      return noContent();
    },
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
}
