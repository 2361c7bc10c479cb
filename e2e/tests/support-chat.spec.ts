import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { registerByApi, signInPage, type Tokens, uniqueEmail } from './accounts-session';
import {
  chatLog,
  inboxRow,
  launcher,
  openOperatorInbox,
  openWidget,
  panel,
  writeInWidget,
} from './support-session';

// The support chat end to end against the real built server (issue 11), nothing of our API stubbed: the help widget's
// script tag on examples/plain-html (served by its own backend on another origin) and inside the portal, the
// operators' inbox at /cabinet/support, live replies over server-sent events, the help link per language.
// The spec runs a Qoltanba server of its own on a fresh PGlite data folder: the operator is granted by the real admin
// command before that server starts (PGlite lets one process open the folder), and the help pages are configured
// per language through the server's environment. Needs `npm run build` first (the server, the portal, the help
// widget, and the packages the example packs).

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EXAMPLE = join(root, 'examples', 'plain-html');
const SERVER_DIST = join(root, 'packages', 'server', 'dist');
const SERVER_PORT = Number(process.env.E2E_SUPPORT_PORT ?? 8301);
const PARTNER_PORT = SERVER_PORT + 1;
const serverOrigin = `http://127.0.0.1:${SERVER_PORT}`;
const partnerOrigin = `http://127.0.0.1:${PARTNER_PORT}`;

const HELP_PAGES = {
  kk: 'https://help.qoltanba.test/kk/anyqtama',
  ru: 'https://help.qoltanba.test/ru/spravka',
  en: 'https://help.qoltanba.test/en/help-centre',
};
const PASSWORD = 'Qoltanba-e2e-2026';
const OPERATOR = { email: uniqueEmail('operator'), firstname: 'Dana', lastname: 'Operatorova' };
// Markup a visitor might type: it must stay text in the widget and in the inbox (an alert would fail the test).
const HTML_TEXT = '<img src=x onerror=alert(1)><b>bold?</b>';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let server: ChildProcess | undefined;
let partner: ChildProcess | undefined;
let api: APIRequestContext;
let operatorTokens: Tokens;

/** Runs the server's admin command (`npm run admin -- ...`) with the server's environment. */
function admin(env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync(process.execPath, [join(SERVER_DIST, 'admin.js'), ...args], { env, encoding: 'utf8' });
}

async function waitFor(url: string, what: string): Promise<void> {
  await expect
    .poll(
      async () =>
        fetch(url).then(
          (r) => r.status,
          () => 0,
        ),
      { message: what, timeout: 30_000 },
    )
    .toBe(200);
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: serverOrigin, viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    QOLTANBA_PUBLIC_URL: serverOrigin,
    QOLTANBA_DATA_DIR: mkdtempSync(join(tmpdir(), 'qoltanba-e2e-support-')),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    QOLTANBA_DEV_SIGNER: 'false',
    QOLTANBA_HELP_URL_KK: HELP_PAGES.kk,
    QOLTANBA_HELP_URL_RU: HELP_PAGES.ru,
    QOLTANBA_HELP_URL_EN: HELP_PAGES.en,
  };
  // Granted by login before the account exists; the server is not running yet, as PGlite needs.
  expect(admin(env, 'support-operator', 'grant', OPERATOR.email)).toBe(`granted: ${OPERATOR.email}\n`);
  server = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  execFileSync(process.execPath, [join(root, 'examples', 'install-packed.mjs'), EXAMPLE], {
    stdio: 'inherit',
  });
  await waitFor(`${serverOrigin}/readyz`, 'the spec’s Qoltanba server');
  // Ready, and ours: a server already on the port would answer too, while this one exits (port in use).
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(server.exitCode, `the server on port ${SERVER_PORT} exited`).toBeNull();
  partner = spawn(process.execPath, ['server.mjs'], {
    cwd: EXAMPLE,
    env: { ...process.env, QOLTANBA_URL: serverOrigin, PORT: String(PARTNER_PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${partnerOrigin}/`, 'the example’s backend');
  api = await playwrightRequest.newContext({ baseURL: serverOrigin });
  operatorTokens = await registerByApi(api, { ...OPERATOR, password: PASSWORD });
});

test.afterAll(async () => {
  await api?.dispose();
  partner?.kill();
  server?.kill();
});

// Alerts, confirms and the like any page opened: markup run as HTML (the visitor's onerror=alert) would show here.
let dialogs: string[] = [];
function watchDialogs(page: Page): Page {
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()} at ${page.url()}`);
    void dialog.dismiss();
  });
  return page;
}
test.beforeEach(({ page }) => {
  dialogs = [];
  watchDialogs(page);
});
test.afterEach(() => {
  expect(dialogs).toEqual([]);
});

/** An operator's page, signed in, on the inbox (its dialogs watched like the test's page). */
async function operatorInbox(browser: Browser): Promise<Page> {
  return watchDialogs(await openOperatorInbox(browser, serverOrigin, operatorTokens));
}

test('an anonymous visitor on a partner page chats with an operator: the inbox, a live reply, the unread badge', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const question = `Hello from the partner page ${stamp()} ${HTML_TEXT}`;
  await page.goto(`${partnerOrigin}/`);
  expect(new URL(page.url()).origin).not.toBe(serverOrigin);
  await openWidget(page);
  await expect(panel(page).getByText('Write your question and we will answer here')).toBeVisible();
  await writeInWidget(page, question);
  // Text, not markup: nothing of it became an element.
  await expect(chatLog(page).locator('img, b')).toHaveCount(0);

  const inbox = await operatorInbox(browser);
  const row = inboxRow(inbox, question);
  await expect(row).toContainText('Anonymous visitor');
  await expect(row).toContainText('1 unread');
  await row.click();
  const thread = inbox.getByRole('main').getByRole('log', { name: 'Messages' });
  await expect(thread.getByText(question, { exact: true })).toBeVisible();
  await expect(thread.locator('img[src="x"], b')).toHaveCount(0);
  // Opened and visible: read.
  await expect(row).not.toContainText('unread');

  const answer = `We are here to help ${stamp()}`;
  await inbox.getByLabel('Reply').fill(answer);
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread.getByText(answer, { exact: true })).toBeVisible();

  // Live on the partner page, no reload; signed with the operator's first name.
  const reply = chatLog(page).locator('.msg.operator').filter({ hasText: answer });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText(OPERATOR.firstname);

  // With the panel closed, the next reply shows as a badge on the button (and in its name).
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  const later = `Anything else? ${stamp()}`;
  await inbox.getByLabel('Reply').fill(later);
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(launcher(page, 'Help. Unread messages: 1')).toBeVisible();
  await expect(page.locator('qoltanba-help .badge')).toHaveText('1');
  // The visitor kept in storage comes back with the page: the count is the server's, not the tab's.
  await page.reload();
  await expect(launcher(page, 'Help. Unread messages: 1')).toBeVisible();
  // Opening the panel shows it and reads it.
  await launcher(page, /^Help/).click();
  await expect(chatLog(page).getByText(later, { exact: true })).toBeVisible();
  await expect(launcher(page, 'Help')).toBeVisible();
  await expect(page.locator('qoltanba-help .badge')).toBeHidden();
  await inbox.context().close();
});

test('the help link follows the language with the server’s help page per language', async ({ page }) => {
  await page.goto(`${partnerOrigin}/`);
  await openWidget(page);
  await expect(panel(page).getByRole('link', { name: /Help centre/ })).toHaveAttribute('href', HELP_PAGES.en);
  const setLanguage = (lang: string) =>
    page.evaluate(
      (value) =>
        (window as unknown as { QoltanbaHelp: (...args: unknown[]) => void }).QoltanbaHelp(
          'setLanguage',
          value,
        ),
      lang,
    );
  await setLanguage('ru');
  const ru = page.getByRole('dialog', { name: 'Чем мы можем помочь?' });
  await expect(ru.getByRole('link', { name: /Справочный центр/ })).toHaveAttribute('href', HELP_PAGES.ru);
  await setLanguage('kk');
  const kk = page.getByRole('dialog', { name: 'Қалай көмектесе аламыз?' });
  await expect(kk.getByRole('link', { name: /Анықтама орталығы/ })).toHaveAttribute('href', HELP_PAGES.kk);
  await setLanguage('en');
  await expect(panel(page).getByRole('link', { name: /Help centre/ })).toHaveAttribute('href', HELP_PAGES.en);
});

test('a signed-in portal user’s chat is tied to the user: the same conversation after logging in elsewhere, named in the inbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = { email: uniqueEmail('support-user'), firstname: 'Aruzhan', lastname: 'Nurlanova' };
  const tokens = await registerByApi(api, { ...user, password: PASSWORD });
  await page.goto('/?lang=en');
  await signInPage(page, tokens);
  await expect(page.getByRole('banner').getByRole('button', { name: /User menu: Aruzhan/ })).toBeVisible();
  // The operator's inbox is already open: the new conversation arrives live, with who wrote it.
  const inbox = await operatorInbox(browser);
  const question = `A question from the portal ${stamp()}`;
  await openWidget(page);
  await writeInWidget(page, question);
  const row = inboxRow(inbox, question);
  await expect(row).toContainText(`${user.firstname} ${user.lastname}`);
  await expect(row).toContainText('Portal user');
  await expect(row).not.toContainText('Anonymous visitor');
  await row.click();
  const answer = `Hello Aruzhan ${stamp()}`;
  await inbox.getByLabel('Reply').fill(answer);
  await inbox.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chatLog(page).getByText(answer, { exact: true })).toBeVisible();

  // Logged out, the browser's anonymous visitor no longer shows the user's conversation.
  await page.keyboard.press('Escape');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /User menu/ })
    .click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  await openWidget(page);
  await expect(panel(page).getByText('Write your question and we will answer here')).toBeVisible();
  await expect(chatLog(page).getByText(question)).toHaveCount(0);

  // Another browser: logging in by password brings the same conversation back.
  const elsewhere = watchDialogs(
    await (
      await browser.newContext({ baseURL: serverOrigin, viewport: { width: 1280, height: 900 } })
    ).newPage(),
  );
  await elsewhere.goto('/?lang=en');
  await elsewhere.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = elsewhere
    .getByRole('dialog')
    .filter({ has: elsewhere.getByRole('heading', { name: 'Log in' }) });
  await login.getByLabel('E-mail or phone').fill(user.email);
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(
    elsewhere.getByRole('banner').getByRole('button', { name: /User menu: Aruzhan/ }),
  ).toBeVisible();
  await openWidget(elsewhere);
  await expect(chatLog(elsewhere).getByText(question, { exact: true })).toBeVisible();
  await expect(chatLog(elsewhere).getByText(answer, { exact: true })).toBeVisible();
  await elsewhere.context().close();
  await inbox.context().close();
});
