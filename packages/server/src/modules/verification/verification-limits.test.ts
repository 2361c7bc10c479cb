import { Readable } from 'node:stream';
import { VERIFICATION_PATHS, VERIFY_MAX_TOTAL_BYTES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/test-databases.js';
import { file, nextAddress, pdf, useVerificationSuite } from '../../testing/verification-suite.js';
import { VERIFICATION_RATE_LIMIT } from './verification-module.js';

// The public verification API's limits: file count and size (refused while reading), content sniffing, the
// per-IP rate.
describe.each(testDatabases())('public verification limits on $name', (backend) => {
  const { suite, verify, refused } = useVerificationSuite(backend);

  it('limits: 11 files, 30 MB + 1 byte, a text file named .pdf, a part of another name', async () => {
    const original = pdf('limits');
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`, original));
    expect(await refused(eleven)).toBe('TOO_MANY_FILES');
    expect(await refused(eleven.slice(0, 10))).toBe('DOCUMENT_NOT_SIGNED');

    const third = Math.ceil(VERIFY_MAX_TOTAL_BYTES / 3);
    const big = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
    const over = [big(third), big(third), big(VERIFY_MAX_TOTAL_BYTES - 2 * third + 1)];
    expect(over.reduce((sum, b) => sum + b.byteLength, 0)).toBe(VERIFY_MAX_TOTAL_BYTES + 1);
    expect(await refused(over.map((b, i) => file(`big${i}.pdf`, b)))).toBe('SIZE_OVER_LIMIT');
    const exactly = [big(third), big(third), big(VERIFY_MAX_TOTAL_BYTES - 2 * third)];
    expect(await refused(exactly.map((b, i) => file(`big${i}.pdf`, b)))).toBe('DOCUMENT_NOT_SIGNED');

    expect(await refused([file('notes.pdf', Buffer.from('just some text, not a PDF'))])).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
    // DER that is no SignedData, and base64 text that decodes to none, are not signatures either.
    expect(await refused([file('x.cms', Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))])).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
    expect(await refused([file('x.cms', Buffer.from('TWFu'))])).toBe('UNSUPPORTED_FILE_FORMAT');
    expect(await refused([{ ...file('a.pdf', original), name: 'document' }])).toBe('MULTIPART_INVALID');
    expect(await refused([])).toBe('MULTIPART_INVALID');
  });

  it('refuses SIZE_OVER_LIMIT while reading, without reading the rest of the body', async () => {
    const boundary = 'qoltanbaVerifyLimit';
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const totalMiB = 80;
    let pulled = 0;
    async function* body() {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\n\r\n`;
      yield Buffer.from(`${head}%PDF-1.4\n`);
      for (let i = 0; i < totalMiB; i += 1) {
        pulled += chunk.byteLength;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=en`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
      remoteAddress: nextAddress(),
    });
    expect(res.json().code).toBe('SIZE_OVER_LIMIT');
    expect(res.headers.connection).toBe('close');
    // Stopped a little past the limit (stream buffers), far from the end of the body.
    expect(pulled).toBeLessThan(VERIFY_MAX_TOTAL_BYTES + 8 * 1024 * 1024);
  });

  it('is rate-limited per IP', async () => {
    const parts = [file('rl.pdf', pdf('rate limit'))];
    const codes: string[] = [];
    for (let i = 0; i <= VERIFICATION_RATE_LIMIT.max; i += 1) {
      codes.push((await verify(parts, '10.77.0.1')).json().code);
    }
    expect(codes.slice(0, VERIFICATION_RATE_LIMIT.max).every((code) => code === 'DOCUMENT_NOT_SIGNED')).toBe(
      true,
    );
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    expect((await verify(parts, '10.77.0.2')).json().code).toBe('DOCUMENT_NOT_SIGNED');
  });
});
