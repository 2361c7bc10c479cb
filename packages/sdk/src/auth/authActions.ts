import {
  ACCOUNT_PATHS,
  type AuthTokens,
  apiPath,
  type CodeChannel,
  type CodePurpose,
  type CodeSent,
  codeSentSchema,
  type RegistrationTicket,
  registrationTicketSchema,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { reloadCompanies } from '../company/companyStore';
import { loadProfile } from '../profile/profileStore';
import { activeClient } from '../session/activeClient';
import { expectAuthTokens } from '../session/client';
import { reportError } from '../telemetry';
import { setAuthenticated } from './authState';

/** Where a one-time code goes: an e-mail address or a Kazakh mobile number, by channel. */
export interface CodeTarget {
  channel: CodeChannel;
  /** The e-mail for `email`, the phone number (any usual spelling) for `sms`. */
  target: string;
}

function targetBody(input: CodeTarget): { email: string } | { phoneNumber: string } {
  const target = input.target.trim();
  return input.channel === 'email' ? { email: target } : { phoneNumber: target };
}

async function postForTokens(path: string, body: object): Promise<void> {
  const client = activeClient();
  const answer = await client.publicApi.post({ ...body, lang: client.lang() }, path).json<unknown>();
  await startSession(expectAuthTokens(answer, client.lang()));
}

/**
 * Stores the tokens, marks the session authenticated and loads the profile and the companies.
 * A failed load does not undo the login: it is reported, and a 401 still ends the session.
 */
async function startSession(tokens: AuthTokens): Promise<void> {
  activeClient().storeTokens(tokens);
  setAuthenticated(true);
  const loads = await Promise.allSettled([loadProfile(), reloadCompanies()]);
  for (const load of loads) {
    if (load.status === 'rejected') reportError(load.reason, { action: 'session-start' });
  }
}

/**
 * Logs in by e-mail or phone and password. Rejects with ApiError: ACCOUNT_NOT_FOUND, INVALID_LOGIN,
 * INVALID_PASSWORD, or ACCOUNT_BLOCKED (its message says when login unlocks).
 */
export function loginWithPassword(input: { login: string; password: string }): Promise<void> {
  return postForTokens(ACCOUNT_PATHS.login, { login: input.login.trim(), password: input.password });
}

/** Sends a one-time code for registration or login (`otp`); the answer says when a new one may be asked. */
export function requestCode(input: CodeTarget & { purpose: CodePurpose }): Promise<CodeSent> {
  const client = activeClient();
  const answer = client.publicApi
    .post(
      { ...targetBody(input), lang: client.lang() },
      apiPath(ACCOUNT_PATHS.sendCode, { purpose: input.purpose, channel: input.channel }),
    )
    .json<unknown>();
  return readResponse(answer, codeSentSchema, client.lang);
}

/** Logs in with a one-time code sent by {@link requestCode} with purpose `otp`. */
export function loginWithCode(input: CodeTarget & { code: string }): Promise<void> {
  return postForTokens(apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: input.channel }), {
    ...targetBody(input),
    code: input.code.trim(),
  });
}

/** Proves the e-mail or phone of a registration; the ticket goes to {@link completeRegistration}. */
export function verifyRegistrationCode(input: CodeTarget & { code: string }): Promise<RegistrationTicket> {
  const client = activeClient();
  const answer = client.publicApi
    .post(
      { ...targetBody(input), code: input.code.trim(), lang: client.lang() },
      apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'registration', channel: input.channel }),
    )
    .json<unknown>();
  return readResponse(answer, registrationTicketSchema, client.lang);
}

/** Finishes a registration with a password and name, and logs the new user in. */
export function completeRegistration(input: {
  registrationToken: string;
  password: string;
  firstname: string;
  lastname: string;
}): Promise<void> {
  return postForTokens(ACCOUNT_PATHS.completeRegistration, {
    registrationToken: input.registrationToken,
    password: input.password,
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
  });
}

/** Sends a password-recovery code to the account's e-mail or phone (`target` is either). */
export function requestRecoveryCode(input: { target: string }): Promise<CodeSent> {
  const client = activeClient();
  const answer = client.publicApi
    .post({ target: input.target.trim(), lang: client.lang() }, ACCOUNT_PATHS.recoverySendCode)
    .json<unknown>();
  return readResponse(answer, codeSentSchema, client.lang);
}

/** Sets a new password with a recovery code, and logs the user in. */
export function recoverPassword(input: { target: string; code: string; newPassword: string }): Promise<void> {
  return postForTokens(ACCOUNT_PATHS.recoveryChange, {
    target: input.target.trim(),
    code: input.code.trim(),
    newPassword: input.newPassword,
  });
}

/** Refreshes the tokens now and reloads the profile. A 401 or 403 ends the session. */
export async function refreshTokens(): Promise<void> {
  await activeClient().refreshTokens();
  setAuthenticated(true);
  await loadProfile();
}

/**
 * Logs out: revokes the session on the server (best effort), clears the company state, wipes local and
 * session storage except the identity note, removes the GATEWAY cookie; `$auth` becomes anonymous.
 */
export function logout(): Promise<void> {
  return activeClient().logout('user');
}
