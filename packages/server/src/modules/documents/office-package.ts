import { inflateRawSync } from 'node:zlib';
import { AppError, type DocumentFileFormat } from '@qoltanba/core';
import { strToU8, type Zippable, zipSync } from 'fflate';

/** What a document may expand to before LibreOffice sees it; beyond, PREVIEW_TOO_COMPLEX without converting. */
export interface ExpansionLimits {
  /** Entries of a DOCX/ODT package. */
  maxEntries: number;
  /** Total uncompressed bytes of a DOCX/ODT package, as declared and as really inflated. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed size of one entry larger than {@link ratioFloorBytes}. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Table rows over all XML parts (`w:tr`, `table:table-row`): the cost that makes LibreOffice's layout hang. */
  maxTableRows: number;
  /** A DOC (binary) file larger than this is refused: there is no cheap measure of its content. */
  maxDocBytes: number;
}

/** The default limits: far above real contracts, far below what keeps a converter busy for a minute. */
export const DEFAULT_EXPANSION_LIMITS: ExpansionLimits = {
  maxEntries: 2000,
  maxUncompressedBytes: 32 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxTableRows: 3000,
  maxDocBytes: 3 * 1024 * 1024,
};

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

const tooComplex = (why: string) => new AppError('PREVIEW_TOO_COMPLEX', undefined, { cause: new Error(why) });

/** The entries of a zip's central directory (no inflating); ZIP64 and anything unreadable are refused. */
function centralDirectory(zip: Buffer, limits: ExpansionLimits): ZipEntry[] {
  let eocd = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw tooComplex('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw tooComplex('zip64');
  if (count > limits.maxEntries) throw tooComplex(`${count} entries`);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw tooComplex('bad directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooComplex('zip64');
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Refuses by the sizes the directory declares, before anything is inflated. */
function checkDeclared(entries: readonly ZipEntry[], limits: ExpansionLimits): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > limits.maxUncompressedBytes) throw tooComplex(`declares over ${total} bytes`);
    if (
      entry.size > limits.ratioFloorBytes &&
      entry.size > limits.maxRatio * Math.max(1, entry.compressedSize)
    ) {
      throw tooComplex(`${entry.name} expands ${entry.size}/${entry.compressedSize}`);
    }
  }
}

/** One entry's bytes, inflated no further than declared, so a lying directory is caught after at most `budget` bytes. */
function inflateEntry(zip: Buffer, entry: ZipEntry, budget: number): Uint8Array {
  const local = entry.localOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_SIGNATURE)
    throw tooComplex('bad local header');
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw tooComplex('entry cut short');
  // What LibreOffice would read: at most the declared size, and never more than is left of the budget.
  const cap = Math.min(entry.size, budget);
  if (entry.method === 0) {
    if (data.length > cap) throw tooComplex(`${entry.name} larger than declared`);
    return data;
  }
  if (entry.method !== 8) throw tooComplex(`compression method ${entry.method}`);
  if (entry.size === 0) return new Uint8Array(0);
  try {
    // Native inflation that stops with an error as soon as the output passes the cap.
    return inflateRawSync(data, { maxOutputLength: cap });
  } catch (error) {
    throw new AppError('PREVIEW_TOO_COMPLEX', undefined, { cause: error });
  }
}

/** Whether bytes are XML that LibreOffice would parse: `<` first, after white space and a UTF-8 byte order mark. */
function looksLikeXml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    at < bytes.length &&
    (bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09)
  )
    at += 1;
  return bytes[at] === 0x3c;
}

/** A UTF-16 text would hide its markup from the checks below. */
function isUtf16(bytes: Uint8Array): boolean {
  const [a, b] = [bytes[0], bytes[1]];
  return (
    (a === 0xff && b === 0xfe) ||
    (a === 0xfe && b === 0xff) ||
    (a === 0x3c && b === 0) ||
    (a === 0 && b === 0x3c)
  );
}

/** A package path, not a URL, a host path or an escaped value (an entity could spell a scheme). */
function isPackagePath(value: string): boolean {
  return !/^[A-Za-z][A-Za-z0-9+.-]*:|^[/\\]{2}|[&%\\]/.test(value.trim()) && !value.includes('\0');
}

const HYPERLINK_TYPE = /\/relationships\/hyperlink$/;
const WEB_LINK = /^(https?|mailto):/i;

/** Occurrences of `needle` followed by white space, `/` or `>` (searched in the bytes: no decoding needed). */
function countTags(xml: Buffer, needle: string): number {
  let count = 0;
  for (let at = xml.indexOf(needle); at >= 0; at = xml.indexOf(needle, at + needle.length)) {
    const next = xml[at + needle.length];
    if (next === 0x3e || next === 0x2f || next === 0x20 || next === 0x0a || next === 0x0d || next === 0x09)
      count += 1;
  }
  return count;
}

/** Table rows over all parts: OOXML `w:tr` and ODF `table:table-row`, whatever their namespace prefix. */
function countTableRows(xml: Buffer): number {
  return countTags(xml, ':tr') + countTags(xml, '<tr') + countTags(xml, 'table-row');
}

/** What a part must contain for the sanitizers to have anything to do; others are not even decoded. */
const MARKERS = ['href', 'src', 'instr', '<!DOCTYPE', '<!ENTITY'];

/**
 * OOXML relationships: a relationship that leaves the package (TargetMode External, a URL or host path as target)
 * is removed, except a web hyperlink that nothing but `w:hyperlink` uses (hyperlinks are never fetched).
 */
function sanitizeRelationships(rels: string, part: string | undefined): string {
  return rels.replace(/<Relationship\b(?:[^>"']|"[^"]*"|'[^']*')*>/g, (element) => {
    const attribute = (name: string) =>
      element.match(new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`));
    const target = attribute('Target');
    const value = target?.[1] ?? target?.[2] ?? '';
    const external = /External/i.test(attribute('TargetMode')?.[0] ?? '') || !isPackagePath(value);
    if (!external) return element;
    const idMatch = attribute('Id');
    const id = idMatch?.[1] ?? idMatch?.[2] ?? '';
    const type = attribute('Type');
    if (
      HYPERLINK_TYPE.test(type?.[1] ?? type?.[2] ?? '') &&
      WEB_LINK.test(value) &&
      part !== undefined &&
      id
    ) {
      const quoted = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const uses = part.match(new RegExp(`=\\s*["']${quoted}["']`, 'g'))?.length ?? 0;
      const asHyperlink =
        part.match(new RegExp(`<(?:[\\w.-]+:)?hyperlink\\b[^>]*=\\s*["']${quoted}["']`, 'g'))?.length ?? 0;
      if (uses === asHyperlink) return element;
    }
    return '';
  });
}

/** Field codes that read other files or programs: the part's field instructions are blanked (cached results stay). */
const DANGEROUS_FIELD = /INCLUDE|(?<!HYPER)LINK|DDE|IMPORT/;

function sanitizeFields(xml: string): string {
  if (!xml.includes('instr')) return xml;
  const instructions = [
    ...xml.matchAll(/<(?:[\w.-]+:)?instrText\b[^>]*>([^<]*)</g),
    ...xml.matchAll(/\binstr\s*=\s*(?:"([^"]*)"|'([^']*)')/g),
  ]
    .map((match) => (match[1] ?? '') + (match[2] ?? ''))
    .join('')
    .replace(/\s+/g, '')
    .toUpperCase();
  if (!DANGEROUS_FIELD.test(instructions) && !instructions.includes('&')) return xml;
  return xml
    .replace(/(<(?:[\w.-]+:)?instrText\b[^>]*>)[^<]*</g, '$1<')
    .replace(/\binstr\s*=\s*(?:"[^"]*"|'[^']*')/g, 'instr=""');
}

/** An attribute named `href` or `src` (any namespace prefix) and its quoted value. */
const LINK_ATTRIBUTE = /(\s(?:[\w.-]+:)?(?:href|src)\s*=\s*)(?:"([^"]*)"|'([^']*)')/g;

/**
 * Every `href` or `src` attribute (any namespace prefix) that is not a path inside the package is emptied, except a
 * web link of a hyperlink element (`text:a`, `draw:a`), which is never fetched. In ODF this covers images, linked
 * sections, OLE objects, floating frames, applets and background images; in OOXML, VML image sources. Matched
 * anywhere (`<` cannot occur in an attribute value, so the element is the last one opened), text included: a
 * text that spells such an attribute loses its URL, a harmless price for never missing one.
 */
function sanitizeLinks(xml: string): string {
  if (!/(?:href|src)\s*=/.test(xml)) return xml;
  return xml.replace(
    LINK_ATTRIBUTE,
    (attribute: string, head: string, double: string | undefined, single: string | undefined, at: number) => {
      const value = double ?? single ?? '';
      // A leading slash resolves against the disk, not the package.
      if (isPackagePath(value) && !value.includes('..') && !/^\s*\//.test(value)) return attribute;
      const open = xml.lastIndexOf('<', at);
      const name = /^<([\w.:-]+)/.exec(xml.slice(open, open + 80))?.[1] ?? '';
      const local = name.slice(name.lastIndexOf(':') + 1);
      if (local === 'a' && (WEB_LINK.test(value) || value.startsWith('#')) && !value.includes('&'))
        return attribute;
      return `${head}""`;
    },
  );
}

/** Removes an external DTD reference; an internal subset (entities, entity bombs) is refused. */
function withoutDoctype(xml: string): string {
  if (!xml.includes('<!DOCTYPE')) return xml;
  if (/<!DOCTYPE[^>]*\[/.test(xml) || /<!ENTITY/.test(xml)) throw tooComplex('internal DTD subset');
  return xml.replace(/<!DOCTYPE[^>]*>/g, '');
}

/**
 * Checks a document before LibreOffice opens it, and returns what LibreOffice should open: a DOC larger than the
 * cap and a DOCX/ODT that expands beyond the limits (declared sizes and ratios first, then inflated in slices that
 * stop at the limit, so a lying directory costs no more) are refused with PREVIEW_TOO_COMPLEX; a DOCX/ODT comes
 * back with every reference outside the package removed (external images, linked sections, INCLUDETEXT, OLE
 * links), so that even a converter with network and disk could not fetch or include anything.
 */
export function preparePackage(
  input: Uint8Array,
  format: DocumentFileFormat,
  limits: ExpansionLimits = DEFAULT_EXPANSION_LIMITS,
): Uint8Array {
  if (format === 'pdf') return input;
  if (format === 'doc') {
    if (input.byteLength > limits.maxDocBytes) throw tooComplex(`DOC of ${input.byteLength} bytes`);
    return input;
  }
  const zip = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const entries = centralDirectory(zip, limits);
  checkDeclared(entries, limits);
  const contents = new Map<string, Uint8Array>();
  let budget = limits.maxUncompressedBytes;
  for (const entry of entries) {
    const bytes = inflateEntry(zip, entry, budget);
    budget -= bytes.length;
    contents.set(entry.name, bytes);
  }

  let rows = 0;
  let changed = false;
  const xml = new Map<string, Buffer>();
  for (const [name, bytes] of contents) {
    if (isUtf16(bytes)) throw tooComplex(`${name} is UTF-16`);
    if (looksLikeXml(bytes)) xml.set(name, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  for (const [name, bytes] of xml) {
    rows += countTableRows(bytes);
    if (rows > limits.maxTableRows) throw tooComplex(`over ${limits.maxTableRows} table rows`);
    const relationships = format === 'docx' && /\.rels$/i.test(name);
    if (!relationships && !MARKERS.some((marker) => bytes.includes(marker))) continue;
    const text = bytes.toString('utf8');
    let next = withoutDoctype(text);
    if (relationships) {
      // word/_rels/document.xml.rels describes word/document.xml.
      const part = xml.get(name.replace(/(^|\/)_rels\/([^/]*)\.rels$/i, '$1$2'))?.toString('utf8');
      next = sanitizeRelationships(next, part);
    } else if (format === 'docx') {
      next = sanitizeLinks(sanitizeFields(next));
    } else {
      next = sanitizeLinks(next);
    }
    if (next !== text) {
      contents.set(name, strToU8(next));
      changed = true;
    }
  }
  if (!changed) return input;
  const files: Zippable = {};
  for (const [name, bytes] of contents) {
    // ODF wants `mimetype` first and stored; the map keeps the original order.
    files[name] = name === 'mimetype' ? [bytes, { level: 0 }] : bytes;
  }
  return zipSync(files);
}
