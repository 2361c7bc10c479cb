import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleDocx, sampleOdt, sampleOle, samplePdf } from '../testing/document-files.js';
import { detectDocumentFormat, formatFamily } from './file-type.js';

describe('document file type by content', () => {
  it('recognises PDF, DOC, DOCX and ODT', () => {
    expect(detectDocumentFormat(samplePdf())).toBe('pdf');
    expect(detectDocumentFormat(sampleOle('WordDocument'))).toBe('doc');
    expect(detectDocumentFormat(sampleDocx())).toBe('docx');
    expect(detectDocumentFormat(sampleOdt())).toBe('odt');
  });

  it('tells the container from the first bytes, so anything else is refused early', () => {
    expect(formatFamily(samplePdf().subarray(0, 8))).toBe('pdf');
    expect(formatFamily(sampleOle().subarray(0, 8))).toBe('ole');
    expect(formatFamily(sampleDocx().subarray(0, 8))).toBe('zip');
    expect(formatFamily(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).toBeUndefined();
    expect(formatFamily(Buffer.from('%PD'))).toBeUndefined();
  });

  it('refuses look-alikes: other OLE files, other zips, a PDF header not at the start, a misplaced mimetype', () => {
    expect(detectDocumentFormat(sampleOle('Workbook'))).toBeUndefined();
    const xlsx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<x/>') });
    expect(detectDocumentFormat(xlsx)).toBeUndefined();
    expect(detectDocumentFormat(zipSync({ 'word/document.xml': strToU8('<w/>') }))).toBeUndefined();
    expect(detectDocumentFormat(Buffer.concat([Buffer.from(' '), samplePdf()]))).toBeUndefined();
    const late = zipSync({
      'content.xml': strToU8('<x/>'),
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    });
    expect(detectDocumentFormat(late)).toBeUndefined();
    const compressed = zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 9 }],
    });
    expect(detectDocumentFormat(compressed)).toBeUndefined();
    const spreadsheet = zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
    });
    expect(detectDocumentFormat(spreadsheet)).toBeUndefined();
  });

  it('does not trust names or extensions, and survives truncated and garbage containers', () => {
    expect(detectDocumentFormat(Buffer.from('just text named contract.pdf'))).toBeUndefined();
    const docx = sampleDocx();
    expect(detectDocumentFormat(docx.subarray(0, docx.byteLength - 30))).toBeUndefined();
    const ole = sampleOle();
    expect(detectDocumentFormat(ole.subarray(0, 700))).toBeUndefined();
    const loop = Buffer.from(ole);
    loop.writeUInt32LE(1, 512 + 4); // the directory sector points at itself
    loop.fill(0, 1024 + 128, 1024 + 256); // and holds no WordDocument entry
    expect(detectDocumentFormat(loop)).toBeUndefined();
    expect(detectDocumentFormat(new Uint8Array())).toBeUndefined();
  });
});
