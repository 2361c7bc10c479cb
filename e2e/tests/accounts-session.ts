import { type APIRequestContext, expect, type Page } from '@playwright/test';

// Helpers for browser tests that need an account: register through the API with the code from the dev
// outbox, and hand the tokens to a page the way the sdk stores them.

const ACCOUNT = '/proxy/account-recovery-api.bpmn';
const RECOVERY = `${ACCOUNT}/api/v1/account-recovery`;

/** The token answer of every login call. */
export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  body: string;
}

/** A fresh e-mail address for one test run. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.kz`;
}

async function outbox(request: APIRequestContext, recipient: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest message id to `recipient` so far (0 when none): pass it to {@link codeSentAfter}. */
export async function lastOutboxId(request: APIRequestContext, recipient: string): Promise<number> {
  const messages = await outbox(request, recipient);
  return Math.max(0, ...messages.map((message) => message.id));
}

/** Waits for a message to `recipient` newer than `afterId` and returns the 6-digit code in it. */
export async function codeSentAfter(
  request: APIRequestContext,
  recipient: string,
  afterId: number,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outbox(request, recipient)).filter((message) => message.id > afterId);
        code = fresh[0]?.body.match(/\b\d{6}\b/)?.[0];
        return code;
      },
      { message: `a code sent to ${recipient}`, timeout: 10_000 },
    )
    .toBeTruthy();
  if (!code) throw new Error(`No code reached ${recipient}`);
  return code;
}

/** Registers an account by e-mail through the API and returns its tokens. */
export async function registerByApi(
  request: APIRequestContext,
  input: { email: string; password: string; firstname: string; lastname: string; lang?: string },
): Promise<Tokens> {
  const lang = input.lang ?? 'en';
  const before = await lastOutboxId(request, input.email);
  const sent = await request.post(`${RECOVERY}/sendCode/registration/email`, {
    data: { email: input.email, lang },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await codeSentAfter(request, input.email, before);
  const verified = await request.post(`${RECOVERY}/verifyCode/registration/email`, {
    data: { email: input.email, code, lang },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { registrationToken } = (await verified.json()) as { registrationToken: string };
  const completed = await request.post(`${RECOVERY}/registration/complete`, {
    data: {
      registrationToken,
      password: input.password,
      firstname: input.firstname,
      lastname: input.lastname,
      lang,
    },
  });
  expect(completed.ok(), await completed.text()).toBe(true);
  return (await completed.json()) as Tokens;
}

/** Signs the page in with `tokens` as the sdk keeps them (local storage and the GATEWAY cookie), then reloads. */
export async function signInPage(page: Page, tokens: Tokens): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate((value) => {
    localStorage.setItem('token', value.access_token);
    localStorage.setItem('refresh_token', value.refresh_token);
    localStorage.setItem('expires_in', String(Date.now() + value.expires_in * 1000));
  }, tokens);
  await page
    .context()
    .addCookies([
      { name: 'GATEWAY', value: encodeURIComponent(tokens.access_token), url: new URL(page.url()).origin },
    ]);
  await page.reload();
}

/** Revokes the page's session on the server behind its back, with the bearer from its GATEWAY cookie. */
export async function revokeSessionOf(page: Page, request: APIRequestContext): Promise<void> {
  const gateway = (await page.context().cookies()).find((cookie) => cookie.name === 'GATEWAY');
  if (!gateway) throw new Error('The page has no GATEWAY cookie');
  const response = await request.get(`${ACCOUNT}/auth/logout`, {
    headers: { Authorization: `Bearer ${decodeURIComponent(gateway.value)}` },
  });
  expect(response.status()).toBeLessThan(300);
}

const PROFILE = '/proxy/profile-api.bpmn/api/v1/profile';

/** A sole proprietor of the server's fixture registers and the phone linked to its IIN. */
export const FIXTURE_SOLE_PROPRIETOR = {
  iin: '850312300459',
  phone: '+77011234567',
  name: 'ИП Бекова А. С.',
};

/** Attaches an individual or sole proprietor by IIN through the API (SMS code from the dev outbox). */
export async function attachByIinByApi(
  request: APIRequestContext,
  tokens: Tokens,
  party: { iin: string; phone: string } = FIXTURE_SOLE_PROPRIETOR,
): Promise<void> {
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const before = await lastOutboxId(request, party.phone);
  const sent = await request.post(`${PROFILE}/companies/attach-by-iin`, {
    headers,
    data: { iin: party.iin, phoneNumber: party.phone, lang: 'en' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await codeSentAfter(request, party.phone, before);
  const confirmed = await request.post(`${PROFILE}/companies/attach-by-iin/confirm`, {
    headers,
    data: { iin: party.iin, phoneNumber: party.phone, code },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** An NCA TEST individual of the fixture registers (accepted while the server is not in production). */
export const FIXTURE_TEST_INDIVIDUAL = { iin: '123456789011', phone: '+77000000011', name: 'ТЕСТОВ ТЕСТ' };

/**
 * Registers a fresh account with one company context (by default the NCA TEST individual, whose SMS codes
 * no other test asks for: a phone gets at most one code a minute) and returns its tokens.
 */
export async function registerWithCompany(
  request: APIRequestContext,
  party: { iin: string; phone: string } = FIXTURE_TEST_INDIVIDUAL,
): Promise<Tokens> {
  const tokens = await registerByApi(request, {
    email: uniqueEmail('cabinet'),
    password: 'Qoltanba-e2e-2026',
    firstname: 'Test',
    lastname: 'User',
  });
  await attachByIinByApi(request, tokens, party);
  return tokens;
}

/** Marks one of the account's companies as main through the API. */
export async function setMainCompanyByApi(
  request: APIRequestContext,
  tokens: Tokens,
  bin: string,
): Promise<void> {
  const response = await request.put(`${PROFILE}/companies/${bin}/main`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
