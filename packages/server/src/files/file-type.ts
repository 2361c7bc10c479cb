import type { DocumentFileFormat } from '@qoltanba/core';
import { unzipSync } from 'fflate';

/** Content type each document format is served with. */
export const FORMAT_CONTENT_TYPES: Record<DocumentFileFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
};

/** Container a file's first bytes announce; `undefined` when they announce nothing we accept. */
export type FormatFamily = 'pdf' | 'ole' | 'zip';

/** Bytes {@link formatFamily} needs to decide. */
export const FAMILY_HEAD_BYTES = 8;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const ODT_MIMETYPE = 'application/vnd.oasis.opendocument.text';

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.byteLength < offset + magic.length) return false;
  return magic.every((byte, i) => bytes[offset + i] === byte);
}

/**
 * The container the first {@link FAMILY_HEAD_BYTES} bytes announce, so an upload of anything else can be
 * refused before the rest is read. The full check is {@link detectDocumentFormat}.
 */
export function formatFamily(head: Uint8Array): FormatFamily | undefined {
  if (startsWith(head, PDF_MAGIC)) return 'pdf';
  if (startsWith(head, OLE_MAGIC)) return 'ole';
  if (startsWith(head, ZIP_LOCAL_MAGIC)) return 'zip';
  return undefined;
}

/**
 * The document format of a whole file, recognised by content alone (never by name or declared type):
 * PDF by its `%PDF-` header; DOC as an OLE2 compound file with a `WordDocument` stream; ODT as a zip whose
 * first entry `mimetype` is stored uncompressed and says `application/vnd.oasis.opendocument.text`; DOCX as a
 * zip whose central directory lists `[Content_Types].xml` and `word/document.xml`.
 *
 * @example detectDocumentFormat(await readFile('contract.docx')) // 'docx'
 */
export function detectDocumentFormat(content: Uint8Array): DocumentFileFormat | undefined {
  switch (formatFamily(content)) {
    case 'pdf':
      return 'pdf';
    case 'ole':
      return hasWordDocumentStream(content) ? 'doc' : undefined;
    case 'zip':
      if (firstEntryIsOdtMimetype(content)) return 'odt';
      return isDocxPackage(content) ? 'docx' : undefined;
    default:
      return undefined;
  }
}

function firstEntryIsOdtMimetype(zip: Uint8Array): boolean {
  if (zip.byteLength < 30) return false;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const method = view.getUint16(8, true);
  const nameLength = view.getUint16(26, true);
  const extraLength = view.getUint16(28, true);
  const name = ascii(zip, 30, nameLength);
  const dataStart = 30 + nameLength + extraLength;
  // Stored (method 0), as the OpenDocument packaging rules require for `mimetype`.
  return method === 0 && name === 'mimetype' && ascii(zip, dataStart, ODT_MIMETYPE.length) === ODT_MIMETYPE;
}

function isDocxPackage(zip: Uint8Array): boolean {
  const names = new Set<string>();
  try {
    // The filter sees every central-directory entry and extracts none, so nothing is inflated.
    unzipSync(zip, {
      filter: (file) => {
        names.add(file.name);
        return false;
      },
    });
  } catch {
    return false;
  }
  return names.has('[Content_Types].xml') && names.has('word/document.xml');
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (start < 0 || start + length > bytes.byteLength) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

const FREE_SECTOR = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const STREAM_OBJECT = 2;

/**
 * Walks an OLE2 compound file's directory (following its FAT chain) for a stream named `WordDocument`.
 * Bounded by the file size, so a malformed chain cannot loop.
 */
function hasWordDocumentStream(file: Uint8Array): boolean {
  if (file.byteLength < 512) return false;
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return false;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor(file.byteLength / sectorSize);
  const u32 = (offset: number) =>
    offset + 4 <= file.byteLength ? view.getUint32(offset, true) : FREE_SECTOR;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;

  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i += 1) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  for (let hops = 0; difat < sectorCount && hops < sectorCount; hops += 1) {
    const base = sectorOffset(difat);
    for (let i = 0; i < sectorSize / 4 - 1; i += 1) fatSectors.push(u32(base + i * 4));
    difat = u32(base + sectorSize - 4);
  }
  const perFatSector = sectorSize / 4;
  const next = (sector: number) => {
    const fatSector = fatSectors[Math.floor(sector / perFatSector)];
    if (fatSector === undefined || fatSector >= sectorCount) return END_OF_CHAIN;
    return u32(sectorOffset(fatSector) + (sector % perFatSector) * 4);
  };

  let sector = u32(0x30);
  for (let hops = 0; sector < sectorCount && hops < sectorCount; hops += 1) {
    const base = sectorOffset(sector);
    for (let entry = base; entry + 128 <= base + sectorSize && entry + 128 <= file.byteLength; entry += 128) {
      const nameBytes = view.getUint16(entry + 0x40, true);
      if (view.getUint8(entry + 0x42) !== STREAM_OBJECT || nameBytes < 2 || nameBytes > 64) continue;
      const name = new TextDecoder('utf-16le').decode(file.subarray(entry, entry + nameBytes - 2));
      if (name === 'WordDocument') return true;
    }
    sector = next(sector);
  }
  return false;
}
