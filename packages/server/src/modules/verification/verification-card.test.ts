import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VERIFICATION_PATHS } from '@qoltanba/core';
import { timestampToken } from '@qoltanba/testkit';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier } from '../../pki/index.js';
import { TEST_CLOCK_START } from '../../testing/accounts.js';
import { multipart } from '../../testing/documents.js';
import { pdfPageTexts } from '../../testing/pdf-inspect.js';
import { testDatabases } from '../../testing/test-databases.js';
import { detached, file, pdf, pki, signers, useVerificationSuite } from '../../testing/verification-suite.js';

// Document cards (kaarkz/ddcard) through the public upload: a PDF carrying the original and its CAdES-T CMS with
// the CRL it was checked with is reported as a card; broken cards are refused with their catalogue codes.

const original = pdf('card original');
const stampedAt = new Date(TEST_CLOCK_START.getTime() + 60_000);
let securedCms: Uint8Array;
let trustDir = '';

beforeAll(async () => {
  trustDir = await mkdtemp(join(tmpdir(), 'verification-card-'));
  await pki.writeTrustDir(trustDir);
  // As a signing service keeps it: stamped by the PKI's TSA, with the CA's CRL the signer was checked with.
  const signing = await createVerifier({
    trustDir,
    offline: true,
    now: () => stampedAt,
    timestamping: { stamp: async (data) => timestampToken({ tsa: pki.tsa, data, time: stampedAt }) },
  });
  securedCms = (await signing.secureCms({ cms: detached(signers.gost, original), content: original })).cms;
});

afterAll(async () => {
  if (trustDir) await rm(trustDir, { recursive: true, force: true });
});

/** A card as the spec lays it out (names whose UTF-16 low bytes are no parenthesis: pdf-lib writes /F from them unescaped). */
async function cardPdf(files: ReadonlyArray<{ name: string; bytes: Uint8Array; description?: string }>) {
  const card = await PDFDocument.create();
  card.addPage();
  for (const attachment of files) {
    await card.attach(attachment.bytes, attachment.name, {
      ...(attachment.description ? { description: attachment.description } : {}),
    });
  }
  return Buffer.from(await card.save());
}

describe.each(testDatabases())('document cards in the public verification on $name', (backend) => {
  const { suite, passed, refused } = useVerificationSuite(backend);

  it('reports a card: its original (name, size, hash), each signature with the card checks', async () => {
    const card = await cardPdf([
      { name: 'Келісімшарт.pdf', bytes: original, description: 'Подлинник электронного документа' },
      { name: 'Келісімшарт.pdf.cms', bytes: securedCms },
    ]);
    const result = await passed([file('card.pdf', card)]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.cards).toEqual([{ file: 0, original: 1, signatureFiles: [2], verdict: 'TOTAL_PASSED' }]);
    expect(result.files).toEqual([
      { name: 'card.pdf', kind: 'pdf', sha256: createHash('sha256').update(card).digest('hex') },
      {
        name: 'Келісімшарт.pdf',
        kind: 'pdf',
        sha256: createHash('sha256').update(original).digest('hex'),
        size: original.byteLength,
        description: 'Подлинник электронного документа',
        inCard: 0,
      },
      {
        name: 'Келісімшарт.pdf.cms',
        kind: 'cms',
        sha256: createHash('sha256').update(securedCms).digest('hex'),
        size: securedCms.byteLength,
        inCard: 0,
      },
    ]);
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      packaging: 'detached',
      signedFile: 1,
      signatureFile: 2,
      timestamp: { indication: 'TOTAL_PASSED', time: stampedAt.toISOString() },
      revocation: { status: 'good', source: 'crl' },
      card: { signatureTime: stampedAt.toISOString(), revocationSource: 'crl', findings: [] },
    });
  });

  it('a card whose original was changed fails; a bare CMS in a card is reported without its evidence', async () => {
    const tampered = await cardPdf([
      { name: 'a.pdf', bytes: pdf('another original') },
      { name: 'a.pdf.cms', bytes: securedCms },
    ]);
    const failed = await passed([file('card.pdf', tampered)]);
    expect(failed.verdict).toBe('TOTAL_FAILED');
    expect(failed.signatures[0]).toMatchObject({ subIndication: 'HASH_FAILURE' });

    const bare = await cardPdf([
      { name: 'a.pdf', bytes: original },
      { name: 'a.pdf.cms', bytes: detached(signers.gost, original) },
    ]);
    const open = await passed([file('card.pdf', bare)]);
    expect(open.cards?.[0]?.verdict).toBe('INDETERMINATE');
    expect(open.signatures[0]?.card?.findings).toEqual(['TIMESTAMP_MISSING', 'REVOCATION_MISSING']);
    // The report PDF says the same: the files the card carries, and what the signature lacks.
    const { payload, contentType } = multipart([file('card.pdf', bare)]);
    const report = await suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.report}?lang=en`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(report.statusCode).toBe(200);
    const text = (await pdfPageTexts(new Uint8Array(report.rawPayload))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('a.pdf (PDF document, from document card No. 1)');
    expect(text).toContain('Card requirements: No timestamp; No OCSP answer or CRL');
    expect(open.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
    });
  });

  it('refuses a card without an original, with an attached CMS, or inflating past the upload limit', async () => {
    expect(await refused([file('c.pdf', await cardPdf([{ name: '1.cms', bytes: securedCms }]))])).toBe(
      'CARD_NO_ORIGINAL',
    );
    const withContent = signers.gost.signCms({ content: original, detached: false });
    expect(
      await refused([
        file(
          'c.pdf',
          await cardPdf([
            { name: 'a.pdf', bytes: original },
            { name: '1.cms', bytes: withContent },
          ]),
        ),
      ]),
    ).toBe('CARD_SIGNATURE_NOT_DETACHED');
    // 31 MiB of zeros deflate to about 31 KiB: the card is small, what it carries is past the 30 MiB limit.
    const bomb = await cardPdf([
      { name: 'a.pdf', bytes: new Uint8Array(31 * 1024 * 1024) },
      { name: '1.cms', bytes: securedCms },
    ]);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refused([file('c.pdf', bomb)])).toBe('CARD_TOO_LARGE');
  });
});
