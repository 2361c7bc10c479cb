import { expect, type Page, test } from '@playwright/test';
import { loadPkcs12, NCA_TEST_PASSWORD, signWithEgovMobile } from '@qoltanba/testkit';
import { uniqueEmail } from './accounts-session';
import { samplePdf } from './document-files';
import {
  card,
  cardActions,
  cardStatus,
  INDIVIDUAL_P12,
  senderOfTestCompany,
  signingLinkSentTo,
  skipWithoutNcaTestKeys,
  TEST_INDIVIDUAL,
} from './signing-session';

// Approvals in the browser: a sender adds a signer with an approver; the approver approves from the e-mailed link
// in a logged-out context; only then is the signer e-mailed its link, and it signs with eGov mobile.

skipWithoutNcaTestKeys('approval');

const stamp = () => Date.now().toString(36);

/** Opens `path` in a fresh, logged-out browser context. */
async function loggedOutPage(page: Page, path: string): Promise<Page> {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 1400, height: 900 } });
  if (!context) throw new Error('No browser to open a second context in');
  const other = await context.newPage();
  await other.goto(`${path}?lang=en`);
  return other;
}

/** Waits for the approval link e-mailed to `email` and returns its path (`/approve/<token>`). */
async function approvalLinkSentTo(page: Page, email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox.json?recipient=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: Array<{ body: string }> };
        path = messages.map((m) => m.body.match(/\/approve\/[A-Za-z0-9_-]+/)?.[0]).find(Boolean);
        return path;
      },
      { message: `an approval link e-mailed to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  if (!path) throw new Error(`No approval link reached ${email}`);
  return path;
}

test.describe('approvals', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('the approver approves from the e-mailed link while logged out; then the signer signs', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await senderOfTestCompany(page, request);
    const name = `Approved contract ${stamp()}`;
    const signerEmail = uniqueEmail('signer');
    const approverEmail = uniqueEmail('approver');

    await page.goto('/cabinet/create?lang=en');
    await page.getByRole('textbox', { name: 'Document name' }).fill(name);
    await page
      .getByLabel('choose files')
      .setInputFiles([{ name: 'contract.pdf', mimeType: 'application/pdf', buffer: samplePdf(name) }]);
    await expect(page.getByText('contract.pdf')).toBeVisible();
    const signer = page.getByRole('group', { name: 'Signer 1' });
    await signer.getByRole('textbox', { name: /BIN\/IIN/ }).fill(TEST_INDIVIDUAL.iin);
    await signer.getByRole('textbox', { name: /^E-mail/ }).fill(signerEmail);
    await signer.getByRole('textbox', { name: /^Name in Russian/ }).fill(TEST_INDIVIDUAL.name);
    await signer.getByRole('button', { name: 'Add approver' }).click();
    await signer.getByRole('textbox', { name: "Approver's e-mail" }).fill(approverEmail);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/cabinet\/document\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await cardActions(page).getByRole('button', { name: 'Send for signing' }).click();
    await expect(page.getByText('The document was sent for signing')).toBeVisible();
    const signers = card(page, name).getByRole('region', { name: 'Signers' });
    await expect(signers).toContainText('Awaiting approval');

    // The approver has no account: the e-mailed link in a logged-out context.
    const approver = await loggedOutPage(page, await approvalLinkSentTo(page, approverEmail));
    await expect(approver.getByRole('heading', { level: 2, name })).toBeVisible();
    await approver.getByRole('button', { name: 'Approve' }).click();
    await expect(
      approver.getByRole('main').getByRole('status').filter({ hasText: 'You approved the document' }),
    ).toBeVisible();
    await approver.context().close();

    // Only now is the signer e-mailed its link; it signs with eGov mobile.
    const recipient = await loggedOutPage(page, await signingLinkSentTo(request, signerEmail));
    await expect(recipient.getByRole('heading', { level: 2, name })).toBeVisible();
    await recipient.getByRole('button', { name: 'Sign with eGov mobile (QR)' }).click();
    const dialog = recipient.getByRole('dialog', { name: 'Sign with eGov mobile' });
    const qr = dialog.locator('[data-qr-payload]');
    await expect(qr).toHaveAttribute('data-qr-payload', /^mobileSign:http/);
    const payload = (await qr.getAttribute('data-qr-payload')) ?? '';
    const outcome = await signWithEgovMobile({
      qr: payload,
      signer: await loadPkcs12(INDIVIDUAL_P12, NCA_TEST_PASSWORD),
    });
    expect(outcome.status).toBe(200);
    await expect(cardStatus(recipient, name)).toHaveAttribute('data-status', 'SIGNED');
    await recipient.context().close();

    await page.goto(`/cabinet/outgoing/${id}?lang=en`);
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'SIGNED');
  });
});
