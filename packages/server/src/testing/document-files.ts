import { strToU8, zipSync } from 'fflate';

/** A small valid one-page PDF showing `text` (ASCII). */
export function samplePdf(text = 'Qoltanba test'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

/** A minimal real Word (OOXML) document with one paragraph; LibreOffice opens it. */
export function sampleDocx(text = 'Qoltanba test'): Buffer {
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body><w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p></w:body></w:document>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

/**
 * An OpenDocument text package around `body` (the inside of `office:text`): `mimetype` first and stored, as the
 * format requires; `namespaces` adds declarations to the content's root.
 */
export function odtPackage(body: string, namespaces = ''): Buffer {
  const files = {
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 as const }] as const,
    'META-INF/manifest.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
        '</manifest:manifest>',
    ),
    'content.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
        `xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"${namespaces} office:version="1.2">` +
        `<office:body><office:text>${body}</office:text></office:body>` +
        '</office:document-content>',
    ),
  };
  return Buffer.from(zipSync(files as unknown as Parameters<typeof zipSync>[0]));
}

/** A minimal real OpenDocument text with one paragraph. */
export function sampleOdt(text = 'Qoltanba test'): Buffer {
  return odtPackage(`<text:p>${escapeXml(text)}</text:p>`);
}

const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/**
 * A minimal OLE2 compound file (512-byte sectors: FAT, directory, 8 data sectors) with one stream named
 * `streamName`: `WordDocument` makes it a .doc by content, `Workbook` an Excel-like file that is not one.
 */
export function sampleOle(streamName = 'WordDocument'): Buffer {
  const file = Buffer.alloc(512 * 11);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // one FAT sector
  file.writeUInt32LE(1, 0x30); // directory starts at sector 1
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(END_OF_CHAIN, 0x3c);
  file.writeUInt32LE(END_OF_CHAIN, 0x44);
  for (let i = 0; i < 109; i += 1) file.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);
  const fat = 512; // sector 0
  for (let i = 0; i < 128; i += 1) file.writeUInt32LE(FREE, fat + i * 4);
  file.writeUInt32LE(FAT_SECTOR, fat);
  file.writeUInt32LE(END_OF_CHAIN, fat + 4);
  for (let s = 2; s < 9; s += 1) file.writeUInt32LE(s + 1, fat + s * 4);
  file.writeUInt32LE(END_OF_CHAIN, fat + 9 * 4);
  const dir = 1024; // sector 1
  const entry = (index: number, name: string, type: number, start: number, size: number, child: number) => {
    const base = dir + index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(file, base);
    file.writeUInt16LE(encoded.byteLength, base + 0x40);
    file.writeUInt8(type, base + 0x42);
    file.writeUInt32LE(FREE, base + 0x44);
    file.writeUInt32LE(FREE, base + 0x48);
    file.writeUInt32LE(child, base + 0x4c);
    file.writeUInt32LE(start, base + 0x74);
    file.writeUInt32LE(size, base + 0x78);
  };
  entry(0, 'Root Entry', 5, END_OF_CHAIN, 0, 1);
  entry(1, streamName, 2, 2, 4096, FREE);
  file.fill(0x41, 512 * 3);
  return file;
}
