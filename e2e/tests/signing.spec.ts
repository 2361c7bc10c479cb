import { expect, test } from '@playwright/test';
import { loadPkcs12, NCA_TEST_PASSWORD, signWithEgovMobile } from '@qoltanba/testkit';
import { uniqueEmail } from './accounts-session';
import {
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

// Signing in the browser against the real server and its development signer (the NCALayer emulator with the
// NCA RK TEST keys): the sender attaches АО "ТЕСТ" with EDS, signs its draft (which sends it), the recipient
// without an account opens the e-mailed link and signs with eGov mobile (the testkit's emulator, run from
// here with the NCA TEST individual's key on the page's QR payload); a rejection; NCALayer not running.

skipWithoutNcaTestKeys('signing');

const stamp = () => Date.now().toString(36);

test.describe('signing', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('the sender signs and sends with NCALayer; the recipient signs by the e-mailed link with eGov mobile', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await senderOfTestCompany(page, request);
    const name = `Signed contract ${stamp()}`;
    const email = uniqueEmail('signer');
    const id = await draftForTestIndividual(page, name, email);

    // Sign the draft with NCALayer (the emulator, as АО "ТЕСТ"'s first head): it is sent at once.
    await cardActions(page).getByRole('button', { name: 'Sign and send' }).click();
    const panel = page.getByRole('region', { name: 'Sign the document' });
    await expect(panel.getByText('Test signer: NCA RK TEST keys')).toBeVisible();
    await panel.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.getByText('The document was signed')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/cabinet/outgoing/${id}$`));
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'AT_SIGNING');
    await expect(cardStatus(page, name)).toHaveText('Out for signing');

    // The recipient has no account: the link from the e-mail, then eGov mobile with the NCA TEST individual key.
    const recipient = await loggedOutPage(page, await signingLinkSentTo(request, email));
    await expect(recipient.getByRole('heading', { level: 2, name })).toBeVisible();
    await recipient.getByRole('button', { name: 'Sign with eGov mobile (QR)' }).click();
    const dialog = recipient.getByRole('dialog', { name: 'Sign with eGov mobile' });
    const qr = dialog.locator('[data-qr-payload]');
    await expect(qr).toHaveAttribute('data-qr-payload', /^mobileSign:http/);
    const payload = (await qr.getAttribute('data-qr-payload')) ?? '';
    const signer = await loadPkcs12(INDIVIDUAL_P12, NCA_TEST_PASSWORD);
    const outcome = await signWithEgovMobile({ qr: payload, signer });
    expect(outcome.status).toBe(200);
    // The page follows the session live (no reload): once signed, the sign panel and its dialog give way.
    const thanks = 'Thank you: your signature is on the document';
    await expect(recipient.getByRole('main').getByRole('status').filter({ hasText: thanks })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(cardStatus(recipient, name)).toHaveAttribute('data-status', 'SIGNED');
    // The link's page tells what happened (it said "No events yet"), and offers a preview of the file.
    const history = card(recipient, name).getByRole('region', { name: 'History' });
    await expect(history).not.toContainText('No events yet');
    await expect(history.getByRole('listitem').filter({ hasText: 'Signed' })).not.toHaveCount(0);
    await recipient
      .getByRole('button', { name: /^Preview / })
      .first()
      .click();
    await expect(
      recipient
        .getByRole('region', { name: /^Preview: / })
        .locator('canvas')
        .first(),
    ).toBeVisible({
      timeout: 20_000,
    });
    await recipient.context().close();

    // The sender sees it signed on the card and in the outgoing list.
    await page.goto(`/cabinet/outgoing/${id}?lang=en`);
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'SIGNED');
    await expect(card(page, name).getByRole('region', { name: 'Signers' })).toContainText('Signed');
    await page.goto('/cabinet/outgoing?lang=en');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Signed');
  });

  test('the recipient rejects by the e-mailed link with a reason; the sender sees it rejected', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await senderOfTestCompany(page, request);
    const name = `Rejected contract ${stamp()}`;
    const email = uniqueEmail('rejecter');
    const id = await draftForTestIndividual(page, name, email);
    await cardActions(page).getByRole('button', { name: 'Send for signing' }).click();
    await expect(page.getByText('The document was sent for signing')).toBeVisible();

    const recipient = await loggedOutPage(page, await signingLinkSentTo(request, email));
    await expect(recipient.getByRole('heading', { level: 2, name })).toBeVisible();
    await recipient.getByRole('button', { name: 'Reject' }).click();
    const dialog = recipient.getByRole('dialog', { name: 'Reject the document' });
    const reason = 'The delivery date is wrong';
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(
      recipient.getByRole('main').getByRole('status').filter({ hasText: 'You rejected the document' }),
    ).toBeVisible();
    await expect(cardStatus(recipient, name)).toHaveAttribute('data-status', 'REJECTED');
    await expect(recipient.getByRole('button', { name: 'Sign with eGov mobile (QR)' })).toHaveCount(0);
    await recipient.context().close();

    await page.goto(`/cabinet/outgoing/${id}?lang=en`);
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'REJECTED');
    await expect(cardStatus(page, name)).toHaveText('Rejected');
    const rejection = card(page, name).getByRole('region', { name: 'Rejection reason' });
    await expect(rejection).toContainText(reason);
    await expect(rejection).toContainText('123456789011');
  });

  test('NCALayer not running: the sign panel says so and the draft stays a draft', async ({
    page,
    request,
  }) => {
    await senderOfTestCompany(page, request);
    const name = `Unsigned contract ${stamp()}`;
    const id = await draftForTestIndividual(page, name, uniqueEmail('nobody'));
    // The server's configured NCALayer (wss://127.0.0.1:13579, which the CSP allows) instead of the emulator:
    // nothing listens there on a test machine, as for a user who has not started NCALayer.
    await page.route('**/signing-config', (route) =>
      route.fulfill({ json: { ncaLayerUrl: 'wss://127.0.0.1:13579', testSigner: null } }),
    );
    await page.goto(`/cabinet/document/${id}?lang=en`);
    await cardActions(page).getByRole('button', { name: 'Sign and send' }).click();
    const panel = page.getByRole('region', { name: 'Sign the document' });
    await panel.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    const alert = panel.getByRole('alert');
    await expect(alert).toContainText(
      'The signing program (NCALayer) is not running. Start it and try again',
    );
    // The error links to its section of the help page.
    await expect(
      alert.getByRole('link', { name: 'What this error means and how to fix it' }),
    ).toHaveAttribute('href', /\/help\/en#ncalayer$/);
    await page.reload();
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'DRAFT');
  });
});
