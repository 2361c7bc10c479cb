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

// Signing in and out, codes by e-mail and SMS, registration, password recovery and token refresh, with the
// server's refusals in the server's order.

/** The answer to a code sent (registration, login by code, attaching by IIN). */
export const codeSent = () => json(200, { resendAfterSeconds: 60, expiresInSeconds: 600 });
/** The contact of a send/verify body: `email` or `phoneNumber`, as the server's `contactOf`. */
const contactOf = (body: Record<string, unknown>): LoginTarget | undefined =>
  parseLoginTarget(String(body.email ?? body.phoneNumber ?? ''));

/** The authentication routes. */
export function authRoutes({
  accounts,
  accessTokens,
  refreshTokens,
  registrations,
  issue,
  findAccount,
}: AccountStore) {
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
    return codeSent();
  };
  const verifyCode: FakeHandler = ({ params, body }) => {
    const target = contactOf(body);
    if (!target) return failure('INVALID_LOGIN');
    if (params.purpose === 'registration') {
      if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
      const registrationToken = `registration-${registrations.size + 1}`;
      registrations.set(
        registrationToken,
        target.kind === 'email' ? { email: target.value } : { phone: target.value },
      );
      return json(200, { registrationToken, expires_in: 600 });
    }
    // Login by code: the server looks the account up before it checks the code.
    const owner = findAccount(target);
    if (!owner) return failure('ACCOUNT_NOT_FOUND');
    return body.code === FAKE_CODE ? json(200, issue(owner)) : failure('INVALID_CODE');
  };

  return {
    login: ({ body }) => {
      const owner = accountOfTarget(body.login);
      if (owner.blockedUntil) return failure('ACCOUNT_BLOCKED', 423, `Blocked until ${owner.blockedUntil}`);
      if (owner.password !== body.password) return failure('INVALID_PASSWORD');
      return json(200, issue(owner));
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
      return codeSent();
    },
    recoveryChange: ({ body }) => {
      const owner = accountOfTarget(body.target);
      if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
      owner.password = String(body.newPassword);
      return json(200, issue(owner));
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
