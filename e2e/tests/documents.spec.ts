import { spawnSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { attachByIinByApi, registerByApi, signInPage, type Tokens, uniqueEmail } from './accounts-session';
import { sampleDocx, samplePdf } from './document-files';

// The documents flow of the cabinet against the real server: an address-book entry, a document with a PDF and
// a Word file and two signers, saved as a draft, renamed, sent; the recipient company sees it in incoming;
// trash and restore; a folder; the PDF viewer on both files (the Word file through LibreOffice).

// A sole proprietor (the sender) and an individual (the recipient) of the server's fixture registers.
const SENDER = { iin: '850312300459', phone: '+77011234567' };
const RECIPIENT = { iin: '920715401122', phone: '+77027654321', name: 'Ахметов Данияр Ерланович' };
// A legal entity of the fixture registers, for the address book; the register gives its short name.
const PARTNER = { bin: '990340005977', name: 'ТОО «Альфа»' };

// The server converts Word files with LibreOffice found on PATH (CI installs it); without it, no preview.
const SOFFICE = spawnSync('sh', ['-c', 'command -v soffice || command -v libreoffice']).status === 0;

async function account(request: Parameters<typeof registerByApi>[0], party: typeof SENDER): Promise<Tokens> {
  const tokens = await registerByApi(request, {
    email: uniqueEmail('documents'),
    password: 'Qoltanba-e2e-2026',
    firstname: 'Dana',
    lastname: 'Sultan',
  });
  await attachByIinByApi(request, tokens, party);
  return tokens;
}

const actions = (page: Page) => page.getByRole('group', { name: 'Document actions' });
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Cabinet sections' }).getByRole('link', { name });
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Opens a file's preview on the card and waits for the viewer to draw its first page. */
async function previewRendersPage(page: Page, fileName: string): Promise<Locator> {
  await page.getByRole('button', { name: `Preview ${fileName}` }).click();
  const preview = page.getByRole('region', { name: `Preview: ${fileName}` });
  const canvas = preview.locator('canvas[role="img"]').first();
  await expect(canvas).toHaveAttribute('aria-label', /^Page 1 of \d+$/, { timeout: 30_000 });
  // Drawn: the canvas has a size and some pixels that are not white.
  await expect
    .poll(
      () =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const context = element.getContext('2d');
          if (!context || element.width === 0) return 0;
          const { data } = context.getImageData(0, 0, element.width, element.height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
          return dark;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return preview;
}

test.describe('documents', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('create with two files and two signers, edit, send, receive, trash, restore, file in a folder, preview', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const sender = await account(request, SENDER);
    const recipient = await account(request, RECIPIENT);
    const stamp = Date.now().toString(36);
    const name = `Supply contract ${stamp}`;
    const renamed = `Supply contract ${stamp}, rev. 2`;

    // An address-book entry, its names from the register.
    await signInPage(page, sender);
    await page.goto('/cabinet/counterparty?lang=en');
    await page.getByRole('button', { name: 'Add counterparty' }).click();
    await page.getByRole('textbox', { name: /BIN\/IIN/ }).fill(PARTNER.bin);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('textbox', { name: /^Name in Russian/ })).toHaveValue(PARTNER.name);
    await page.getByRole('textbox', { name: 'E-mail 1' }).fill('office@alfa.example.kz');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('“ТОО «Альфа»” added to your counterparties')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Counterparties' }).getByRole('heading', { name: PARTNER.name }),
    ).toBeVisible();

    // A new document: two real files, the counterparty and the recipient company as signers, saved as a draft.
    await page.getByRole('link', { name: 'Create document' }).click();
    await expect(page).toHaveURL(/\/cabinet\/create$/);
    await page.getByRole('textbox', { name: 'Document name' }).fill(name);
    // The document form's own input: the help widget's panel has a file input of its own on every page.
    await page.getByLabel('choose files').setInputFiles([
      { name: 'contract.pdf', mimeType: 'application/pdf', buffer: samplePdf('Qoltanba supply contract') },
      {
        name: 'annex.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: sampleDocx('Annex 1 to the supply contract'),
      },
    ]);
    await expect(page.getByText('annex.docx')).toBeVisible();
    await page.getByRole('combobox', { name: 'Add from counterparties' }).fill('Альфа');
    await page.getByRole('option', { name: new RegExp(PARTNER.bin) }).click();
    await expect(
      page.getByRole('group', { name: 'Signer 1' }).getByRole('textbox', { name: /BIN\/IIN/ }),
    ).toHaveValue(PARTNER.bin);
    await page.getByRole('button', { name: 'Add signer' }).click();
    const second = page.getByRole('group', { name: 'Signer 2' });
    await second.getByRole('textbox', { name: /BIN\/IIN/ }).fill(RECIPIENT.iin);
    await second.getByRole('textbox', { name: /^E-mail/ }).fill('akhmetov@example.kz');
    await second.getByRole('textbox', { name: /^Name in Russian/ }).fill(RECIPIENT.name);
    await page.getByRole('button', { name: 'Save draft' }).click();

    await expect(page).toHaveURL(/\/cabinet\/document\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByText('Draft saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const files = page.getByRole('region', { name: 'Files' });
    await expect(files.getByText('contract.pdf')).toBeVisible();
    await expect(files.getByText('annex.docx')).toBeVisible();
    const signers = page.getByRole('region', { name: 'Signers' });
    await expect(signers).toContainText(PARTNER.bin);
    await expect(signers).toContainText(RECIPIENT.iin);

    // Edit: rename the draft.
    await actions(page).getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/draft/${id}$`));
    await expect(page.getByRole('textbox', { name: 'Document name' })).toHaveValue(name);
    await page.getByRole('textbox', { name: 'Document name' }).fill(renamed);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/document/${id}$`));
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();

    // Send: outgoing, at signing.
    await actions(page).getByRole('button', { name: 'Send for signing' }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/outgoing/${id}$`));
    await expect(page.getByText('The document was sent for signing')).toBeVisible();
    await tab(page, 'Outgoing').click();
    await expect(row(page, renamed)).toContainText('Out for signing');
    await page.goto('/cabinet/outgoing?lang=ru');
    await expect(row(page, renamed)).toContainText('На подписании');
    await page.goto('/cabinet/outgoing?lang=en');

    // The recipient company has it in incoming.
    const other = await browser.newContext({
      baseURL: new URL(page.url()).origin,
      viewport: { width: 1400, height: 900 },
    });
    const recipientPage = await other.newPage();
    await signInPage(recipientPage, recipient);
    await recipientPage.goto('/cabinet/incoming?lang=en');
    await expect(row(recipientPage, renamed)).toContainText('Out for signing');
    await row(recipientPage, renamed).getByRole('button', { name: renamed }).click();
    await expect(recipientPage).toHaveURL(new RegExp(`/cabinet/incoming/${id}$`));
    await expect(recipientPage.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
    await other.close();

    // Trash and restore.
    await row(page, renamed).getByRole('button', { name: renamed }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/outgoing/${id}$`));
    await actions(page).getByRole('button', { name: 'Move to trash' }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/trash/${id}$`));
    await expect(page.getByText('The document was moved to the trash')).toBeVisible();
    await expect(page.getByText(/In the trash\. Deleted/)).toBeVisible();
    await actions(page).getByRole('button', { name: 'Restore' }).click();
    await expect(page).toHaveURL(new RegExp(`/cabinet/outgoing/${id}$`));
    await expect(page.getByText('The document was restored from the trash')).toBeVisible();

    // A folder, and the document moved into it.
    await tab(page, 'Folders').click();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('textbox', { name: 'Name of the new folder' }).fill(`Contracts ${stamp}`);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('treeitem', { name: new RegExp(`^Contracts ${stamp}`) })).toBeVisible();
    await page.goto(`/cabinet/outgoing/${id}?lang=en`);
    await actions(page).getByRole('button', { name: 'Move to folder' }).click();
    const chooser = page.getByRole('region', { name: 'Move to folder' });
    await chooser.getByRole('combobox', { name: 'Folder' }).selectOption({ label: `Contracts ${stamp}` });
    await chooser.getByRole('button', { name: 'Move' }).click();
    await expect(page).toHaveURL(/\/cabinet\/folder\/\d+\?box=outgoing$/);
    await expect(page.getByRole('heading', { level: 2, name: `Contracts ${stamp}` })).toBeVisible();
    await expect(row(page, renamed)).toBeVisible();

    // Previews: the PDF as it is, the Word file converted by the server's LibreOffice.
    await row(page, renamed).getByRole('button', { name: renamed }).click();
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
    const pdfPreview = await previewRendersPage(page, 'contract.pdf');
    await pdfPreview.getByRole('button', { name: 'Close the preview' }).click();
    if (SOFFICE) {
      await previewRendersPage(page, 'annex.docx');
    } else {
      test.info().annotations.push({
        type: 'skipped assertion',
        description: 'soffice is not on PATH: the Word file preview (LibreOffice conversion) is not checked',
      });
    }
  });
});
