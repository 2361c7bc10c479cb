import {
  ACCOUNT_PATHS,
  AppError,
  authTokensSchema,
  CODE_TTL_SECONDS,
  codeSentSchema,
  completeRegistrationRequestSchema,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_AFTER,
  LOGIN_SLOWDOWN_MAX_SECONDS,
  type LoginTarget,
  loginRequestSchema,
  normalizeEmail,
  normalizeKzPhone,
  parseLoginTarget,
  recoveryChangeRequestSchema,
  recoverySendRequestSchema,
  refreshRequestSchema,
  registrationTicketSchema,
  sendEmailCodeRequestSchema,
  sendSmsCodeRequestSchema,
  verifyEmailCodeRequestSchema,
  verifySmsCodeRequestSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import type { OutboxChannel } from '../../db/schema.js';
import { defineRoute } from '../../http/route.js';
import type { AppModule } from '../module.js';
import { bearerToken, installAccessVerifier, requireUser } from './auth-guard.js';
import { clientSource } from './client-source.js';
import { signJwt, verifyJwt } from './jwt.js';
import { clearLoginThrottles, reserveLoginAttempt, settleLoginAttempt } from './login-throttle.js';
import { codeServiceFor } from './one-time-codes.js';
import { createTokenService } from './token-service.js';
import { assertContactFree, createUser, findUserByTarget, setUserPassword } from './user-store.js';

/** Per-IP limits of the public account calls, on top of the per-target code and password rules. */
export const ACCOUNT_RATE_LIMITS = {
  login: { max: 20, timeWindow: '1 minute' },
  codes: { max: 20, timeWindow: '1 minute' },
  refresh: { max: 60, timeWindow: '1 minute' },
} as const;

const REGISTRATION_TICKET_TYPE = 'registration';
const CHANNELS = ['email', 'sms'] as const satisfies readonly OutboxChannel[];

const sendBodies = { email: sendEmailCodeRequestSchema, sms: sendSmsCodeRequestSchema } as const;
const verifyBodies = { email: verifyEmailCodeRequestSchema, sms: verifySmsCodeRequestSchema } as const;

/** The normalised contact of a send/verify body (already validated by core's field schemas). */
function contactOf(body: { email?: string; phoneNumber?: string }): LoginTarget {
  const email = body.email === undefined ? undefined : normalizeEmail(body.email);
  if (email) return { kind: 'email', value: email };
  const phone = body.phoneNumber === undefined ? undefined : normalizeKzPhone(body.phoneNumber);
  if (phone) return { kind: 'phone', value: phone };
  throw new AppError('INVALID_LOGIN');
}

const channelOf = (target: LoginTarget): OutboxChannel => (target.kind === 'email' ? 'email' : 'sms');

/** The lockout policy of a login method, as the API reference states it. */
const throttlePolicy = (what: string) =>
  `${LOGIN_MAX_FAILURES} ${what} in a row from one client (IPv4 address or IPv6 /64) block that client for ` +
  `${LOGIN_LOCK_SECONDS / 60} minutes (423 ACCOUNT_BLOCKED {until}); other clients are not blocked. From the ` +
  `${LOGIN_SLOWDOWN_AFTER}th failure of all clients together within ${LOGIN_LOCK_SECONDS / 60} minutes, each ` +
  `try waits 1 s, doubling up to ${LOGIN_SLOWDOWN_MAX_SECONDS} s (429 RATE_LIMITED {retryAfter}, Retry-After).`;

function pathFor(template: string, values: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Accounts: registration by e-mail or SMS code, login by password or code, password recovery,
 * refresh-token rotation and logout. Installs the access-token check behind `requireUser`.
 */
export const accountModule: AppModule = {
  name: 'account',
  register(context) {
    const { app, route, services, config } = context;
    const db = services.database.db;
    const { clock } = services;
    const tokens = createTokenService({
      db,
      clock,
      secret: config.tokenSecret,
      sessionCacheSeconds: config.sessionCacheSeconds,
    });
    const codes = codeServiceFor(context);
    installAccessVerifier(app, (token) => tokens.verifyAccess(token));

    async function existingUser(target: LoginTarget) {
      const user = await findUserByTarget(db, target);
      if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
      return user;
    }

    route(
      defineRoute({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        operationId: 'login',
        summary: 'Log in with an e-mail or phone and a password',
        description: `${throttlePolicy('wrong passwords')} Login by code is counted apart and stays open.`,
        tags: ['account'],
        body: loginRequestSchema,
        response: authTokensSchema,
        rateLimit: ACCOUNT_RATE_LIMITS.login,
        handler: async ({ body, request }) => {
          const target = parseLoginTarget(body.login);
          if (!target) throw new AppError('INVALID_LOGIN');
          const user = await existingUser(target);
          const key = { kind: 'password', target: user.id, subject: '' } as const;
          const attempt = await reserveLoginAttempt(db, key, clientSource(request.ip), clock());
          if (await services.verifyPassword(body.password, user.password_hash)) {
            await settleLoginAttempt(db, attempt);
            return tokens.startSession(user.id);
          }
          // The lock's end as an ISO instant: each client writes it in its own language (core's ERROR_PARAMS).
          if (attempt.lockUntil)
            throw new AppError('ACCOUNT_BLOCKED', { until: attempt.lockUntil.toISOString() });
          throw new AppError('INVALID_PASSWORD');
        },
      }),
    );

    const purposeParams = z.object({ purpose: z.enum(['registration', 'otp']) });
    for (const channel of CHANNELS) {
      route(
        defineRoute({
          method: 'POST',
          url: pathFor(ACCOUNT_PATHS.sendCode, { channel }),
          operationId: channel === 'email' ? 'sendEmailCode' : 'sendSmsCode',
          summary: `Send a registration or login code by ${channel === 'email' ? 'e-mail' : 'SMS'}`,
          description:
            'registration: refuses a contact that is already registered (EMAIL_TAKEN / PHONE_TAKEN); otp: ' +
            'ACCOUNT_NOT_FOUND for an unknown contact. One new code per minute per contact (429 RATE_LIMITED); ' +
            '423 ACCOUNT_BLOCKED only to a client locked out of these codes.',
          tags: ['account'],
          params: purposeParams,
          body: sendBodies[channel],
          response: codeSentSchema,
          rateLimit: ACCOUNT_RATE_LIMITS.codes,
          handler: async ({ params, body, request }) => {
            const target = contactOf(body);
            if (params.purpose === 'registration') await assertContactFree(db, target);
            else await existingUser(target);
            return codes.issue(
              { purpose: params.purpose, channel, target: target.value },
              body.lang,
              clientSource(request.ip),
            );
          },
        }),
      );

      route(
        defineRoute({
          method: 'POST',
          url: pathFor(ACCOUNT_PATHS.verifyCode, { purpose: 'registration', channel }),
          operationId: channel === 'email' ? 'verifyEmailRegistrationCode' : 'verifySmsRegistrationCode',
          summary: `Verify a registration code sent by ${channel === 'email' ? 'e-mail' : 'SMS'}`,
          description: 'Answers a short-lived registration ticket for `registration/complete`.',
          tags: ['account'],
          body: verifyBodies[channel],
          response: registrationTicketSchema,
          rateLimit: ACCOUNT_RATE_LIMITS.codes,
          handler: async ({ body, request }) => {
            const target = contactOf(body);
            await codes.verify(
              { purpose: 'registration', target: target.value },
              body.code,
              clientSource(request.ip),
            );
            const iat = Math.floor(clock().getTime() / 1000);
            const registrationToken = signJwt(
              { typ: REGISTRATION_TICKET_TYPE, contact: target, iat, exp: iat + CODE_TTL_SECONDS },
              config.tokenSecret,
            );
            return { registrationToken, expires_in: CODE_TTL_SECONDS };
          },
        }),
      );

      route(
        defineRoute({
          method: 'POST',
          url: pathFor(ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel }),
          operationId: channel === 'email' ? 'loginWithEmailCode' : 'loginWithSmsCode',
          summary: `Log in with a code sent by ${channel === 'email' ? 'e-mail' : 'SMS'}`,
          description: `${throttlePolicy('wrong codes')} A code stays good for its owner when another client is blocked.`,
          tags: ['account'],
          body: verifyBodies[channel],
          response: authTokensSchema,
          rateLimit: ACCOUNT_RATE_LIMITS.codes,
          handler: async ({ body, request }) => {
            const target = contactOf(body);
            const user = await existingUser(target);
            await codes.verify({ purpose: 'otp', target: target.value }, body.code, clientSource(request.ip));
            return tokens.startSession(user.id);
          },
        }),
      );
    }

    route(
      defineRoute({
        method: 'POST',
        url: ACCOUNT_PATHS.completeRegistration,
        operationId: 'completeRegistration',
        summary: 'Finish a registration: password and name; answers tokens',
        description: '400 BAD_REQUEST for an invalid or expired registration ticket.',
        tags: ['account'],
        body: completeRegistrationRequestSchema,
        response: authTokensSchema,
        rateLimit: ACCOUNT_RATE_LIMITS.codes,
        handler: async ({ body }) => {
          const claims = verifyJwt(
            body.registrationToken,
            config.tokenSecret,
            REGISTRATION_TICKET_TYPE,
            clock(),
          );
          const contact = claims?.contact as Partial<LoginTarget> | undefined;
          const target = typeof contact?.value === 'string' ? parseLoginTarget(contact.value) : undefined;
          if (!target) throw new AppError('BAD_REQUEST');
          await assertContactFree(db, target);
          const userId = await createUser(db, {
            contact: target,
            passwordHash: await services.hashPassword(body.password),
            firstname: body.firstname,
            lastname: body.lastname,
            lang: body.lang,
            createdAt: clock(),
          });
          return tokens.startSession(userId);
        },
      }),
    );

    route(
      defineRoute({
        method: 'POST',
        url: ACCOUNT_PATHS.recoverySendCode,
        operationId: 'recoverySendCode',
        summary: 'Send a password recovery code to the e-mail or phone of an account',
        description:
          'ACCOUNT_NOT_FOUND for an unknown contact: the product tells users so at login as well (accepted ' +
          'enumeration trade-off, bounded by the per-IP limit).',
        tags: ['account'],
        body: recoverySendRequestSchema,
        response: codeSentSchema,
        rateLimit: ACCOUNT_RATE_LIMITS.codes,
        handler: async ({ body, request }) => {
          const target = parseLoginTarget(body.target);
          if (!target) throw new AppError('INVALID_LOGIN');
          await existingUser(target);
          return codes.issue(
            { purpose: 'recovery', channel: channelOf(target), target: target.value },
            body.lang,
            clientSource(request.ip),
          );
        },
      }),
    );

    route(
      defineRoute({
        method: 'POST',
        url: ACCOUNT_PATHS.recoveryChange,
        operationId: 'recoveryChange',
        summary: 'Set a new password with a recovery code; answers tokens',
        description: `${throttlePolicy('wrong codes')} A right code lifts this client's password and code-login lockouts and the slow-down of all clients (other clients' locks stand), and ends every other session.`,
        tags: ['account'],
        body: recoveryChangeRequestSchema,
        response: authTokensSchema,
        rateLimit: ACCOUNT_RATE_LIMITS.codes,
        handler: async ({ body, request }) => {
          const target = parseLoginTarget(body.target);
          if (!target) throw new AppError('INVALID_LOGIN');
          const user = await existingUser(target);
          const source = clientSource(request.ip);
          await codes.verify({ purpose: 'recovery', target: target.value }, body.code, source);
          await setUserPassword(db, user.id, await services.hashPassword(body.newPassword));
          const contacts = [user.email, user.phone].filter((value): value is string => value !== null);
          await codes.unlock(contacts, 'otp', source);
          await clearLoginThrottles(db, 'password', [user.id], source);
          await tokens.revokeAllSessions(user.id);
          return tokens.startSession(user.id);
        },
      }),
    );

    route(
      defineRoute({
        method: 'POST',
        url: ACCOUNT_PATHS.refresh,
        operationId: 'refreshToken',
        summary: 'Rotate a refresh token',
        description:
          'Takes {refreshToken}, or an empty body with `Authorization: Bearer <access token>` (the GATEWAY ' +
          'cookie; it may have expired, but must be of the current refresh generation of a live session). ' +
          '401 for an unknown, expired or revoked token; reusing a rotated refresh token, or an access token ' +
          'of a rotated generation, revokes the whole session.',
        tags: ['account'],
        body: refreshRequestSchema.optional(),
        allowEmptyJsonBody: true,
        response: authTokensSchema,
        rateLimit: ACCOUNT_RATE_LIMITS.refresh,
        handler: async ({ body, request }) => {
          if (body?.refreshToken !== undefined) return tokens.refresh(body.refreshToken);
          const accessToken = bearerToken(request.headers.authorization);
          // Tokens we issue are short; a huge value is garbage, not worth an HMAC.
          if (!accessToken || accessToken.length > 2048) throw new AppError('UNAUTHORIZED');
          return tokens.refreshWithAccess(accessToken);
        },
      }),
    );

    route(
      defineRoute({
        method: 'GET',
        url: ACCOUNT_PATHS.logout,
        operationId: 'logout',
        summary: 'Log out: revokes the session at once (the bearer header only, never the GATEWAY cookie)',
        tags: ['account'],
        auth: true,
        status: 204,
        response: z.undefined(),
        handler: async ({ request }) => {
          // A GET that changes state: with the cookie, another site could log the user out by a navigation.
          if (!bearerToken(request.headers.authorization)) throw new AppError('UNAUTHORIZED');
          const user = await requireUser(request);
          await tokens.revokeSession(user.sessionId);
          return undefined;
        },
      }),
    );
  },
};
