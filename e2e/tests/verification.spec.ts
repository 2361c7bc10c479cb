import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import {
  apiPath,
  checkPagePath,
  DOCUMENT_PATHS,
  type Document,
  ETSI_INDICATION_TEXTS,
  type EtsiIndication,
  EVIDENCE_PATHS,
  type Lang,
  OVERALL_VERDICT_TEXTS,
  VERIFICATION_REPORT_FILE_NAMES,
} from '@qoltanba/core';
import { loadPkcs12, NCA_TEST_PASSWORD } from '@qoltanba/testkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { uniqueEmail } from './accounts-session';
import { samplePdf } from './document-files';
import {
  cardActions,
  draftForTestIndividual,
  INDIVIDUAL_P12,
  senderOfTestCompany,
  skipWithoutNcaTestKeys,
  TEST_COMPANY,
  TEST_INDIVIDUAL,
} from './signing-session';

// The public verification page against the real server: files dropped on /check and the verdict in kk, ru and
// en (the exact words of core's catalogue), the report PDF, and a QR link of a signature sheet opening
// /check/:docId/:fileId. Signatures are made with the NCA RK TEST keys the server trusts.

skipWithoutNcaTestKeys('verification');

const LANG_BUTTONS: Record<Lang, string> = { kk: 'Қазақша', ru: 'Русский', en: 'English' };

/** The text of every page of a PDF, items joined without spaces (wrapped lines rejoin words and addresses). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  try {
    let text = '';
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    return text;
  } finally {
    await pdf.destroy();
  }
}

async function downloadedBytes(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

/** Drops `files` on the drop zone of /check, as a user dragging them from the desktop. */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; bytes: Uint8Array }>) {
  const payload = files.map(({ name, type, bytes }) => ({
    name,
    type,
    base64: Buffer.from(bytes).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const { name, type, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type }));
    }
    return transfer;
  }, payload);
  const zone = page.getByText('Drop files here or');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** The verdict the page announces and the first signature's indication, in `lang`. */
async function expectVerdict(page: Page, verdict: EtsiIndication, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: OVERALL_VERDICT_TEXTS[verdict][lang] }),
  ).toBeVisible();
  await expect(page.getByText(ETSI_INDICATION_TEXTS[verdict][lang], { exact: true }).first()).toBeVisible();
}

async function documentOf(request: APIRequestContext, token: string, id: number): Promise<Document> {
  const response = await request.get(
    apiPath(DOCUMENT_PATHS.document, { bin: TEST_COMPANY.bin, id: String(id) }),
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as Document;
}

test.describe('public verification', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('/check: two dropped files, the verdict in kk, ru and en, and the report as PDF', async ({ page }) => {
    test.setTimeout(60_000);
    const original = samplePdf(`Verified contract ${Date.now().toString(36)}`);
    const signer = await loadPkcs12(INDIVIDUAL_P12, NCA_TEST_PASSWORD);
    const cms = signer.signCms({ content: original, detached: true });

    await page.goto('/check?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Signature check' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'choose files' })).toBeVisible();
    await dropFiles(page, [
      { name: 'contract.pdf', type: 'application/pdf', bytes: original },
      { name: 'contract.pdf.cms', type: 'application/pkcs7-signature', bytes: cms },
    ]);
    const chosen = page.getByRole('list', { name: 'Chosen files' });
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expectVerdict(page, 'TOTAL_PASSED', 'en');
    await expect(page.getByText(TEST_INDIVIDUAL.iin, { exact: true })).toBeVisible();

    for (const lang of ['kk', 'ru', 'en'] as const) {
      await page.getByRole('banner').getByRole('button', { name: LANG_BUTTONS[lang] }).click();
      await expectVerdict(page, 'TOTAL_PASSED', lang);
    }

    // The report: the same files sent again, verified on the server, printed in the page's language.
    await page.getByRole('banner').getByRole('button', { name: LANG_BUTTONS.ru }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать отчёт (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(VERIFICATION_REPORT_FILE_NAMES.ru);
    const report = await downloadedBytes(download);
    expect(Buffer.from(report.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(report);
    expect(text).toContain(OVERALL_VERDICT_TEXTS.TOTAL_PASSED.ru);
    expect(text).toContain(TEST_INDIVIDUAL.iin);
    expect(text).toContain('contract.pdf.cms');
    await expect(page.getByRole('button', { name: 'Скачать отчёт (PDF)' })).toBeVisible();
  });

  test("a signature sheet's QR link opens the verdict of the signed file on /check/:docId/:fileId", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const tokens = await senderOfTestCompany(page, request);
    const name = `Sheet contract ${Date.now().toString(36)}`;
    const id = await draftForTestIndividual(page, name, uniqueEmail('sheet'));
    await cardActions(page).getByRole('button', { name: 'Sign and send' }).click();
    const panel = page.getByRole('region', { name: 'Sign the document' });
    await panel.getByRole('button', { name: 'Sign with EDS (NCALayer)' }).click();
    await expect(page.getByText('The document was signed')).toBeVisible();

    // The sheet as a participant downloads it; its QR codes hold the address printed beside them.
    const sheet = await request.get(
      `${apiPath(EVIDENCE_PATHS.signatureSheet, { bin: TEST_COMPANY.bin, id: String(id) })}?lang=en`,
      { headers: { Authorization: `Bearer ${tokens.access_token}` } },
    );
    expect(sheet.status()).toBe(200);
    const text = await pdfText(new Uint8Array(await sheet.body()));
    const link = text.match(/https?:\/\/[^\s]+?\/check\/\d+\/\d+\?sha256=[0-9a-f]{16}/)?.[0];
    expect(link, 'the check address on the sheet').toBeTruthy();
    const document = await documentOf(request, tokens.access_token, id);
    const file = document.files[0];
    if (!file) throw new Error('the signed document has no file');
    expect(new URL(link ?? '').pathname + new URL(link ?? '').search).toBe(
      checkPagePath(document.id, file.id, file.sha256),
    );

    // Anybody holding the sheet opens it: a fresh browser context, signed out.
    const context = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 1400, height: 900 } });
    if (!context) throw new Error('No browser to open a second context in');
    const visitor = await context.newPage();
    await visitor.goto(`${link}&lang=en`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Signature check' })).toBeVisible();
    await expectVerdict(visitor, 'TOTAL_PASSED', 'en');
    await expect(visitor.getByText(`Document No. ${document.number}: ${name}`)).toBeVisible();
    await visitor.getByRole('banner').getByRole('button', { name: LANG_BUTTONS.kk }).click();
    await expectVerdict(visitor, 'TOTAL_PASSED', 'kk');

    const downloading = visitor.waitForEvent('download');
    await visitor.getByRole('button', { name: 'Есепті жүктеу (PDF)' }).click();
    const report = await downloadedBytes(await downloading);
    const reportText = await pdfText(report);
    expect(reportText).toContain(OVERALL_VERDICT_TEXTS.TOTAL_PASSED.kk);
    expect(reportText).toContain(name);
    await context.close();
  });
});
