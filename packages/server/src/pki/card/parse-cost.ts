import { constants, inflateSync } from 'node:zlib';

// pdf-lib parses every object of a PDF at load and inflates its object and cross-reference streams without any
// bound: 400,000 tiny objects in 28 MB took 12.8 s and 600 MB, and a deflate bomb in an object stream would take
// the process down. So before a PDF is handed to it, its cost is bounded from the raw bytes: the objects it holds
// (headers, plus what each object stream's /N announces) and what its object and xref streams inflate to.

/** Indirect objects a card may hold (a card of a few dozen pages has a few thousand; 20,000 parse in under 1 s). */
export const CARD_MAX_OBJECTS = 20_000;

/** Why a PDF is not parsed. */
export type ParseCost = 'ok' | 'too_many_objects' | 'too_large';

const OBJ = Buffer.from(' obj');
const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
const COMPRESSED = [Buffer.from('/ObjStm'), Buffer.from('/XRef')];

/** Offsets of `needle` in `bytes`, stopping after `max` + 1. */
function offsets(bytes: Buffer, needle: Buffer, max: number): number[] {
  const found: number[] = [];
  for (let at = bytes.indexOf(needle); at >= 0 && found.length <= max; at = bytes.indexOf(needle, at + 1)) {
    found.push(at);
  }
  return found;
}

/** The data of the stream whose dictionary holds `at`: after `stream` and its end of line, up to `endstream`. */
function streamData(bytes: Buffer, at: number): { data: Buffer; dictionary: string } | null {
  const start = bytes.indexOf(STREAM, at);
  const end = start < 0 ? -1 : bytes.indexOf(END_STREAM, start + STREAM.length);
  if (start < 0 || end < 0) return null;
  let from = start + STREAM.length;
  if (bytes[from] === 0x0d) from += 1;
  if (bytes[from] === 0x0a) from += 1;
  // The dictionary: from the last `<<` before the name (nested dictionaries are rare here and harmless).
  const open = bytes.lastIndexOf('<<', at);
  return { data: bytes.subarray(from, end), dictionary: bytes.toString('latin1', Math.max(0, open), start) };
}

/**
 * Whether pdf-lib may parse `pdf`: at most {@link CARD_MAX_OBJECTS} objects (headers and object streams' /N),
 * object and xref streams inflating to at most `maxBytes` together (decoding stops one byte past it).
 */
export function parseCost(pdf: Uint8Array, maxBytes: number): ParseCost {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let objects = offsets(bytes, OBJ, CARD_MAX_OBJECTS).length;
  let remaining = maxBytes;
  for (const name of COMPRESSED) {
    for (const at of offsets(bytes, name, CARD_MAX_OBJECTS)) {
      const stream = streamData(bytes, at);
      if (stream === null) continue;
      objects += Number(/\/N\s+(\d+)/.exec(stream.dictionary)?.[1] ?? 0);
      if (objects > CARD_MAX_OBJECTS) return 'too_many_objects';
      if (!/\/FlateDecode/.test(stream.dictionary)) continue;
      try {
        // Sync flush: the data may run on to the end of line before `endstream`.
        const inflated = inflateSync(stream.data, {
          maxOutputLength: remaining + 1,
          finishFlush: constants.Z_SYNC_FLUSH,
        });
        remaining -= inflated.byteLength;
      } catch (error) {
        if (error instanceof RangeError) return 'too_large';
        // Corrupt data: pdf-lib will not read it either, at no cost.
      }
      if (remaining < 0) return 'too_large';
    }
  }
  return objects > CARD_MAX_OBJECTS ? 'too_many_objects' : 'ok';
}
