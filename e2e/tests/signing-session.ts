import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { registerByApi, signInPage, type Tokens, uniqueEmail } from './accounts-session';
import { samplePdf } from './document-files';

// Helpers for the signing browser tests: the server runs the development signer (the testkit's NCALayer
// emulator with the NCA RK TEST keys of ../shared/pki), so "NCALayer" signs without a person at the keyboard.

/** The NCA RK TEST material: QOLTANBA_PKI_DIR, else ../shared/pki beside the repository. */
export const PKI_DIR =
  process.env.QOLTANBA_PKI_DIR ??
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'pki');

/** The NCA TEST individual's key file (IIN 123456789011), which the recipient signs with in eGov mobile. */
export const INDIVIDUAL_P12 = join(
  PKI_DIR,
  'nca-test',
  'certs',
  'individual',
  'valid',
  'individual_valid.p12',
);

/** True when the NCA TEST keys are there (CI always has them). */
export const HAS_NCA_TEST_KEYS = existsSync(INDIVIDUAL_P12);

/**
 * Skips the calling spec file, with a notice, when the NCA TEST keys are absent outside CI (CI always has them, so
 * there a missing folder fails instead of skipping). `what` names the tests, e.g. 'signing'.
 */
export function skipWithoutNcaTestKeys(what: string): void {
  test.skip(
    !HAS_NCA_TEST_KEYS && !process.env.CI,
    `The NCA RK TEST keys are not in ${PKI_DIR}: the ${what} browser tests need them (CI always has them)`,
  );
}

/** АО "ТЕСТ" of the NCA TEST certificates: its first head's key attaches it and signs for it. */
export const TEST_COMPANY = { bin: '123456789021' };

/** The NCA TEST individual as a signer without an account: reached only through the e-mailed link. */
export const TEST_INDIVIDUAL = { iin: '123456789011', name: 'Тестов Тест Тестович' };

/** The card of the open document (the article named after it). */
export const card = (page: Page, name: string): Locator => page.getByRole('article', { name });

/** The status badge in a card's header. */
export const cardStatus = (page: Page, name: string): Locator =>
  card(page, name).locator('header [data-status]');

/** The card's actions bar. */
export const cardActions = (page: Page): Locator => page.getByRole('group', { name: 'Document actions' });

/**
 * Registers a sender and attaches АО "ТЕСТ" on the add-company screen with "Sign with EDS": the emulator signs
 * the server's challenge with the first head's key. Leaves the page in the cabinet, signed in.
 */
export async function senderOfTestCompany(page: Page, request: APIRequestContext): Promise<Tokens> {
  const tokens = await registerByApi(request, {
    email: uniqueEmail('sender'),
    password: 'Qoltanba-e2e-2026',
    firstname: 'Aigerim',
    lastname: 'Sender',
  });
  await signInPage(page, tokens);
  await page.goto('/cabinet/company/add?lang=en');
  await expect(page.getByText(/^Test signer: NCA RK TEST keys/)).toBeVisible();
  await page.getByRole('button', { name: 'Sign with EDS' }).click();
  await expect(page.getByText('Company attached')).toBeVisible();
  await expect(page).toHaveURL(/\/cabinet(\/|$)/);
  return tokens;
}

/**
 * Creates a draft with one PDF and the NCA TEST individual (with `email`) as its signer, with an approver when
 * `approverEmail` is given; returns its id.
 */
export async function draftForTestIndividual(
  page: Page,
  name: string,
  email: string,
  options: { approverEmail?: string } = {},
): Promise<number> {
  await page.goto('/cabinet/create?lang=en');
  await page.getByRole('textbox', { name: 'Document name' }).fill(name);
  // The document form's own input: the help widget's panel has a file input of its own on every page.
  await page
    .getByLabel('choose files')
    .setInputFiles([{ name: 'contract.pdf', mimeType: 'application/pdf', buffer: samplePdf(name) }]);
  await expect(page.getByText('contract.pdf')).toBeVisible();
  const signer = page.getByRole('group', { name: 'Signer 1' });
  await signer.getByRole('textbox', { name: /BIN\/IIN/ }).fill(TEST_INDIVIDUAL.iin);
  await signer.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await signer.getByRole('textbox', { name: /^Name in Russian/ }).fill(TEST_INDIVIDUAL.name);
  if (options.approverEmail) {
    await signer.getByRole('button', { name: 'Add approver' }).click();
    await signer.getByRole('textbox', { name: "Approver's e-mail" }).fill(options.approverEmail);
  }
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/cabinet\/document\/\d+$/);
  await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'DRAFT');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Opens `path` (a personal link) in a fresh, logged-out browser context, in English. */
export async function loggedOutPage(page: Page, path: string): Promise<Page> {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1400, height: 900 } });
  if (!context) throw new Error('No browser to open a second context in');
  const other = await context.newPage();
  await other.goto(`${path}?lang=en`);
  return other;
}

/** A message of the dev outbox. */
export interface OutboxMessage {
  id: number;
  recipient: string;
  body: string;
}

/** The messages of the dev outbox to `email`. */
export async function outboxTo(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/dev/outbox.json?recipient=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits for a personal link (`/sign/<token>` or `/approve/<token>`) e-mailed to `email` and returns its path. */
async function linkSentTo(
  request: APIRequestContext,
  email: string,
  kind: 'sign' | 'approve',
): Promise<string> {
  const pattern = new RegExp(`/${kind}/[A-Za-z0-9_-]+`);
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await outboxTo(request, email);
        path = messages.map((message) => message.body.match(pattern)?.[0]).find(Boolean);
        return path;
      },
      { message: `a ${kind} link e-mailed to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  if (!path) throw new Error(`No ${kind} link reached ${email}`);
  return path;
}

/** Waits for the personal signing link e-mailed to `email` and returns its path (`/sign/<token>`). */
export function signingLinkSentTo(request: APIRequestContext, email: string): Promise<string> {
  return linkSentTo(request, email, 'sign');
}

/** Waits for the approval link e-mailed to `email` and returns its path (`/approve/<token>`). */
export function approvalLinkSentTo(request: APIRequestContext, email: string): Promise<string> {
  return linkSentTo(request, email, 'approve');
}
