import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loadPkcs12, NCA_TEST_PASSWORD, signWithEgovMobile } from '@qoltanba/testkit';
import { uniqueEmail } from './accounts-session';
import { axeViolations } from './axe';
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
// in a logged-out context; only then is the signer e-mailed its link, and it signs with eGov mobile. The sender's
// header counter rises live, without a reload, when the approver approves or declines, and when the signer signs.

skipWithoutNcaTestKeys('approval');

const stamp = () => Date.now().toString(36);

/** The unread count the header's bell shows (its label: "Notifications" or "Notifications, unread: N"). */
async function unreadCount(page: Page): Promise<number> {
  const label = await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .getAttribute('aria-label');
  return Number(/unread: (\d+)/.exec(label ?? '')?.[1] ?? 0);
}

/** The sender's bell counts up from `before` without a reload, and its dropdown names what happened. */
async function senderIsTold(page: Page, before: number, sentence: RegExp): Promise<void> {
  await expect
    .poll(() => unreadCount(page), { message: 'the sender’s unread counter', timeout: 15_000 })
    .toBeGreaterThan(before);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications, unread: / })
    .click();
  const dropdown = page.getByRole('region', { name: 'Latest notifications' });
  await expect(dropdown.getByRole('link', { name: sentence })).toBeVisible();
  await page.keyboard.press('Escape');
}

/** Sends a draft to the NCA TEST individual with an approver; the sender stays on its card. */
async function sentWithApprover(page: Page, name: string, signerEmail: string, approverEmail: string) {
  const id = await draftForTestIndividual(page, name, signerEmail, { approverEmail });
  await cardActions(page).getByRole('button', { name: 'Send for signing' }).click();
  await expect(page.getByText('The document was sent for signing')).toBeVisible();
  await expect(card(page, name).getByRole('region', { name: 'Signers' })).toContainText('Awaiting approval');
  // The header's counter is live before anything happens (its stream connected, the count loaded).
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
  return id;
}

/**
 * The approver (no account) opens the e-mailed link in a logged-out context, does `decide` there and sees its
 * decision said (`said`); the context is closed after.
 */
async function approverDecides(
  page: Page,
  request: APIRequestContext,
  approverEmail: string,
  name: string,
  decide: (approver: Page) => Promise<void>,
  said: string,
): Promise<void> {
  const approver = await loggedOutPage(page, await approvalLinkSentTo(request, approverEmail));
  await expect(approver.getByRole('heading', { level: 2, name })).toBeVisible();
  // The approver's page (no account, possibly a screen reader) passes axe.
  expect(await axeViolations(approver.getByRole('main'))).toEqual([]);
  await decide(approver);
  await expect(approver.getByRole('main').getByRole('status').filter({ hasText: said })).toBeVisible();
  await approver.context().close();
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

    const id = await sentWithApprover(page, name, signerEmail, approverEmail);
    const before = await unreadCount(page);

    // The approver has no account: the e-mailed link in a logged-out context. It reads the file in the preview
    // (fetched through the link's token), then approves.
    const approves = async (approver: Page) => {
      await approver.getByRole('button', { name: /^Preview / }).click();
      const preview = approver.getByRole('region', { name: /^Preview: / });
      await expect(preview.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
      await expect(preview.getByRole('alert')).toHaveCount(0);
      await approver.getByRole('button', { name: 'Approve' }).click();
    };
    await approverDecides(page, request, approverEmail, name, approves, 'You approved the document');
    // The sender, on the same page all along, is told at once.
    await senderIsTold(page, before, new RegExp(`«${name}» was approved`));

    // Only now is the signer e-mailed its link; it signs with eGov mobile.
    const beforeSigning = await unreadCount(page);
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
    // The sender's counter shows the signature, still without a reload.
    await senderIsTold(page, beforeSigning, new RegExp(` signed «${name}»`));

    await page.goto(`/cabinet/outgoing/${id}?lang=en`);
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'SIGNED');
  });

  test('the approver declines with a comment; the sender is told live and the document is rejected', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await senderOfTestCompany(page, request);
    const name = `Declined contract ${stamp()}`;
    const approverEmail = uniqueEmail('approver');
    await sentWithApprover(page, name, uniqueEmail('signer'), approverEmail);
    const before = await unreadCount(page);

    const declines = async (approver: Page) => {
      await approver.getByRole('button', { name: 'Decline' }).click();
      const dialog = approver.getByRole('dialog', { name: 'Reject the document' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('The amount is wrong');
      await dialog.getByRole('button', { name: 'Reject' }).click();
    };
    await approverDecides(page, request, approverEmail, name, declines, 'You declined the document');

    await senderIsTold(
      page,
      before,
      new RegExp(`Approval of «${name}» was declined .*: The amount is wrong`),
    );
    await page.reload();
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'REJECTED');
  });
});
