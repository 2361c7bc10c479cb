import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import {
  apiPath,
  BILLING_ADMIN_PATHS,
  BILLING_PATHS,
  type BillingHistoryPage,
  DOCUMENT_PATHS,
} from '@qoltanba/core';
import {
  FIXTURE_TEST_INDIVIDUAL,
  registerByApi,
  registerWithCompany,
  signInPage,
  type Tokens,
  uniqueEmail,
} from './accounts-session';
import { type StartedServer, startServer, stopServer } from './company-admin';
import { samplePdf } from './document-files';
import { TEST_COMPANY } from './signing-session';

// The money path end to end (issue 20) on the real built server, nothing stubbed: a user spends the 3 free documents,
// the 4th send is refused in the document form with the link to the tariffs page, they buy a plan there (order,
// invoice, the PDF downloaded), a payments operator imports the bank's 1C statement that pays it, the plan is active
// and the send goes through. Tariffs are enforced, which the suite's shared server (NODE_ENV=test) does not do, so
// the spec runs a server of its own on a fresh PGlite folder; the operator is granted by the real admin command
// before it starts (PGlite lets one process open the folder). Needs `npm run build` first.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_DIST = join(root, 'packages', 'server', 'dist');
const PASSWORD = 'Qoltanba-e2e-2026';
const OPERATOR = { email: uniqueEmail('cashier'), firstname: 'Saule', lastname: 'Kassirova' };
// The seller's account as the statement names it: any IBAN; the import reads the payments made to it.
const SELLER_ACCOUNT = 'KZ86125KZT5004100100';
/** A day as the portal writes it in Kazakh (core's formatDate), and the plan's end in the tariff block. */
const KK_DAY =
  /\d{1,2} (қаңтар|ақпан|наурыз|сәуір|мамыр|маусым|шілде|тамыз|қыркүйек|қазан|қараша|желтоқсан) \d{4} ж\./;
const KK_PAID_UNTIL = new RegExp(`^${KK_DAY.source} дейін төленген\\. Қалған күндер: \\d+$`);

let server: StartedServer | undefined;
let serverOrigin = '';
let api: APIRequestContext;
let user: Tokens;
let operator: Tokens;
const bin = FIXTURE_TEST_INDIVIDUAL.iin;

/** Runs the server's admin command (`npm run admin -- ...`) with the server's environment. */
function admin(env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync(process.execPath, [join(SERVER_DIST, 'admin.js'), ...args], { env, encoding: 'utf8' });
}

const bearer = (tokens: Tokens) => ({ Authorization: `Bearer ${tokens.access_token}` });

/** Creates and sends a document of the user's through the API (the free documents: the form is tested below). */
async function sendByApi(name: string): Promise<number> {
  const created = await api.post(apiPath(DOCUMENT_PATHS.documents, { bin }), {
    headers: bearer(user),
    multipart: {
      document: JSON.stringify({
        name,
        signingMethod: 'PARALLEL',
        signers: [
          { identityNumber: TEST_COMPANY.bin, email: 'test-company@example.kz', nameRu: 'АО «ТЕСТ»' },
        ],
      }),
      files: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: samplePdf(name) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const sent = await api.post(apiPath(DOCUMENT_PATHS.send, { bin, id: String(id) }), {
    headers: bearer(user),
  });
  return sent.status();
}

/** A `1CClientBankExchange` statement with one incoming payment (UTF-8; the parser tells the encoding by the bytes). */
function statement(amount: number, purpose: string): string {
  return [
    '1CClientBankExchange',
    'ВерсияФормата=1.02',
    'Кодировка=Windows',
    'Отправитель=Halyk Bank',
    'ДатаСоздания=03.03.2026',
    'ДатаНачала=01.03.2026',
    'ДатаКонца=03.03.2026',
    `РасчСчет=${SELLER_ACCOUNT}`,
    'СекцияРасчСчет',
    'ДатаНачала=01.03.2026',
    `РасчСчет=${SELLER_ACCOUNT}`,
    'НачальныйОстаток=0.00',
    'КонецРасчСчет',
    'СекцияДокумент=Платежное поручение',
    `Номер=${Date.now() % 100_000}`,
    'Дата=02.03.2026',
    `Сумма=${amount.toFixed(2)}`,
    'ПлательщикИИК=KZ11998CTB0000123456',
    `Плательщик=${FIXTURE_TEST_INDIVIDUAL.name}`,
    `ПлательщикБИН=${bin}`,
    `ПолучательИИК=${SELLER_ACCOUNT}`,
    'Получатель=ТОО «Qoltanba (демо)»',
    'КНП=859',
    `НазначениеПлатежа=${purpose}`,
    'КонецДокумента',
    'КонецФайла',
    '',
  ].join('\r\n');
}

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    env: {
      QOLTANBA_DEV_SIGNER: 'false',
      // Sending counts against the tariff and is refused without one, as in production.
      QOLTANBA_TARIFF_ENFORCEMENT: 'true',
      RATE_LIMIT_MAX: '20000',
    },
    // Granted by login before the account exists; the server is not running yet, as PGlite needs.
    beforeStart: (env) =>
      expect(admin(env, 'billing-operator', 'grant', OPERATOR.email)).toContain(OPERATOR.email),
    readyTimeout: 60_000,
  });
  serverOrigin = server.url;
  api = await playwrightRequest.newContext({ baseURL: serverOrigin });
  user = await registerWithCompany(api);
  operator = await registerByApi(api, { ...OPERATOR, password: PASSWORD });
});

test.afterAll(async () => {
  await api?.dispose();
  if (server) await stopServer(server);
});

test('the free limit, the refusal with its link, buying a plan, the statement paying it, sending again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (let i = 1; i <= 3; i += 1) expect(await sendByApi(`Free document ${i}`)).toBe(200);

  const page = await browser.newPage({ baseURL: serverOrigin });
  await signInPage(page, user);

  // The 4th send, from the document form: refused with the catalogue text and the link to the tariffs page.
  await page.goto('/cabinet/create?lang=en');
  // Said before the form is filled: sending is not possible now.
  await expect(page.getByText(/^You cannot send documents now: choose a plan\./)).toBeVisible();
  await page.getByRole('textbox', { name: 'Document name' }).fill('The fourth contract');
  await page
    .getByLabel('choose files')
    .setInputFiles([
      { name: 'fourth.pdf', mimeType: 'application/pdf', buffer: samplePdf('The fourth contract') },
    ]);
  await expect(page.getByText('fourth.pdf')).toBeVisible();
  const signer = page.getByRole('group', { name: 'Signer 1' });
  await signer.getByRole('textbox', { name: /BIN\/IIN/ }).fill(TEST_COMPANY.bin);
  await signer.getByRole('textbox', { name: /^E-mail/ }).fill('test-company@example.kz');
  await signer.getByRole('textbox', { name: /^Name in Russian/ }).fill('АО «ТЕСТ»');
  await page.getByRole('button', { name: 'Send for signing' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Free tariff already used' });
  await expect(refusal).toBeVisible();
  await expect(page).toHaveURL(/\/cabinet\/create/);
  await refusal.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/tariffs$/);

  // Buying the monthly plan: the order, its invoice, the PDF downloaded.
  await page.getByRole('button', { name: 'Buy the Monthly plan' }).click();
  const invoiceLine = page.getByText(/^Invoice No\. \d+ for/);
  await expect(invoiceLine).toBeVisible();
  const invoiceNumber = /No\. (\d+)/.exec((await invoiceLine.textContent()) ?? '')?.[1] ?? '';
  expect(invoiceNumber).not.toBe('');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the invoice' }).click();
  const download = await downloading;
  const pdfPath = await download.path();
  expect(pdfPath).toBeTruthy();
  const href = (await page.getByRole('link', { name: 'Download the invoice' }).getAttribute('href')) ?? '';
  // The public link works without a session.
  const pdf = await fetch(new URL(href, serverOrigin));
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

  // The order's amount and payment reference (the UIN the invoice asks to quote), as the payments page lists them.
  const history = await api.get(apiPath(BILLING_PATHS.history, { bin }), { headers: bearer(user) });
  expect(history.ok(), await history.text()).toBe(true);
  const [entry] = ((await history.json()) as BillingHistoryPage).items;
  expect(entry?.invoice?.number).toBe(invoiceNumber);
  const { amount, uin } = entry?.order ?? { amount: 0, uin: '' };

  // The operator imports the bank's statement: the payment quotes the UIN and pays the order in full.
  const imported = await api.post(BILLING_ADMIN_PATHS.statements, {
    headers: bearer(operator),
    multipart: {
      file: {
        name: 'statement.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(statement(amount, `Оплата по счёту № ${invoiceNumber}, ${uin}, без НДС`)),
      },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  expect(JSON.stringify(await imported.json())).toContain('activated');

  // The plan is active: the cabinet says so, and the same form sends now.
  await page.goto('/cabinet/tariffs?lang=en');
  await expect(page.getByText(/Paid until/)).toBeVisible();
  // In Kazakh, the day from core's month names: Chromium's own kk format writes "2026 M12 29".
  await page.goto('/cabinet/tariffs?lang=kk');
  await expect(page.getByText(KK_PAID_UNTIL)).toBeVisible();
  await page.goto('/cabinet/create?lang=en');
  await expect(page.getByRole('textbox', { name: 'Document name' })).toBeVisible();
  await expect(page.locator('[data-sending-blocked]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Document name' }).fill('The fourth contract, paid');
  await page
    .getByLabel('choose files')
    .setInputFiles([{ name: 'paid.pdf', mimeType: 'application/pdf', buffer: samplePdf('paid plan') }]);
  await expect(page.getByText('paid.pdf')).toBeVisible();
  const again = page.getByRole('group', { name: 'Signer 1' });
  await again.getByRole('textbox', { name: /BIN\/IIN/ }).fill(TEST_COMPANY.bin);
  await again.getByRole('textbox', { name: /^E-mail/ }).fill('test-company@example.kz');
  await again.getByRole('textbox', { name: /^Name in Russian/ }).fill('АО «ТЕСТ»');
  await page.getByRole('button', { name: 'Send for signing' }).click();
  await expect(page).toHaveURL(/\/cabinet\/outgoing\/\d+$/);

  // The payments page shows the paid order with its payment.
  await page.goto('/cabinet/payments?lang=en');
  const row = page.getByRole('row', { name: /№/ }).first();
  await expect(row).toHaveAttribute('data-status', 'PAID');
  await expect(row).toHaveAttribute('data-invoice', invoiceNumber);
  await expect(row.locator('[data-payments]')).toContainText('Payments:');
  await page.goto('/cabinet/payments?lang=kk');
  const kkRow = page.getByRole('row', { name: /№/ }).first();
  await expect(kkRow).toContainText(KK_DAY);
  expect(await page.getByRole('main').innerText()).not.toMatch(/\d{4} M\d{1,2} \d{1,2}/);

  // On a phone: both cabinet pages fit the width (the orders table scrolls in its own box), the plans stand one
  // under another, and a plan is bought with the keyboard alone.
  await page.setViewportSize({ width: 390, height: 844 });
  const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.reload();
  await expect(page.getByRole('row', { name: /№/ }).first()).toBeVisible();
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  await page.goto('/cabinet/tariffs?lang=en');
  await expect(page.getByRole('region', { name: 'Current plan' }).getByRole('status')).toContainText(
    /Paid until .+ Days left: \d+/,
  );
  const plans = page.getByRole('list', { name: 'Plans' }).getByRole('listitem');
  await expect(plans).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map((i) => plans.nth(i).boundingBox()));
  for (const [i, box] of boxes.entries()) {
    expect(box, `plan ${i}`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    const above = boxes[i - 1];
    if (above) expect(box?.y ?? 0).toBeGreaterThanOrEqual(above.y + above.height);
  }
  expect(await pageOverflow()).toBeLessThanOrEqual(0);
  const buyYearly = page.getByRole('button', { name: 'Buy the Yearly plan' });
  // Tab from the top of the page until the yearly plan's "Buy" has the focus.
  for (let presses = 0; presses < 60; presses += 1) {
    if (await buyYearly.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(buyYearly).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Download the invoice' })).toBeFocused();
  await page.close();
});
