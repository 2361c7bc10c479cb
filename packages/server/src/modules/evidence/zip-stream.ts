import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One entry of a streamed ZIP: its bytes are read only when the archive reaches it. */
export interface ZipSource {
  /** Path inside the archive ('/' separates folders); non-ASCII names get the UTF-8 flag. */
  name: string;
  bytes: () => Promise<Uint8Array>;
  /** Deflate (text, not yet compressed data) or store (PDFs, CMS). */
  compress: boolean;
  modified: Date;
}

/** Bytes of an entry are pushed in slices of this size, so the archive goes out as they are written. */
const SLICE = 256 * 1024;

/**
 * The ZIP of `entries` as chunks, produced as they are pulled: each entry is read when the archive reaches it,
 * so the first bytes leave before later entries exist, and at most one entry is held at a time.
 */
export async function* zipChunks(
  entries: Iterable<ZipSource> | AsyncIterable<ZipSource>,
): AsyncGenerator<Buffer> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  function* drain(): Generator<Buffer> {
    if (failure) throw failure;
    while (ready.length > 0) {
      const chunk = ready.shift();
      if (chunk) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
  }
  for await (const entry of entries) {
    const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    file.mtime = entry.modified;
    zip.add(file);
    const bytes = await entry.bytes();
    if (bytes.byteLength === 0) file.push(bytes, true);
    for (let offset = 0; offset < bytes.byteLength; offset += SLICE) {
      file.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.byteLength);
      yield* drain();
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** {@link zipChunks} as a Node stream (what a Fastify reply sends). */
export function zipStream(entries: Iterable<ZipSource> | AsyncIterable<ZipSource>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}
