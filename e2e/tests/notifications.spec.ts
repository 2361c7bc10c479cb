import { expect, test } from '@playwright/test';
import { registerWithCompany, signInPage } from './accounts-session';
import { axeViolations } from './axe';
import {
  cardActions,
  cardStatus,
  draftForTestIndividual,
  outboxTo,
  senderOfTestCompany,
  skipWithoutNcaTestKeys,
} from './signing-session';

// Notifications in the browser (issue 21): user A (АО "ТЕСТ") sends to user B (the NCA TEST individual's account);
// B's header counter rises live, the dropdown leads to the document and the counter falls; B turned off the e-mail
// of received documents in the profile, so the outbox has none of it, while the revocation's e-mail arrives.

skipWithoutNcaTestKeys('notifications');

const stamp = () => Date.now().toString(36);

test.describe('notifications', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('the counter rises live, the dropdown leads to the document, and an e-mail turned off is not sent', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // B: an account whose company is the NCA TEST individual; its profile e-mail is where notifications go.
    const recipientTokens = await registerWithCompany(request);
    const profile = await request.get('/proxy/profile-api.bpmn/api/v1/profile/user', {
      headers: { Authorization: `Bearer ${recipientTokens.access_token}` },
    });
    const { email: recipientEmail } = (await profile.json()) as { email: string };
    const other = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const recipient = await other.newPage();
    await signInPage(recipient, recipientTokens);

    // B turns off the e-mail of received documents (in-app stays).
    await recipient.goto('/cabinet/profile?lang=en');
    const settings = recipient.getByRole('form', { name: 'E-mail notifications' });
    const received = settings.getByRole('checkbox', { name: 'A document arrived for signing' });
    // The cabinet's first load and the settings' answer: seconds on a loaded machine.
    await expect(received).toBeChecked({ timeout: 20_000 });
    expect(await axeViolations(settings)).toEqual([]);
    await received.uncheck();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(recipient.getByText('Settings saved')).toBeVisible();

    await recipient.goto('/cabinet/incoming?lang=en');
    await expect(recipient.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({
      timeout: 20_000,
    });

    // A sends a document to B's company.
    await senderOfTestCompany(page, request);
    const name = `Notified contract ${stamp()}`;
    const id = await draftForTestIndividual(page, name, `signer-${stamp()}@example.kz`);
    await cardActions(page).getByRole('button', { name: 'Send for signing' }).click();
    await expect(page.getByText('The document was sent for signing')).toBeVisible();

    // B's counter rises without a reload; the dropdown names the document and leads to it; the counter falls.
    const bell = recipient.getByRole('button', { name: 'Notifications, unread: 1' });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    // By keyboard: the bell takes the focus and opens with Enter; the open dropdown passes axe.
    await bell.focus();
    await recipient.keyboard.press('Enter');
    const dropdown = recipient.getByRole('region', { name: 'Latest notifications' });
    await expect(dropdown.getByRole('link', { name: new RegExp(`«${name}»`) })).toBeVisible();
    expect(await axeViolations(dropdown)).toEqual([]);
    await dropdown.getByRole('link', { name: new RegExp(`sent you «${name}» for signing`) }).click();
    await expect(recipient).toHaveURL(new RegExp(`/cabinet/document/${id}$`));
    await expect(recipient.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(recipient.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // A revokes: B is told in the portal and, that e-mail being on, by e-mail; the received one never went.
    await cardActions(page).getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke the document?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'REVOKED');
    await expect(recipient.getByRole('button', { name: 'Notifications, unread: 1' })).toBeVisible({
      timeout: 15_000,
    });
    await expect
      .poll(
        async () => (await outboxTo(request, recipientEmail)).filter((m) => m.body.includes(name)).length,
        {
          message: `the revocation e-mailed to ${recipientEmail}`,
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    const mails = (await outboxTo(request, recipientEmail)).filter((m) => m.body.includes(name));
    expect(mails.map((m) => m.body).join('\n')).toContain('revoked');
    expect(mails.map((m) => m.body).join('\n')).not.toContain('for signing');
    // The notifications screen (the phone's, reachable on wide screens too) lists both and passes axe.
    await recipient.goto('/cabinet/notification?lang=en');
    await expect(
      recipient.getByRole('main').getByRole('link', { name: new RegExp(`revoked «${name}»`) }),
    ).toBeVisible();
    expect(await axeViolations(recipient.getByRole('main'))).toEqual([]);
    await other.close();
  });
});
