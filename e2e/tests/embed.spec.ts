import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { EMBED_PATHS, PARTNER_PATHS } from '@qoltanba/core';
import { uniqueEmail } from './accounts-session';
import { expect, test } from './company-admin';
import { samplePdf } from './document-files';
import { skipWithoutNcaTestKeys, TEST_COMPANY, TEST_INDIVIDUAL } from './signing-session';

// Embedding on a partner's page, end to end: examples/plain-html (installed from the packed core, sdk and widgets,
// served by its own node backend on another origin than the product) embeds <qoltanba-sign>, the iframe SDK and
// <qoltanba-verify>; the signer signs with the NCALayer emulator; webhooks reach the example's receiver, which
// checks their signature with core's verifyWebhookSignature. examples/react-host (the same packed packages, built
// with Vite, on a third origin) signs through the React component and the iframe SDK. The API key is created
// through the API by the company's administrator, who attached АО "ТЕСТ" first on a server of this spec's own
// (`company-admin.ts`), so the file passes alone and in any order. Needs `npm run build` first (the server, and the
// packages the examples pack).

skipWithoutNcaTestKeys('signing');

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EXAMPLE = join(root, 'examples', 'plain-html');
const REACT_EXAMPLE = join(root, 'examples', 'react-host');
const PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? 8291);
// The same page from an origin the API key does not allow.
const STRANGER_PORT = PARTNER_PORT + 1;
const partnerOrigin = `http://127.0.0.1:${PARTNER_PORT}`;
const strangerOrigin = `http://127.0.0.1:${STRANGER_PORT}`;
// examples/react-host's built app, on an origin of its own.
const REACT_PORT = PARTNER_PORT + 2;
const reactOrigin = `http://127.0.0.1:${REACT_PORT}`;

interface Partner {
  apiKey: string;
  webhookSecret: string;
  servers: ChildProcess[];
  /** Issued at the start, used last: by then it has expired. */
  expiring: { token: string; expiresAt: string };
  /** The PDF of the document the first test signed through the element (the verify test checks it). */
  signedPdf?: Buffer;
}

let partner: Partner;

const withBin = (template: string) => template.replace(':bin', TEST_COMPANY.bin);
const stamp = () => Date.now().toString(36);

async function startExample(dir: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: dir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () =>
        fetch(`http://127.0.0.1:${port}/api/webhooks`).then(
          (r) => r.status,
          () => 0,
        ),
      {
        message: `the example's backend on port ${port}`,
        timeout: 15_000,
      },
    )
    .toBe(200);
  return child;
}

/** A document of АО "ТЕСТ" created and sent through the partner API, the NCA TEST individual its signer. */
async function sentDocument(request: APIRequestContext, name: string): Promise<number> {
  const headers = { Authorization: `Bearer ${partner.apiKey}` };
  const draft = {
    name,
    signingMethod: 'PARALLEL',
    signers: [
      { identityNumber: TEST_INDIVIDUAL.iin, email: uniqueEmail('embed'), nameRu: TEST_INDIVIDUAL.name },
    ],
  };
  // A FormData keeps the parts in order: the draft (a plain field) must come before the files.
  const form = new FormData();
  form.append('document', JSON.stringify(draft));
  form.append(
    'files',
    new Blob([new Uint8Array(samplePdf(name))], { type: 'application/pdf' }),
    'contract.pdf',
  );
  const created = await request.post(PARTNER_PATHS.documents, { headers, multipart: form });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  const sent = await request.post(PARTNER_PATHS.send.replace(':id', String(id)), { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  return id;
}

async function embedToken(request: APIRequestContext, body: Record<string, unknown>) {
  const answer = await request.post(PARTNER_PATHS.embedTokens, {
    headers: { Authorization: `Bearer ${partner.apiKey}` },
    data: body,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { token: string; expiresAt: string; allowedOrigins: string[] };
}

test.describe('embedding on a partner page', () => {
  // One API key for the suite: АО "ТЕСТ" has one administrator (who attached it first), so setup runs once.
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1280, height: 900 } });

  test.beforeAll(async ({ companyAdministrator, isolatedServer, request }) => {
    test.setTimeout(180_000);
    execFileSync(process.execPath, [join(root, 'examples', 'install-packed.mjs'), EXAMPLE, REACT_EXAMPLE], {
      stdio: 'inherit',
    });
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: REACT_EXAMPLE, stdio: 'inherit' });
    // The administrator (the member who attached АО "ТЕСТ") creates the API key through the API.
    const created = await request.post(withBin(PARTNER_PATHS.apiKeys), {
      headers: { Authorization: `Bearer ${companyAdministrator.tokens.access_token}` },
      data: {
        name: 'Partner shop',
        allowedOrigins: [partnerOrigin, reactOrigin],
        webhookUrl: `${partnerOrigin}/webhooks/qoltanba`,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const key = (await created.json()) as { secret: string; webhookSecret: string };
    partner = {
      apiKey: key.secret,
      webhookSecret: key.webhookSecret,
      servers: [],
      expiring: undefined as never,
    };
    partner.expiring = await embedToken(request, { purpose: 'verify', ttlSeconds: 60 });
    const env = {
      QOLTANBA_URL: isolatedServer.url,
      QOLTANBA_API_KEY: partner.apiKey,
      QOLTANBA_WEBHOOK_SECRET: partner.webhookSecret,
    };
    partner.servers.push(
      await startExample(EXAMPLE, PARTNER_PORT, env),
      await startExample(EXAMPLE, STRANGER_PORT, env),
      await startExample(REACT_EXAMPLE, REACT_PORT, env),
    );
  });

  // What went wrong in the page and its frames (uncaught errors with their cause, console errors, failed requests),
  // attached to a failing test's report: a partner page fails quietly otherwise.
  let problems: string[] = [];
  test.beforeEach(async ({ page }) => {
    problems = [];
    await page.addInitScript(() =>
      addEventListener('error', (event) => {
        const cause = (event.error as { cause?: { stack?: string } } | undefined)?.cause;
        console.error(`uncaught at ${location.href}: ${cause?.stack ?? event.error?.stack ?? event.message}`);
      }),
    );
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) =>
      problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
    );
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus && problems.length > 0) {
      await testInfo.attach('browser problems', { body: problems.join('\n'), contentType: 'text/plain' });
    }
  });

  test.afterAll(() => {
    for (const server of partner?.servers ?? []) server.kill();
  });

  test('<qoltanba-sign> on the partner page: NCALayer signs, the page hears qoltanba-signed, the webhook arrives signed', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const name = `Embedded element ${stamp()}`;
    const id = await sentDocument(request, name);
    await page.goto(`${partnerOrigin}/?document=${id}&signer=${TEST_INDIVIDUAL.iin}`);
    await page.getByRole('button', { name: 'Sign here (element)' }).click();
    const element = page.locator('qoltanba-sign');
    // The preview draws with pdf.js, whose worker the bundle loads relative to itself (served under /widgets/).
    await element
      .getByRole('button', { name: /^Preview / })
      .first()
      .click();
    await expect(element.getByText(/^1 of \d+$/)).toBeVisible({ timeout: 20_000 });
    await element.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.locator('#events')).toContainText(new RegExp(`signed ${id} (SIGNED|AT_SIGNING)`));
    partner.signedPdf = samplePdf(name);

    // The example's receiver keeps only webhooks whose Qoltanba-Signature verified.
    await expect
      .poll(
        async () => {
          const received = (await (await request.get(`${partnerOrigin}/api/webhooks`)).json()) as {
            event: string;
            data: { documentId: number };
          }[];
          return received.filter((hook) => hook.data.documentId === id).map((hook) => hook.event);
        },
        { message: 'document.signed at the partner webhook receiver', timeout: 30_000 },
      )
      .toContain('document.signed');
  });

  test('the iframe SDK: the frame signs, the host gets onReady and onSigned and sizes the iframe to its content', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const id = await sentDocument(request, `Embedded frame ${stamp()}`);
    await page.goto(`${partnerOrigin}/?document=${id}&signer=${TEST_INDIVIDUAL.iin}`);
    await page.getByRole('button', { name: 'Sign here (iframe)' }).click();
    await expect(page.locator('#events')).toContainText('iframe ready');
    const frame = page.frameLocator('#sign-here iframe');
    await expect(frame.getByRole('heading', { level: 1, name: 'Document on a partner site' })).toBeVisible();
    // The frame reported its height: the iframe is no longer at its starting 480 px.
    await expect
      .poll(async () =>
        page.locator('#sign-here iframe').evaluate((node) => node.getBoundingClientRect().height),
      )
      .not.toBe(480);
    await frame.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.locator('#events')).toContainText(new RegExp(`signed ${id} (SIGNED|AT_SIGNING)`));
  });

  test("the iframe SDK with a 'create' token: the partner's user makes and sends a document of the key's company", async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const name = `Made in the frame ${stamp()}`;
    const email = uniqueEmail('embed-create');
    await page.goto(`${partnerOrigin}/`);
    await page.getByRole('button', { name: 'Send a new document from here (iframe)' }).click();
    await expect(page.locator('#events')).toContainText('iframe ready');
    const frame = page.frameLocator('#sign-here iframe');
    await expect(frame.getByText(/^A new document of АО "ТЕСТ" \(BIN 123456789021\)/)).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
    await frame.getByRole('textbox', { name: 'Document name' }).fill(name);
    await frame
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'contract.pdf', mimeType: 'application/pdf', buffer: samplePdf(name) }]);
    await expect(frame.getByText('contract.pdf')).toBeVisible();
    const signer = frame.getByRole('group', { name: 'Signer 1' });
    await signer.getByRole('textbox', { name: /BIN\/IIN/ }).fill(TEST_INDIVIDUAL.iin);
    await signer.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await signer.getByRole('textbox', { name: /^Name in Russian/ }).fill(TEST_INDIVIDUAL.name);
    await frame.getByRole('button', { name: 'Send for signing' }).click();

    await expect(
      frame.getByRole('status').filter({ hasText: `«${name}» has been sent for signing` }),
    ).toBeVisible();
    await expect(page.locator('#events')).toContainText(/created \d+ No\. \d+/);
    const logged = (await page.locator('#events').textContent()) ?? '';
    const id = Number(/created (\d+)/.exec(logged)?.[1]);
    // The partner's backend reads the new document with its key: its company's, sent, the signer waiting.
    const status = await request.get(PARTNER_PATHS.document.replace(':id', String(id)), {
      headers: { Authorization: `Bearer ${partner.apiKey}` },
    });
    expect(status.ok(), await status.text()).toBe(true);
    expect(await status.json()).toMatchObject({
      id,
      name,
      status: 'AT_SIGNING',
      signers: [{ identityNumber: TEST_INDIVIDUAL.iin, email, status: 'PENDING' }],
    });
  });

  test('a page on an origin the token does not allow is refused: the frame does not load, the element cannot exchange', async ({
    page,
    request,
  }) => {
    const frameToken = await embedToken(request, { purpose: 'verify' });
    await page.goto(`${strangerOrigin}/?token=${frameToken.token}&mode=iframe&timeout=4000`);
    await expect(page.locator('#events')).toContainText('error EMBED_FRAME_BLOCKED', { timeout: 15_000 });
    await expect(
      page.frameLocator('#sign-here iframe').getByRole('heading', { name: 'Document on a partner site' }),
    ).toHaveCount(0);

    const id = await sentDocument(request, `Stranger ${stamp()}`);
    const elementToken = await embedToken(request, {
      purpose: 'sign',
      documentId: id,
      signer: TEST_INDIVIDUAL.iin,
    });
    await page.goto(`${strangerOrigin}/?token=${elementToken.token}&mode=element`);
    await expect(page.locator('#events')).toContainText('error EMBED_ORIGIN_NOT_ALLOWED');
  });

  test('a reused token is refused with EMBED_TOKEN_USED, an expired one with EMBED_TOKEN_EXPIRED', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const used = await embedToken(request, { purpose: 'verify' });
    const exchanged = await request.post(EMBED_PATHS.sessions, {
      headers: { Origin: partnerOrigin },
      data: { token: used.token },
    });
    expect(exchanged.ok(), await exchanged.text()).toBe(true);
    await page.goto(`${partnerOrigin}/?token=${used.token}&mode=iframe`);
    await expect(page.locator('#events')).toContainText('error EMBED_TOKEN_USED');
    await expect(page.frameLocator('#sign-here iframe').getByRole('alert')).toBeVisible();

    // Issued with the shortest life at the start of the suite; wait out what is left of it.
    const left = new Date(partner.expiring.expiresAt).getTime() - Date.now();
    if (left > -1000) await page.waitForTimeout(left + 1500);
    await page.goto(`${partnerOrigin}/?token=${partner.expiring.token}&mode=iframe`);
    await expect(page.locator('#events')).toContainText('error EMBED_TOKEN_EXPIRED');
  });

  test('<qoltanba-verify> verifies a file on the partner page through the public verification API', async ({
    page,
  }) => {
    await page.goto(`${partnerOrigin}/`);
    const verify = page.locator('qoltanba-verify');
    const check = async (name: string, buffer: Buffer) => {
      await verify
        .locator('input[type="file"]')
        .setInputFiles([{ name, mimeType: 'application/pdf', buffer }]);
      await verify.getByRole('button', { name: 'Check', exact: true }).click();
    };
    // A PDF nobody signed here: the server's refusal reaches the page as a code.
    await check('unsigned.pdf', samplePdf('Not signed'));
    await expect(page.locator('#events')).toContainText('error DOCUMENT_NOT_SIGNED');
    // The PDF the first test signed through <qoltanba-sign>: its stored signatures are verified over it.
    expect(partner.signedPdf, 'the first test signed a document').toBeDefined();
    await check('contract.pdf', partner.signedPdf ?? Buffer.alloc(0));
    await expect(page.locator('#events')).toContainText(/verified \w+/);
    await expect(verify.getByText('contract.pdf').first()).toBeVisible();
  });
  test('examples/react-host: the React build of the element and the iframe SDK sign in a built Vite app on another origin', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const componentDocument = await sentDocument(request, `React component ${stamp()}`);
    await page.goto(`${reactOrigin}/?document=${componentDocument}&signer=${TEST_INDIVIDUAL.iin}`);
    await page.getByRole('button', { name: 'Sign here (React component)' }).click();
    // The React build: the element rendered by the app's React in a shadow root, no custom element defined.
    const signing = page.locator('[data-qoltanba-element="qoltanba-sign"]');
    await signing
      .getByRole('button', { name: /^Preview / })
      .first()
      .click();
    // pdf.js and its worker came through the app's Vite build.
    await expect(signing.getByText(/^1 of \d+$/)).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => customElements.get('qoltanba-sign') === undefined)).toBe(true);
    await signing.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.locator('#events')).toContainText(
      new RegExp(`signed ${componentDocument} (SIGNED|AT_SIGNING)`),
    );

    const frameDocument = await sentDocument(request, `React iframe ${stamp()}`);
    await page.goto(`${reactOrigin}/?document=${frameDocument}&signer=${TEST_INDIVIDUAL.iin}`);
    await page.getByRole('button', { name: 'Sign here (iframe)' }).click();
    await expect(page.locator('#events')).toContainText('iframe ready');
    await page.frameLocator('iframe').getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.locator('#events')).toContainText(
      new RegExp(`signed ${frameDocument} (SIGNED|AT_SIGNING)`),
    );
  });
});
