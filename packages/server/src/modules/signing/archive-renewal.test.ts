import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timestampToken } from '@qoltanba/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCertificate } from '../../pki/chain/certificate.js';
import { parseCms } from '../../pki/cms/parse.js';
import { createVerifier, proofExpiry } from '../../pki/index.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { runArchiveRenewalRound } from './archive-renewal-job.js';

// The CAdES-A renewal job: a kept signature whose TSA certificate ends within the margin gets an archive
// timestamp over it and its evidence; the others are left alone. (That the archive timestamp keeps the signature
// valid after the TSA certificate ends is shown in src/pki/archive-timestamp.test.ts.)

const DAY = 86_400_000;
const ARCHIVE_TIMESTAMP_V3 = '0.4.0.1733.2.4';
const pki = createSigningPki();
const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe.each(testDatabases())('archive timestamp renewal on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki, env: { QOLTANBA_NOTIFICATION_MAIL_SECONDS: '0' } });

  /** An engine on the injected clock `now` whose TSA (the testkit's) stamps at that time. */
  async function engineAt(now: Date) {
    const trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-archive-'));
    scratch.push(trustDir);
    await pki.writeTrustDir(trustDir);
    return createVerifier({
      trustDir,
      offline: true,
      now: () => now,
      timestamping: { stamp: async (data) => timestampToken({ tsa: pki.tsa, data, time: now }) },
    });
  }

  const keptSignatures = () =>
    suite.server.services.database.db.selectFrom('signatures').select(['id', 'cms']).orderBy('id').execute();

  it('stamps the signatures due within the margin, once, and leaves the rest', async () => {
    const document = await suite.document();
    expect((await suite.sign(document, COMPANIES.signer.bin)).statusCode).toBe(200);
    const [kept] = await keptSignatures();
    if (!kept) throw new Error('no signature kept');
    const tsaEnd = proofExpiry(kept.cms);
    expect(tsaEnd?.getTime()).toBe(parseCertificate(pki.tsa.certificateDer).notAfter.getTime());

    const now = new Date(suite.clock.now().getTime() + 3_600_000);
    const deps = {
      db: suite.server.services.database.db,
      blobs: suite.server.services.blobs,
      verifier: await engineAt(now),
    };
    // The TSA certificate ends in about five years: not due with a margin of a year.
    const early = await runArchiveRenewalRound(deps, now, 365 * DAY);
    expect(early).toEqual({ ran: true, renewed: [], failed: [] });
    expect(Buffer.from((await keptSignatures())[0]?.cms ?? [])).toEqual(Buffer.from(kept.cms));

    // Due with a margin past its end.
    const margin = (tsaEnd?.getTime() ?? 0) - now.getTime() + DAY;
    const round = await runArchiveRenewalRound(deps, now, margin);
    expect(round).toEqual({ ran: true, renewed: [kept.id], failed: [] });
    const [renewed] = await keptSignatures();
    const attributes = parseCms(renewed?.cms ?? new Uint8Array()).signers[0]?.unsignedAttrs ?? [];
    expect(attributes.map((a) => a.type).filter((t) => t === ARCHIVE_TIMESTAMP_V3)).toHaveLength(1);
    // The stored signature verifies with its archive timestamp over the stored file.
    const bytes = await suite.fileBytes(document, document.files[0]?.id ?? 0);
    const { report } = await deps.verifier.verifyCms({
      cms: renewed?.cms ?? new Uint8Array(),
      content: bytes,
    });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      archiveTimestamps: [{ indication: 'TOTAL_PASSED', time: now.toISOString() }],
    });
  });

  it('reports a due signature whose file is no longer stored and keeps it as it was', async () => {
    const document = await suite.document();
    expect((await suite.sign(document, COMPANIES.signer.bin)).statusCode).toBe(200);
    const [kept] = await keptSignatures();
    if (!kept) throw new Error('no signature kept');
    const files = await suite.server.services.database.db
      .selectFrom('document_files')
      .select('blob_key')
      .where('document_id', '=', document.id)
      .execute();
    for (const file of files) if (file.blob_key) await suite.server.services.blobs.delete(file.blob_key);
    const now = new Date(suite.clock.now().getTime() + 3_600_000);
    const deps = {
      db: suite.server.services.database.db,
      blobs: suite.server.services.blobs,
      verifier: await engineAt(now),
    };
    const round = await runArchiveRenewalRound(deps, now, 10 * 365 * DAY);
    expect(round).toEqual({
      ran: true,
      renewed: [],
      failed: [{ id: kept.id, reason: 'the signed file is no longer stored' }],
    });
    expect(Buffer.from((await keptSignatures())[0]?.cms ?? [])).toEqual(Buffer.from(kept.cms));
  });
});
