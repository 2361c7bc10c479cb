import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './accounts-session';
import {
  card,
  cardActions,
  cardStatus,
  draftForTestIndividual,
  senderOfTestCompany,
  skipWithoutNcaTestKeys,
} from './signing-session';

// External document links and the evidence downloads against the real server and its development signer: the
// sender signs its draft with NCALayer (the emulator, АО "ТЕСТ"'s first head), shares the card by link, a
// logged-out browser reads it with the verification verdict, the link is revoked; the signed package, the
// signature sheet and the printable copy download from the card.

skipWithoutNcaTestKeys('signing');

const stamp = () => Date.now().toString(36);

/** Downloads through a card button: the API response's content type and the saved bytes. */
async function downloadBy(page: Page, button: string, path: RegExp) {
  const [response, download] = await Promise.all([
    page.waitForResponse((candidate) => path.test(new URL(candidate.url()).pathname)),
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Evidence' }).getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  return {
    status: response.status(),
    contentType: response.headers()['content-type'] ?? '',
    name: download.suggestedFilename(),
    bytes: await readFile(file),
  };
}

test.describe('external document link and evidence', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('a signed document is shared by link, read logged out with its verdict, revoked; its evidence downloads', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await senderOfTestCompany(page, request);
    const name = `Shared contract ${stamp()}`;
    const id = await draftForTestIndividual(page, name, uniqueEmail('holder'));

    // Signed by the sender with NCALayer: the draft is sent, and it now has a signature.
    await cardActions(page).getByRole('button', { name: 'Sign and send' }).click();
    const panel = page.getByRole('region', { name: 'Sign the document' });
    await panel.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.getByText('The document was signed')).toBeVisible();
    await expect(cardStatus(page, name)).toHaveAttribute('data-status', 'AT_SIGNING');

    // Share it: the dialog makes a link and shows its URL once.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const share = page.getByRole('button', { name: 'Share link' });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Link to the document' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Valid for, days (1–365)' }).fill('7');
    await dialog.getByRole('textbox', { name: 'Who it is for (only you see this)' }).fill('Auditor');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const urlBox = dialog.getByRole('textbox', { name: 'Link' });
    await expect(urlBox).toHaveValue(new RegExp(`/document/${id}/by-hash#[A-Za-z0-9_-]{43}$`));
    const url = await urlBox.inputValue();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(share).toBeFocused();

    // A fresh, logged-out browser: the read-only card with the verification verdict.
    const holderContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const holder = await holderContext.newPage();
    const answers: string[] = [];
    holder.on('request', (sent) => answers.push(sent.url()));
    const opened = await holder.goto(url.replace('#', '?lang=en#'));
    // Nothing the page links to learns which document it was.
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(holder.getByRole('heading', { level: 1, name: 'Shared document' })).toBeVisible();
    await expect(card(holder, name)).toBeVisible();
    await expect(cardStatus(holder, name)).toHaveAttribute('data-status', 'AT_SIGNING');
    const verification = holder.locator('[data-external-verification]');
    await expect(verification.getByText('All signatures are valid')).toBeVisible();
    await expect(verification).toContainText('123456789021');
    await expect(holder.getByRole('group', { name: 'Document actions' })).toHaveCount(0);
    const token = new URL(url).hash.slice(1);
    expect(answers.some((address) => address.includes(token))).toBe(false);

    // The sender revokes it; the holder's link then says it is gone.
    await share.click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
    await expect(dialog.getByText('Revoked')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await holder.reload();
    await expect(holder.getByRole('alert')).toHaveText(
      'The link was revoked or has expired, or it does not exist.',
    );
    await holderContext.close();

    // The history shows the opening by link (read again: the card does not follow it live).
    await page.reload();
    await expect(card(page, name).getByRole('region', { name: 'History' })).toContainText(
      'Opened by external link',
    );

    // Evidence from the card: the ZIP, the sheet and the printable copy.
    const zip = await downloadBy(page, 'Signed package (ZIP)', /\/package$/);
    expect(zip.status).toBe(200);
    expect(zip.contentType).toContain('application/zip');
    expect(zip.bytes.length).toBeGreaterThan(100);
    expect([...zip.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(zip.name).toBe(`${name}.zip`);
    const sheet = await downloadBy(page, 'Signature sheet (PDF)', /\/signature-sheet$/);
    expect(sheet.contentType).toContain('application/pdf');
    expect(sheet.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const printable = await downloadBy(page, 'Printable copy: contract.pdf', /\/printable$/);
    expect(printable.contentType).toContain('application/pdf');
    expect(printable.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printable.bytes.length).toBeGreaterThan(sheet.bytes.length / 2);
  });
});
