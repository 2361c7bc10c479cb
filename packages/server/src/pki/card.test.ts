import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  answerOcspRequest,
  createTestPki,
  ncaTestKeys,
  signCms,
  type TestSigner,
  timestampToken,
} from '@qoltanba/testkit';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  type CardLimits,
  CardRefusedError,
  createVerifier,
  outlineCard,
  type PkiConfig,
  type TimestampAuthority,
} from './index.js';
import { ncaMaterialPresent, PKI_DIR } from './test-support/nca-keys.js';
import { scratchDirs } from './test-support/scratch-dirs.js';

// Document cards (kaarkz/ddcard): a PDF whose attached files are the original, then one detached CMS per signature
// carrying its timestamp and revocation values. Built here as the spec says, with pdf-lib, from signatures made
// with the testkit (its TSA and OCSP responder) and the real NCA RK TEST keys; verified offline.

const OCSP_URL = 'http://ocsp.test/';
const original = new TextEncoder().encode('%PDF-1.4\n% Еңбек шарты №7 / Трудовой договор №7\n');
const holder = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ' };
const limits = (): CardLimits => ({ maxFiles: 50, budget: { remaining: 30 * 1024 * 1024 } });

const tempDir = scratchDirs('pki-card-');

interface Attachment {
  name: string;
  bytes: Uint8Array;
  description?: string;
}

/** A card as the spec lays it out: a visible page, then the attached files in order (original first). */
async function cardPdf(attachments: readonly Attachment[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Document card', {
    x: 85,
    y: 780,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  for (const file of attachments) {
    await pdf.attach(file.bytes, file.name, {
      ...(file.description ? { description: file.description } : {}),
      mimeType: 'application/octet-stream',
    });
  }
  return pdf.save();
}

/** The testkit PKI with an OCSP responder in-process, its TSA, and verifiers over its trust folder. */
function setUp(seed: string) {
  const pki = createTestPki({ seed, ocspUrl: OCSP_URL });
  const signer = pki.issue({
    ...holder,
    algorithm: 'ecdsa',
    kind: 'individual',
    usage: 'sign',
    withCrl: false,
  });
  const tsa = pki.issueTsa('ecdsa');
  const fetchOcsp: typeof fetch = async (input, init) => {
    if (String(input) !== OCSP_URL) return new Response(null, { status: 404 });
    const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
    return new Response(answerOcspRequest(body, { pki }), {
      headers: { 'content-type': 'application/ocsp-response' },
    });
  };
  const stampingWith = (time?: Date): TimestampAuthority => ({
    stamp: async (data) => timestampToken({ tsa, data, ...(time ? { time } : {}) }),
  });
  const verifier = async (extra: Partial<PkiConfig> = {}) => {
    const trustDir = await tempDir();
    await pki.writeTrustDir(trustDir);
    return createVerifier({
      trustDir,
      offline: false,
      fetch: fetchOcsp,
      acceptTestIdentities: true,
      ...extra,
    });
  };
  /** A CAdES-T CMS with the OCSP answer it was checked with, as a signing service keeps it. */
  const securedCms = async (content: Uint8Array, stampedAt?: Date) => {
    const signing = await verifier({ timestamping: stampingWith(stampedAt) });
    const cms = signCms({ signer, content, ...(stampedAt ? { signingTime: stampedAt } : {}) });
    return (await signing.secureCms({ cms, content })).cms;
  };
  return { pki, signer, securedCms, verifier };
}

describe('a document card', () => {
  it('passes with its original, its signature and the evidence it carries, offline', async () => {
    const { securedCms, verifier } = setUp('card-good');
    const cms = await securedCms(original);
    const pdf = await cardPdf([
      { name: 'Договор №7.pdf', bytes: original, description: 'Подлинник электронного документа' },
      { name: 'Договор №7.pdf.cms', bytes: cms, description: 'ЭЦП, ТЕСТОВ ТЕСТ' },
    ]);
    const card = await outlineCard([pdf.subarray(0, 100), pdf.subarray(100)], limits());
    expect(card?.original).toMatchObject({
      name: 'Договор №7.pdf',
      description: 'Подлинник электронного документа',
      sha256: Buffer.from(await crypto.subtle.digest('SHA-256', original)).toString('hex'),
    });
    expect(card?.original.bytes).toEqual(original);
    expect(card?.signatures.map((s) => s.name)).toEqual(['Договор №7.pdf.cms']);
    if (!card) throw new Error('not read as a card');

    const offline = await verifier({
      offline: true,
      fetch: async () => Promise.reject(new Error('offline')),
    });
    const verified = await offline.verifyCard({ card });
    expect(verified.verdict).toBe('TOTAL_PASSED');
    const [signature] = verified.signatureFiles[0]?.signatures ?? [];
    expect(signature?.report).toMatchObject({
      indication: 'TOTAL_PASSED',
      packaging: 'detached',
      signer: { iin: holder.iin },
      timestamp: { indication: 'TOTAL_PASSED' },
      revocation: { status: 'good', source: 'ocsp' },
    });
    expect(signature?.card).toMatchObject({ revocationSource: 'ocsp', findings: [] });
    expect(signature?.card.signatureTime).toBe(signature?.report.timestamp?.time);
    expect(signature?.card.revocationTime).not.toBeNull();
  });

  it('fails when the original it carries was changed after signing', async () => {
    const { securedCms, verifier } = setUp('card-tampered');
    const cms = await securedCms(original);
    const tampered = original.slice();
    tampered[tampered.length - 2] = 0x38;
    const card = await outlineCard(
      await cardPdf([
        { name: 'Договор.pdf', bytes: tampered },
        { name: 'Договор.pdf.cms', bytes: cms },
      ]),
      limits(),
    );
    if (!card) throw new Error('not read as a card');
    const verified = await (await verifier({ offline: true })).verifyCard({ card });
    expect(verified.verdict).toBe('TOTAL_FAILED');
    expect(verified.signatureFiles[0]?.signatures[0]?.report).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });
  });

  it('reports a CMS without timestamp or revocation values, and an OCSP answer far from the signature time', async () => {
    const { signer, securedCms, verifier } = setUp('card-bare');
    const bare = signCms({ signer, content: original });
    // Stamped ten minutes before the OCSP answer it keeps: the engine takes it, the card spec (5 minutes) does not.
    const early = await securedCms(original, new Date(Date.now() - 10 * 60_000));
    const card = await outlineCard(
      await cardPdf([
        { name: 'Договор.pdf', bytes: original },
        { name: '1.cms', bytes: bare },
        { name: '2.cms', bytes: early },
        { name: '3.txt', bytes: new TextEncoder().encode('not a signature') },
      ]),
      limits(),
    );
    if (!card) throw new Error('not read as a card');
    const verified = await (await verifier({ offline: true })).verifyCard({ card });
    const [first, second, third] = verified.signatureFiles.map((file) => file.signatures[0]);
    expect(first?.card.findings).toEqual(['TIMESTAMP_MISSING', 'REVOCATION_MISSING']);
    expect(first?.report.indication).toBe('INDETERMINATE');
    expect(second?.card.findings).toEqual(['OCSP_NOT_AT_SIGNATURE_TIME']);
    expect(second?.report).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
    });
    expect(third?.card.findings).toEqual(['NOT_CMS']);
    expect(third?.report).toMatchObject({ indication: 'TOTAL_FAILED', subIndication: 'FORMAT_FAILURE' });
    expect(verified.verdict).toBe('TOTAL_FAILED');
  });

  it('is not found in a PDF without attachments, or whose attachments are no signatures', async () => {
    const plain = await cardPdf([]);
    expect(await outlineCard(plain, limits())).toBeNull();
    const withFiles = await cardPdf([
      { name: 'a.txt', bytes: new TextEncoder().encode('a') },
      { name: 'b.txt', bytes: new TextEncoder().encode('b') },
    ]);
    expect(await outlineCard(withFiles, limits())).toBeNull();
    expect(await outlineCard(new TextEncoder().encode('%PDF-1.7 /EmbeddedFile broken'), limits())).toBeNull();
  });

  it('refuses a card without an original, with an attached CMS, an executable original, a bomb, or too many files', async () => {
    const { signer } = setUp('card-refused');
    const detached = signCms({ signer, content: original });
    const attached = signCms({ signer, content: original, detached: false });
    const reason = async (files: Attachment[], budget = limits()) => {
      try {
        await outlineCard(await cardPdf(files), budget);
        return null;
      } catch (error) {
        return error instanceof CardRefusedError ? error.reason : error;
      }
    };
    expect(await reason([{ name: '1.cms', bytes: detached }])).toBe('no_original');
    expect(
      await reason([
        { name: 'a.pdf', bytes: original },
        { name: '1.cms', bytes: attached },
      ]),
    ).toBe('not_detached');
    expect(
      await reason([
        { name: 'setup.exe', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3]) },
        { name: '1.cms', bytes: detached },
      ]),
    ).toBe('executable');
    // 4 MiB of zeros deflate to a few KiB; decoding stops one byte past the budget.
    const bomb = [
      { name: 'a.pdf', bytes: new Uint8Array(4 * 1024 * 1024) },
      { name: '1.cms', bytes: detached },
    ];
    expect(await reason(bomb, { maxFiles: 50, budget: { remaining: 1024 * 1024 } })).toBe('too_large');
    const many = [
      { name: 'a.pdf', bytes: original },
      ...Array.from({ length: 4 }, () => ({ name: 'x.cms', bytes: detached })),
    ];
    expect(await reason(many, { maxFiles: 3, budget: { remaining: 1024 * 1024 } })).toBe('too_many');
  });
});

describe('a PDF too costly to parse', () => {
  it('is refused before pdf-lib reads it: too many objects, or object streams that inflate past the budget', async () => {
    const objects = Array.from(
      { length: 20_001 },
      (_, i) => `${i + 1} 0 obj\n<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream\nendobj\n`,
    );
    const many = new TextEncoder().encode(`%PDF-1.7\n${objects.join('')}trailer\n<< /Root 1 0 R >>\n%%EOF\n`);
    await expect(outlineCard(many, limits())).rejects.toMatchObject({ reason: 'malformed' });
    // 8 MiB of object stream from 8 KiB of deflate: stopped one byte past a 1 MiB budget.
    const bomb = deflateSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream\nendobj\n'),
      Buffer.from(
        `2 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
      ),
      bomb,
      Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    ]);
    expect(pdf.byteLength).toBeLessThan(64 * 1024);
    await expect(
      outlineCard(pdf, { maxFiles: 50, budget: { remaining: 1024 * 1024 } }),
    ).rejects.toMatchObject({
      reason: 'too_large',
    });
    // The same PDF within budget is read (and is no card).
    expect(await outlineCard(pdf, limits())).toBeNull();
  });
});

const present = ncaMaterialPresent();

describe.skipIf(!present)('a document card signed with a real NCA RK TEST key', () => {
  it('verifies over the NCA CRL it carries and reports the delta CRL its CA publishes as missing', async () => {
    const key = ncaTestKeys().find((k) => k.name === 'individual_valid' && k.status === 'valid');
    if (!key) throw new Error('individual_valid.p12 missing');
    const ncaSigner: TestSigner = await key.load();
    // The TSA and the card's clock inside the NCA CRL's period (2026-08-11 .. 2027-02-07).
    const at = new Date('2026-12-01T06:00:00Z');
    const pki = createTestPki({ seed: 'card-nca', now: () => at });
    const tsa = pki.issueTsa('ecdsa', { notBefore: new Date(at.getTime() - 86_400_000) });
    const certs = join(PKI_DIR, 'nca-test', 'certs');
    const trust = async (withCrl: boolean) => {
      const dir = await tempDir();
      await pki.writeTrustDir(dir);
      for (const file of [
        'root_test_gost_2022.cer',
        'nca_gost2022_test.cer',
        ...(withCrl ? ['nca_gost2022_test.crl'] : []),
      ]) {
        copyFileSync(join(certs, file), join(dir, file));
      }
      return dir;
    };
    const config = { offline: true, acceptTestIdentities: true, now: () => at };
    const signing = await createVerifier({
      ...config,
      trustDir: await trust(true),
      timestamping: { stamp: async (data) => timestampToken({ tsa, data, time: at }) },
    });
    const { cms } = await signing.secureCms({
      cms: signCms({ signer: ncaSigner, content: original, signingTime: at }),
      content: original,
    });
    const card = await outlineCard(
      await cardPdf([
        { name: 'Договор.pdf', bytes: original },
        { name: 'Договор.pdf.cms', bytes: cms },
      ]),
      limits(),
    );
    if (!card) throw new Error('not read as a card');
    // The card verifier has no CRL of its own: only the one the CMS carries vouches for the signer.
    const verified = await (await createVerifier({ ...config, trustDir: await trust(false) })).verifyCard({
      card,
    });
    const [signature] = verified.signatureFiles[0]?.signatures ?? [];
    expect(signature?.report).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
      signatureType: 'GOST2015',
      signer: { iin: '123456789011' },
      timestamp: { indication: 'TOTAL_PASSED', time: at.toISOString() },
      revocation: { status: 'good', source: 'crl' },
    });
    expect(signature?.card).toEqual({
      signatureTime: at.toISOString(),
      revocationSource: 'crl',
      revocationTime: '2026-08-11T03:49:19.000Z',
      findings: ['DELTA_CRL_MISSING'],
    });
  });
});
