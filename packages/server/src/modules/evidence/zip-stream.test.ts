import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../testing/deferred.js';
import { type ZipSource, zipChunks, zipStream } from './zip-stream.js';

const AT = new Date('2026-11-20T09:30:00Z');
const entry = (name: string, bytes: Uint8Array, compress = false): ZipSource => ({
  name,
  compress,
  modified: AT,
  bytes: async () => bytes,
});

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('streamed ZIP', () => {
  it('round-trips stored and deflated entries, UTF-8 names, an empty file and one larger than a slice', async () => {
    const large = new Uint8Array(randomBytes(700 * 1024));
    const text = new TextEncoder().encode('Қолтаңба '.repeat(1000));
    const zip = await collect(
      zipStream([
        entry('README.txt', text, true),
        entry('шарт №1.pdf', large),
        entry('signatures/empty.cms', new Uint8Array()),
      ]),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['README.txt', 'шарт №1.pdf', 'signatures/empty.cms']);
    expect(files['README.txt']).toEqual(text);
    expect(files['шарт №1.pdf']).toEqual(large);
    expect(files['signatures/empty.cms']).toEqual(new Uint8Array());
    // Deflated text is smaller than itself: it was compressed, not stored.
    expect(zip.byteLength).toBeLessThan(large.byteLength + text.byteLength / 2);
  });

  it('sends the first bytes before a later entry is read', async () => {
    const later = deferred<Uint8Array>();
    let laterAsked = false;
    const chunks = zipChunks([
      entry('first.txt', new TextEncoder().encode('first')),
      {
        name: 'later.pdf',
        compress: false,
        modified: AT,
        bytes: () => {
          laterAsked = true;
          return later.promise;
        },
      },
    ]);
    const first = await chunks.next();
    expect(first.done).toBe(false);
    // A local file header comes first.
    expect(Buffer.from(first.value ?? []).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(laterAsked).toBe(false);
    const rest = (async () => {
      const tail: Uint8Array[] = [first.value ?? new Uint8Array()];
      for await (const chunk of chunks) tail.push(chunk);
      return new Uint8Array(Buffer.concat(tail));
    })();
    later.resolve(new Uint8Array([1, 2, 3]));
    expect(unzipSync(await rest)['later.pdf']).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('fails the stream when an entry cannot be read', async () => {
    const failing: ZipSource = {
      name: 'missing.pdf',
      compress: false,
      modified: AT,
      bytes: async () => {
        throw new Error('blob gone');
      },
    };
    await expect(collect(zipStream([entry('a.txt', new Uint8Array([1])), failing]))).rejects.toThrow(
      'blob gone',
    );
  });
});
