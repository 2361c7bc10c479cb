import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  ETSI_INDICATION_TEXTS,
  errorMessage,
  OVERALL_VERDICT_TEXTS,
  SIGNATURE_PACKAGING_TEXTS,
} from '@qoltanba/core';
import { loadPkcs12, NCA_TEST_PASSWORD } from '@qoltanba/testkit';
import { INDIVIDUAL_P12, PKI_DIR, skipWithoutNcaTestKeys, TEST_INDIVIDUAL } from './signing-session';

// Signed XML on /check: an XML document signed (enveloped XMLDSig, GOST 34.10-2015-512 as KalkanCrypt writes it)
// by two NCA RK TEST keys is dropped and verified; a tampered copy fails; an XML carrying a DTD is refused with the
// catalogue's words.

skipWithoutNcaTestKeys('signed XML verification');

const HEAD_P12 = join(PKI_DIR, 'nca-test', 'certs', 'legal', 'valid', 'head.p12');

const INVOICE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<invoice xmlns="urn:qoltanba:esf"><number>ЭСФ-0042</number><total currency="KZT">750000</total></invoice>',
].join('\n');

/** Drops one XML file on the drop zone of /check and asks for the check. */
async function checkXml(page: Page, name: string, xml: string) {
  const base64 = Buffer.from(xml, 'utf8').toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ name: fileName, base64: data }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
      transfer.items.add(new File([bytes], fileName, { type: 'text/xml' }));
      return transfer;
    },
    { name, base64 },
  );
  const zone = page.getByText('Drop files here or');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

test.describe('public verification of signed XML', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('/check: an XML signed by two NCA TEST keys passes, a tampered copy fails, a DTD is refused', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const individual = await loadPkcs12(INDIVIDUAL_P12, NCA_TEST_PASSWORD);
    const head = await loadPkcs12(HEAD_P12, NCA_TEST_PASSWORD);
    const signed = head.signXml({ xml: individual.signXml({ xml: INVOICE }) });

    await page.goto('/check?lang=en');
    await checkXml(page, 'invoice.xml', signed);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('status').filter({ hasText: OVERALL_VERDICT_TEXTS.TOTAL_PASSED.en }),
    ).toBeVisible();
    await expect(page.getByText(ETSI_INDICATION_TEXTS.TOTAL_PASSED.en, { exact: true })).toHaveCount(2);
    await expect(page.getByText(TEST_INDIVIDUAL.iin, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(SIGNATURE_PACKAGING_TEXTS.enveloped.en).first()).toBeVisible();

    await page.goto('/check?lang=en');
    await checkXml(page, 'tampered.xml', signed.replace('750000', '950000'));
    await expect(
      main.getByRole('status').filter({ hasText: OVERALL_VERDICT_TEXTS.TOTAL_FAILED.en }),
    ).toBeVisible();

    await page.goto('/check?lang=en');
    const root = signed.slice(signed.indexOf('<invoice'));
    await checkXml(page, 'xxe.xml', `<!DOCTYPE invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>${root}`);
    await expect(
      page.getByRole('alert').filter({ hasText: errorMessage('XML_DTD_REFUSED', 'en') }),
    ).toBeVisible();
  });
});
