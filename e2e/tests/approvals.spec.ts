import { expect, test } from '@playwright/test';
import { loadPkcs12, NCA_TEST_PASSWORD, signWithEgovMobile } from '@qoltanba/testkit';
import { uniqueEmail } from './accounts-session';
import {
  approvalLinkSentTo,
  card,
  cardActions,
  cardStatus,
  draftForTestIndividual,
  INDIVIDUAL_P12,
  loggedOutPage,
  senderOfTestCompany,
  signingLinkSentTo,
  skipWithoutNcaTestKeys,
} from './signing-session';

// Approvals in the browser: a sender adds a signer with an approver; the approver approves from the e-mailed link
// in a logged-out context; only then is the signer e-mailed its link, and it signs with eGov mobile.

skipWithoutNcaTestKeys('approval');

const stamp = () => Date.now().toString(36);

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

    const id = await draftForTestIndividual(page, name, signerEmail, { approverEmail });
    await cardActions(page).getByRole('button', { name: 'Send for signing' }).click();
    await expect(page.getByText('The document was sent for signing')).toBeVisible();
    const signers = card(page, name).getByRole('region', { name: 'Signers' });
    await expect(signers).toContainText('Awaiting approval');

    // The approver has no account: the e-mailed link in a logged-out context.
    const approver = await loggedOutPage(page, await approvalLinkSentTo(request, approverEmail));
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
