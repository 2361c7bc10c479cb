import { expect, type Page, test } from '@playwright/test';
import { formatDate, formatDateTime } from '@qoltanba/core';
import { loadPkcs12, NCA_TEST_PASSWORD } from '@qoltanba/testkit';
import { samplePdf } from './document-files';
import { appTookOver } from './prerendered';
import { INDIVIDUAL_P12, skipWithoutNcaTestKeys } from './signing-session';

// Dates as Chromium renders them in Kazakh: its ICU has no Kazakh month names and wrote "2026 M11 28"; the
// portal writes kk dates from core's own month names, every time with its zone (Asia/Almaty, UTC+5).

skipWithoutNcaTestKeys('kk dates on /check');

const KK_MONTH =
  /\d{1,2} (қаңтар|ақпан|наурыз|сәуір|мамыр|маусым|шілде|тамыз|қыркүйек|қазан|қараша|желтоқсан) \d{4} ж\./;

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
  const zone = page.getByText('Файлдарды осында сүйреңіз немесе');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

// The browser's own zone is not Kazakhstan's: the page must still show Almaty time.
test.use({ timezoneId: 'America/New_York' });

test('kk dates in Chromium: month names from our tables, never "M11", and the time zone said', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const original = samplePdf(`Dated contract ${Date.now().toString(36)}`);
  const signer = await loadPkcs12(INDIVIDUAL_P12, NCA_TEST_PASSWORD);
  const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const cms = signer.signCms({ content: original, detached: true, signingTime: signedAt });

  // What this Chromium itself makes of Kazakh: the reason the portal keeps its own month names.
  const chromiumKk = await page.evaluate(() =>
    new Intl.DateTimeFormat('kk-KZ', { dateStyle: 'medium' }).format(new Date('2026-11-28T09:00:00Z')),
  );
  test.info().annotations.push({ type: 'Chromium kk-KZ', description: chromiumKk });

  await page.goto('/check?lang=kk');
  await appTookOver(page);
  await dropFiles(page, [
    { name: 'contract.pdf', type: 'application/pdf', bytes: original },
    { name: 'contract.pdf.cms', type: 'application/pkcs7-signature', bytes: cms },
  ]);
  await page.getByRole('button', { name: 'Тексеру', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByText(formatDateTime(signedAt, 'kk')).first()).toBeVisible();
  await expect(main).toContainText(KK_MONTH);
  await expect(main).toContainText('(UTC+5)');
  expect(await main.innerText()).not.toMatch(/\d{4} M\d{1,2} \d{1,2}/);
  expect(formatDate(signedAt, 'kk')).toMatch(KK_MONTH);
});
