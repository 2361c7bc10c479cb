import { crc32, deflateSync } from 'node:zlib';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { odtPackage } from './document-files.js';

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

const W_NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

/** An inline picture whose bytes come from the relationship `relId` (linked, not embedded). */
function linkedPicture(relId: string, id: number): string {
  return (
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${id}" name="P${id}"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    `<pic:nvPicPr><pic:cNvPr id="${id}" name="P${id}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="${relId}"/></pic:blipFill>` +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>' +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
  );
}

/**
 * A DOCX showing `text` with pictures linked from outside the package (TargetMode="External"), one per URL: an
 * http URL makes LibreOffice fetch it, a file URL makes it read the file into the PDF.
 */
export function docxLinkingImages(text: string, urls: readonly string[]): Buffer {
  const rels = urls
    .map(
      (url, i) =>
        `<Relationship Id="rIdX${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" ` +
        `Target="${url}" TargetMode="External"/>`,
    )
    .join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NAMESPACES}><w:body>` +
        `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>${urls.map((_, i) => linkedPicture(`rIdX${i}`, i + 1)).join('')}` +
        '</w:body></w:document>',
    ),
  };
  return Buffer.from(zipSync(files));
}

/** An ODT showing `text` with `draw:image xlink:href` pictures from outside the package, one per URL. */
export function odtLinkingImages(text: string, urls: readonly string[]): Buffer {
  const frames = urls
    .map(
      (url, i) =>
        `<draw:frame draw:name="i${i}" svg:width="2cm" svg:height="2cm" text:anchor-type="as-char">` +
        `<draw:image xlink:href="${url}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame>`,
    )
    .join('');
  return odtPackage(
    `<text:p>${text}${frames}</text:p>`,
    ' xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
      'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  );
}

/**
 * A grey PNG of `width` × `height`: an odd size is a canary, since a PDF states each image's /Width and /Height
 * in plain text.
 */
export function samplePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height, 0x80);
  for (let y = 0; y < height; y += 1) raw[y * row] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A DOCX whose document part is `bytes` of one repeated letter: a few hundred KB that inflate to `bytes`. */
export function zipBombDocx(bytes: number): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NAMESPACES}><w:body><w:p><w:r><w:t>`;
  const tail = '</w:t></w:r></w:p></w:body></w:document>';
  const body = Buffer.alloc(bytes - head.length - tail.length, 0x41);
  const files: Zippable = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'word/document.xml': Buffer.concat([Buffer.from(head), body, Buffer.from(tail)]),
  };
  return Buffer.from(zipSync(files, { level: 9 }));
}

/** A DOCX with one table of `rows` rows: small, but LibreOffice's layout of a huge table takes minutes. */
export function docxWithTable(rows: number): Buffer {
  const row = '<w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr>';
  const files: Zippable = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W_NAMESPACES}><w:body>` +
        `<w:tbl>${row.repeat(rows)}</w:tbl><w:p/></w:body></w:document>`,
    ),
  };
  return Buffer.from(zipSync(files, { level: 9 }));
}
