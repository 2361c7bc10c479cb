import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { VERIFICATION_PATHS, type VerificationResult } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { sampleDocx, sampleOdt } from '../../testing/document-files.js';
import { multipart } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import {
  detached,
  file,
  nextAddress,
  pdf,
  signers,
  useVerificationSuite,
} from '../../testing/verification-suite.js';

// Originals of any format beside their detached CMS: each CMS paired by its messageDigest, also in many pieces.
describe.each(testDatabases())('public verification of originals beside their CMS on $name', (backend) => {
  const { suite, passed, refused } = useVerificationSuite(backend);

  it('a DOCX, an ODT or any other original beside its detached CMS is verified over it', async () => {
    for (const [name, original, kind] of [
      ['contract.docx', sampleDocx('docx original'), 'docx'],
      ['contract.odt', sampleOdt('odt original'), 'odt'],
      ['scan.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'other'],
    ] as const) {
      const result = await passed([
        file(name, original),
        file(`${name}.cms`, detached(signers.rsa, original)),
      ]);
      expect(result.verdict, name).toBe('TOTAL_PASSED');
      expect(result.files.map((f) => f.kind)).toEqual([kind, 'cms']);
      expect(result.signatures[0]).toMatchObject({ signedFile: 0, signatureFile: 1 });
    }
    // Another file than the one signed: the signature says so, the file is not refused.
    const other = await passed([
      file('other.docx', sampleDocx('not the signed one')),
      file('c.cms', detached(signers.rsa, sampleDocx('the signed one'))),
    ]);
    expect(other.verdict).toBe('TOTAL_FAILED');
    // A file of no known format with no detached CMS to pair with is still refused.
    expect(await refused([file('scan.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]))])).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
  });

  it('several originals with their CMS: each CMS is paired by its messageDigest', async () => {
    const first = pdf('first original');
    const second = pdf('second original');
    const result = await passed([
      file('second.cms', detached(signers.rsa, second)),
      file('first.pdf', first),
      file('first.cms', detached(signers.gost, first)),
      file('second.pdf', second),
    ]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.signatures.map((s) => [s.signatureFile, s.signedFile])).toEqual([
      [0, 3],
      [2, 1],
    ]);
  });

  it('originals that arrive in many pieces are paired and verified as a whole (GOST and RSA)', async () => {
    // Large enough for many socket-sized pieces; the body is sent in 997-byte slices, so boundaries and parser
    // look-behind bytes fall inside the originals.
    const originals = [0, 1, 2].map((n) => {
      const bytes = Buffer.alloc(200_000 + n * 7919, 0x0d);
      bytes.write('%PDF-1.7\n', 0, 'latin1');
      // Near-boundaries of every length, so the parser keeps and gives back look-behind bytes all along.
      for (let i = 10; i < bytes.length; i += 89)
        bytes.write(`\r\r\n-\r\n--\r\n---${n}\r\n----${i}`, i, 'latin1');
      return bytes;
    });
    const cms = originals.map((bytes, n) => detached(n === 1 ? signers.rsa : signers.gost, bytes));
    const { payload, contentType } = multipart([
      ...originals.map((bytes, n) => file(`${n}.pdf`, bytes)),
      ...cms.map((bytes, n) => file(`${n}.cms`, bytes)),
    ]);
    const pieces = Array.from({ length: Math.ceil(payload.length / 997) }, (_, n) =>
      payload.subarray(n * 997, (n + 1) * 997),
    );
    const res = await suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=en`,
      headers: { 'content-type': contentType },
      payload: Readable.from(pieces),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as VerificationResult;
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.signatures.map((s) => [s.signatureType, s.signatureFile, s.signedFile])).toEqual([
      ['GOST2015', 3, 0],
      ['RSA', 4, 1],
      ['GOST2015', 5, 2],
    ]);
    expect(result.files.slice(0, 3).map((f) => f.sha256)).toEqual(
      originals.map((bytes) => createHash('sha256').update(bytes).digest('hex')),
    );
  });
});
