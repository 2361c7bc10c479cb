import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { loadPkcs12, NCA_TEST_PASSWORD, signWithEgovMobile } from '@qoltanba/testkit';
import pg from 'pg';
import { registerByApi, registerWithCompany, signInPage, type Tokens, uniqueEmail } from './accounts-session';
import { type StartedServer, startServer, stopServer } from './company-admin';
import {
  cardActions,
  cardStatus,
  draftForTestIndividual,
  INDIVIDUAL_P12,
  senderOfTestCompany,
  signingLinkSentTo,
  skipWithoutNcaTestKeys,
} from './signing-session';
import { chatLog, inboxRow, openOperatorInbox, openWidget, writeInWidget } from './support-session';

// Two instances of the built server behind no balancer, on one PostgreSQL schema and one data folder (issue 23): what
// a user does on B reaches a browser on A live, through PostgreSQL's LISTEN/NOTIFY (neither process polls the other).
// A support reply written in B's inbox appears in the visitor's chat on A; a document sent on B raises the recipient's
// notification counter on A; eGov mobile signing through B moves the signing page open on A. Needs PostgreSQL
// (TEST_DATABASE_URL, as CI sets it) and the NCA TEST keys.

const url = process.env.TEST_DATABASE_URL ?? '';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

skipWithoutNcaTestKeys('two instances');
test.skip(!url, 'two instances need PostgreSQL: set TEST_DATABASE_URL');
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

const schema = `e2e_instances_${randomBytes(4).toString('hex')}`;
const operator = { email: uniqueEmail('operator'), firstname: 'Dana', lastname: 'Operatorova' };
let dataDir = '';
let a: StartedServer | undefined;
let b: StartedServer | undefined;
let operatorTokens: Tokens;

/** A browser context and API client on one instance. */
async function on(
  server: StartedServer | undefined,
  browser: Browser,
  requests: APIRequest,
): Promise<{ context: BrowserContext; page: Page; request: APIRequestContext }> {
  if (!server) throw new Error('the instances did not start');
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const request = await requests.newContext({ baseURL: server.url });
  return { context, page: await context.newPage(), request };
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  dataDir = mkdtempSync(join(tmpdir(), 'qoltanba-e2e-instances-'));
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    // One deployment: the same files and the same token secret on both.
    QOLTANBA_DATA_DIR: dataDir,
    QOLTANBA_TOKEN_SECRET: randomBytes(32).toString('hex'),
  };
  // The operator role is granted by the admin command, on the shared database, before either instance starts.
  execFileSync(
    process.execPath,
    [join(root, 'packages', 'server', 'dist', 'admin.js'), 'support-operator', 'grant', operator.email],
    { env: { ...process.env, ...env, NODE_ENV: 'test' }, encoding: 'utf8' },
  );
  a = await startServer({ env });
  b = await startServer({ env });
  const api = await playwright.request.newContext({ baseURL: b.url });
  operatorTokens = await registerByApi(api, { ...operator, password: 'Qoltanba-e2e-2026' });
  await api.dispose();
});

test.afterAll(async () => {
  for (const server of [a, b]) if (server) await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
});

test('a visitor writes on A, the operator sees it in the inbox on B and replies there: the reply appears on A', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const visitor = await on(a, browser, playwright.request);
  await visitor.page.goto('/?lang=en');
  await openWidget(visitor.page);
  const question = `A question on instance A ${stamp()}`;
  await writeInWidget(visitor.page, question);

  if (!b) throw new Error('the instances did not start');
  const inbox = await openOperatorInbox(browser, b.url, operatorTokens);
  const row = inboxRow(inbox, question);
  await row.click();
  const answer = `An answer from instance B ${stamp()}`;
  await inbox.getByLabel('Reply').fill(answer);
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    inbox.getByRole('main').getByRole('log', { name: 'Messages' }).getByText(answer),
  ).toBeVisible();

  // On A, live: no reload, no polling of B.
  await expect(chatLog(visitor.page).getByText(answer, { exact: true })).toBeVisible();
  await inbox.context().close();
  await visitor.context.close();
  await visitor.request.dispose();
});

test("a document sent on B raises the recipient's notification counter on A without a reload", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const recipient = await on(a, browser, playwright.request);
  const recipientTokens = await registerWithCompany(recipient.request);
  await recipient.page.goto('/?lang=en');
  await signInPage(recipient.page, recipientTokens);
  await recipient.page.goto('/cabinet/incoming?lang=en');
  await expect(recipient.page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({
    timeout: 20_000,
  });

  const sender = await on(b, browser, playwright.request);
  await senderOfTestCompany(sender.page, sender.request);
  const name = `Sent on B ${stamp()}`;
  await draftForTestIndividual(sender.page, name, `signer-${stamp()}@example.kz`);
  await cardActions(sender.page).getByRole('button', { name: 'Send for signing' }).click();
  await expect(sender.page.getByText('The document was sent for signing')).toBeVisible();

  await expect(recipient.page.getByRole('button', { name: 'Notifications, unread: 1' })).toBeVisible();
  await recipient.page.getByRole('button', { name: 'Notifications, unread: 1' }).click();
  await expect(
    recipient.page
      .getByRole('region', { name: 'Latest notifications' })
      .getByRole('link', { name: new RegExp(`sent you «${name}» for signing`) }),
  ).toBeVisible();
  for (const side of [recipient, sender]) {
    await side.context.close();
    await side.request.dispose();
  }
});

test('eGov mobile signs through B while the signing page is open on A: the page on A follows live', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  if (!a || !b) throw new Error('the instances did not start');
  const sender = await on(b, browser, playwright.request);
  await senderOfTestCompany(sender.page, sender.request);
  const name = `QR across instances ${stamp()}`;
  const email = uniqueEmail('signer');
  await draftForTestIndividual(sender.page, name, email);
  await cardActions(sender.page).getByRole('button', { name: 'Send for signing' }).click();
  await expect(sender.page.getByText('The document was sent for signing')).toBeVisible();

  // The signer opens the e-mailed link on A and starts eGov mobile signing there.
  const signerSide = await on(a, browser, playwright.request);
  await signerSide.page.goto(`${await signingLinkSentTo(sender.request, email)}?lang=en`);
  await expect(signerSide.page.getByRole('heading', { level: 2, name })).toBeVisible();
  await signerSide.page.getByRole('button', { name: 'Sign with eGov mobile (QR)' }).click();
  const dialog = signerSide.page.getByRole('dialog', { name: 'Sign with eGov mobile' });
  const qr = dialog.locator('[data-qr-payload]');
  await expect(qr).toHaveAttribute('data-qr-payload', /^mobileSign:http/);
  // The phone reaches the deployment through another instance: the QR's address of A, answered by B.
  const payload = ((await qr.getAttribute('data-qr-payload')) ?? '').replace(a.url, b.url);
  expect(payload).toContain(b.url);
  const outcome = await signWithEgovMobile({
    qr: payload,
    signer: await loadPkcs12(INDIVIDUAL_P12, NCA_TEST_PASSWORD),
  });
  expect(outcome.status).toBe(200);
  const thanks = 'Thank you: your signature is on the document';
  await expect(
    signerSide.page.getByRole('main').getByRole('status').filter({ hasText: thanks }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(cardStatus(signerSide.page, name)).toHaveAttribute('data-status', 'SIGNED');
  for (const side of [signerSide, sender]) {
    await side.context.close();
    await side.request.dispose();
  }
});
