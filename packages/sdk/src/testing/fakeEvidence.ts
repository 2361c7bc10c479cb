import { contentDisposition, documentFileParamsSchema } from '@qoltanba/core';
import type { createFakeDocuments } from './documents/fakeDocuments';
import { bytesResponse } from './documents/fileContent';
import { fakeDocumentSigned } from './fakeExternalLinks';
import { type FakeContext, type FakeHandler, parseInput, refuse } from './fakeHttp';
import type { FakeOperationId } from './fakeRoutes';

// The evidence downloads of the fake server, with the server's refusals (FORBIDDEN, ENTITY_NOT_FOUND,
// DOCUMENT_NOT_SIGNED while nobody signed). The bodies are small valid stand-ins, not the server's evidence: a ZIP
// holding README.txt, and a one-line PDF.

const encoder = new TextEncoder();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP archive with one stored (uncompressed) entry. */
export function fakeZip(name: string, content: Uint8Array): Uint8Array {
  const fileName = encoder.encode(name);
  const crc = crc32(content);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, content.length, true);
  local.setUint32(22, content.length, true);
  local.setUint16(26, fileName.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, content.length, true);
  central.setUint32(24, content.length, true);
  central.setUint16(28, fileName.length, true);
  const localSize = 30 + fileName.length + content.length;
  const centralSize = 46 + fileName.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, localSize, true);
  const parts = [
    new Uint8Array(local.buffer),
    fileName,
    content,
    new Uint8Array(central.buffer),
    fileName,
    new Uint8Array(end.buffer),
  ];
  const zip = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    zip.set(part, offset);
    offset += part.length;
  }
  return zip;
}

/** A small valid PDF standing in for the server's sheets. */
export const FAKE_EVIDENCE_PDF = encoder.encode('%PDF-1.4\n% fake signature sheet\n%%EOF\n');

/** The evidence routes of the fake server. */
export function createFakeEvidence(documents: ReturnType<typeof createFakeDocuments>) {
  const { access } = documents;

  function signedDocument(context: FakeContext) {
    const { record } = access.documentInput(context);
    if (!fakeDocumentSigned(record)) refuse('DOCUMENT_NOT_SIGNED');
    return record;
  }

  const downloadSignedPackage: FakeHandler = (context) => {
    const record = signedDocument(context);
    const readme = encoder.encode(`${record.name}\nfake signed package\n`);
    return bytesResponse(
      fakeZip('README.txt', readme),
      'application/zip',
      contentDisposition('attachment', `${record.name}.zip`),
    );
  };

  const downloadSignatureSheet: FakeHandler = (context) => {
    const record = signedDocument(context);
    return bytesResponse(
      FAKE_EVIDENCE_PDF,
      'application/pdf',
      contentDisposition('attachment', `${record.name}.signatures.pdf`),
    );
  };

  const downloadPrintableCopy: FakeHandler = (context) => {
    const { fileId } = parseInput(documentFileParamsSchema, context.params);
    const record = signedDocument(context);
    const file = record.files.find((candidate) => candidate.id === fileId);
    if (!file) refuse('ENTITY_NOT_FOUND');
    const name = `${file.name.replace(/\.[a-z]+$/i, '')}.printable.pdf`;
    return bytesResponse(FAKE_EVIDENCE_PDF, 'application/pdf', contentDisposition('attachment', name));
  };

  const handlers = {
    downloadSignedPackage,
    downloadSignatureSheet,
    downloadPrintableCopy,
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
  return { handlers };
}
