import { inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

// The files a PDF attaches to the whole document (the EmbeddedFiles name tree of its Names dictionary), read with
// pdf-lib's parser, each decoded under a byte budget so a small PDF cannot inflate into gigabytes.

/** One attached file, in the order of the name tree; `bytes` null when it could not be taken out (`problem`). */
export interface PdfAttachment {
  /** The file name (/UF, else /F), as a text string. */
  name: string;
  /** The note on the file (/Desc), when it has one. */
  description: string | null;
  bytes: Uint8Array | null;
  /** Why `bytes` is null: past the byte budget, or not a stream we decode (filter, parameters, corrupt data). */
  problem: 'too_large' | 'unreadable' | null;
}

/** The attachments of a PDF, and whether it had more than were read. */
export interface PdfAttachments {
  files: PdfAttachment[];
  /** The name tree named more than `maxFiles` files: the rest were not read. */
  overflow: boolean;
}

/** What {@link readPdfAttachments} may spend. */
export interface AttachmentLimits {
  /** Files read at most (the next one sets `overflow`). */
  maxFiles: number;
  /** Decoded bytes left for this PDF's attachments (and whatever else shares the budget); decreased as read. */
  budget: { remaining: number };
}

/** Levels of /Kids a name tree may nest (PDF writers use one or two); deeper is no tree we read. */
const MAX_TREE_DEPTH = 8;

const name = (key: string) => PDFName.of(key);

function text(value: PDFObject | undefined): string | null {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
}

/** The [key, value] pairs of a name tree in order, through its /Kids; stops after `max` + 1 values. */
function nameTreeValues(root: PDFDict, max: number): PDFObject[] {
  const values: PDFObject[] = [];
  const seen = new Set<PDFDict>();
  const walk = (node: PDFDict, depth: number): void => {
    // A node met twice is a loop in a hostile tree.
    if (depth > MAX_TREE_DEPTH || seen.has(node) || values.length > max) return;
    seen.add(node);
    const names = node.lookupMaybe(name('Names'), PDFArray);
    if (names) {
      for (let i = 1; i < names.size() && values.length <= max; i += 2) {
        const value = names.lookup(i);
        if (value !== undefined) values.push(value);
      }
    }
    const kids = node.lookupMaybe(name('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size() && values.length <= max; i += 1) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) walk(kid, depth + 1);
    }
  };
  walk(root, 0);
  return values;
}

/** Only unfiltered and plain FlateDecode streams (what PDF writers use for attachments) are decoded. */
function decodeStream(
  stream: PDFRawStream,
  budget: { remaining: number },
): Pick<PdfAttachment, 'bytes' | 'problem'> {
  const filter = stream.dict.lookup(name('Filter'));
  const filters =
    filter === undefined
      ? []
      : filter instanceof PDFArray
        ? filter.asArray().map((f) => stream.dict.context.lookup(f))
        : [filter];
  const plainFlate = filters.length === 1 && filters[0] === name('FlateDecode');
  if ((filters.length > 0 && !plainFlate) || stream.dict.has(name('DecodeParms'))) {
    return { bytes: null, problem: 'unreadable' };
  }
  let bytes: Uint8Array;
  if (plainFlate) {
    try {
      // One byte past the budget is enough to know it does not fit; zlib stops there.
      bytes = inflateSync(stream.contents, { maxOutputLength: budget.remaining + 1 });
    } catch (error) {
      const tooLarge =
        error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      return { bytes: null, problem: tooLarge ? 'too_large' : 'unreadable' };
    }
  } else {
    bytes = stream.contents;
  }
  if (bytes.byteLength > budget.remaining) return { bytes: null, problem: 'too_large' };
  budget.remaining -= bytes.byteLength;
  return { bytes: new Uint8Array(bytes), problem: null };
}

/**
 * The files attached to the document as a whole (Names -> EmbeddedFiles, in the name tree's order), or null when
 * the bytes are no PDF pdf-lib reads (broken, encrypted) or it attaches nothing. Never throws for bad input.
 */
export async function readPdfAttachments(
  pdf: Uint8Array,
  limits: AttachmentLimits,
): Promise<PdfAttachments | null> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    return null;
  }
  try {
    const tree = document.catalog
      .lookupMaybe(name('Names'), PDFDict)
      ?.lookupMaybe(name('EmbeddedFiles'), PDFDict);
    if (tree === undefined) return null;
    const specs = nameTreeValues(tree, limits.maxFiles);
    const files: PdfAttachment[] = [];
    for (const spec of specs.slice(0, limits.maxFiles)) {
      if (!(spec instanceof PDFDict)) continue;
      const fileName = text(spec.lookup(name('UF'))) ?? text(spec.lookup(name('F'))) ?? '';
      const description = text(spec.lookup(name('Desc')));
      const embedded = spec.lookupMaybe(name('EF'), PDFDict);
      const stream = embedded?.lookup(name('UF')) ?? embedded?.lookup(name('F'));
      const decoded =
        stream instanceof PDFRawStream
          ? decodeStream(stream, limits.budget)
          : { bytes: null, problem: 'unreadable' as const };
      files.push({ name: fileName, description, ...decoded });
    }
    if (files.length === 0) return null;
    return { files, overflow: specs.length > limits.maxFiles };
  } catch {
    // pdf-lib throws on objects of the wrong type deep in a hostile tree: nothing we can read.
    return null;
  }
}
