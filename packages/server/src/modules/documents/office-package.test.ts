import { isAppError } from '@qoltanba/core';
import { strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sampleDocx, sampleOdt } from '../../testing/document-files.js';
import {
  docxLinkingImages,
  docxWithTable,
  odtLinkingImages,
  zipBombDocx,
} from '../../testing/hostile-documents.js';
import { DEFAULT_EXPANSION_LIMITS, preparePackage } from './office-package.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'passed';
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
};

const entries = (bytes: Uint8Array) =>
  Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

/** Rewrites every size the zip's directories declare for `name` to `declared` (a lying directory). */
function lieAboutSize(zip: Buffer, name: string, declared: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = 0; at < copy.length - 4; at += 1) {
    const signature = copy.readUInt32LE(at);
    if (
      signature === 0x04034b50 &&
      copy.toString('utf8', at + 30, at + 30 + copy.readUInt16LE(at + 26)) === name
    ) {
      copy.writeUInt32LE(declared, at + 22);
    }
    if (
      signature === 0x02014b50 &&
      copy.toString('utf8', at + 46, at + 46 + copy.readUInt16LE(at + 28)) === name
    ) {
      copy.writeUInt32LE(declared, at + 24);
    }
  }
  return copy;
}

describe('preparing office packages for conversion', () => {
  it('passes clean documents through byte for byte', () => {
    const docx = sampleDocx('Договор');
    const odt = sampleOdt('Приложение');
    expect(Buffer.from(preparePackage(docx, 'docx')).equals(docx)).toBe(true);
    expect(Buffer.from(preparePackage(odt, 'odt')).equals(odt)).toBe(true);
  });

  it('refuses a zip bomb by its declared sizes, and one whose directory lies by inflating no further than declared', () => {
    expect(codeOf(() => preparePackage(zipBombDocx(40 * 1024 * 1024), 'docx'))).toBe('PREVIEW_TOO_COMPLEX');
    const bomb = zipBombDocx(8 * 1024 * 1024);
    // The directory says 1 KB; the data inflates to 8 MB: refused once the first kilobyte is passed.
    const liar = lieAboutSize(bomb, 'word/document.xml', 1024);
    expect(
      codeOf(() => preparePackage(liar, 'docx', { ...DEFAULT_EXPANSION_LIMITS, maxRatio: 100_000 })),
    ).toBe('PREVIEW_TOO_COMPLEX');
    // A ratio far beyond real documents, though under the total.
    expect(codeOf(() => preparePackage(bomb, 'docx'))).toBe('PREVIEW_TOO_COMPLEX');
    expect(
      codeOf(() => preparePackage(bomb, 'docx', { ...DEFAULT_EXPANSION_LIMITS, maxRatio: 100_000 })),
    ).toBe('passed');
  });

  it('refuses a huge table, too many entries, a big DOC and what is not a zip', () => {
    expect(codeOf(() => preparePackage(docxWithTable(20_000), 'docx'))).toBe('PREVIEW_TOO_COMPLEX');
    expect(codeOf(() => preparePackage(docxWithTable(100), 'docx'))).toBe('passed');
    const many: Zippable = {};
    for (let i = 0; i < 3000; i += 1) many[`f${i}.txt`] = strToU8('x');
    expect(codeOf(() => preparePackage(zipSync(many), 'odt'))).toBe('PREVIEW_TOO_COMPLEX');
    expect(codeOf(() => preparePackage(new Uint8Array(4 * 1024 * 1024), 'doc'))).toBe('PREVIEW_TOO_COMPLEX');
    expect(codeOf(() => preparePackage(new Uint8Array(1024), 'doc'))).toBe('passed');
    expect(codeOf(() => preparePackage(strToU8('PK not really'), 'docx'))).toBe('PREVIEW_TOO_COMPLEX');
  });

  it('removes external relationships from a DOCX and keeps web hyperlinks', () => {
    const docx = docxLinkingImages('x', ['http://127.0.0.1:9/a.png', 'file:///etc/passwd']);
    const parts = unzipSync(docx);
    const rels = strFromU8(parts['word/_rels/document.xml.rels'] as Uint8Array).replace(
      '</Relationships>',
      '<Relationship Id="rH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" ' +
        'Target="https://example.kz/" TargetMode="External"/>' +
        '<Relationship Id="rT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" ' +
        'Target="&#x66;ile:///etc/passwd"/>' +
        '<Relationship Id="rS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/subDocument" ' +
        'Target="\\\\host\\share\\x.docx"/></Relationships>',
    );
    const document = strFromU8(parts['word/document.xml'] as Uint8Array).replace(
      '</w:body>',
      '<w:p><w:hyperlink r:id="rH"><w:r><w:t>link</w:t></w:r></w:hyperlink></w:p>' +
        '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> INCLUDE</w:instrText></w:r>' +
        '<w:r><w:instrText>TEXT "file:///etc/passwd" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>' +
        '<w:p><w:fldSimple w:instr=" INCLUDEPICTURE http://127.0.0.1:9/b.png "/></w:p>' +
        '<w:p><w:pict><v:imagedata xmlns:v="urn:schemas-microsoft-com:vml" src="http://127.0.0.1:9/c.png"/></w:pict></w:p></w:body>',
    );
    const files: Zippable = { ...parts };
    files['word/_rels/document.xml.rels'] = strToU8(rels);
    files['word/document.xml'] = strToU8(document);
    const prepared = entries(preparePackage(zipSync(files), 'docx'));
    const preparedRels = prepared['word/_rels/document.xml.rels'] ?? '';
    expect(preparedRels).not.toMatch(/127\.0\.0\.1|file:|passwd|share/);
    expect(preparedRels).toContain('Target="https://example.kz/"');
    const preparedDocument = prepared['word/document.xml'] ?? '';
    expect(preparedDocument).not.toMatch(/INCLUDE|passwd|127\.0\.0\.1/);
    expect(preparedDocument).toContain('<w:t>link</w:t>');
  });

  it('drops a web hyperlink relationship that an image also uses', () => {
    const docx = docxLinkingImages('x', ['http://127.0.0.1:9/a.png']);
    const parts = unzipSync(docx);
    const files: Zippable = { ...parts };
    files['word/_rels/document.xml.rels'] = strToU8(
      strFromU8(parts['word/_rels/document.xml.rels'] as Uint8Array).replace(
        'relationships/image',
        'relationships/hyperlink',
      ),
    );
    const prepared = entries(preparePackage(zipSync(files), 'docx'));
    expect(prepared['word/_rels/document.xml.rels']).not.toContain('127.0.0.1');
  });

  it('empties every href of an ODT that leaves the package, whatever the prefix or quoting, and keeps hyperlinks', () => {
    const odt = odtLinkingImages('x', ['http://127.0.0.1:9/a.png', 'file:///etc/passwd']);
    const parts = unzipSync(odt);
    const content = strFromU8(parts['content.xml'] as Uint8Array).replace(
      '</office:text>',
      '<text:section text:name="S"><text:section-source xlink:href="../../etc/passwd"/></text:section>' +
        '<draw:frame><draw:image title=">" xlink:href="/etc/hostname"/></draw:frame>' +
        '<draw:frame><draw:object l:href=\'http://127.0.0.1:9/ole\' xmlns:l="http://www.w3.org/1999/xlink"/></draw:frame>' +
        '<draw:frame><draw:image xlink:href="Pictures/inside.png"/></draw:frame>' +
        '<text:p><text:a xlink:href="https://example.kz/">site</text:a></text:p></office:text>',
    );
    const files: Zippable = {
      mimetype: [parts.mimetype as Uint8Array, { level: 0 }],
      'META-INF/manifest.xml': parts['META-INF/manifest.xml'] as Uint8Array,
      'content.xml': strToU8(content),
    };
    const prepared = preparePackage(zipSync(files), 'odt');
    const result = entries(prepared);
    expect(result['content.xml']).not.toMatch(/127\.0\.0\.1|file:|passwd|hostname/);
    expect(result['content.xml']).toContain('xlink:href="Pictures/inside.png"');
    expect(result['content.xml']).toContain('xlink:href="https://example.kz/"');
    // Still an ODF package: `mimetype` first and stored.
    expect(Buffer.from(prepared).toString('latin1', 30, 38)).toBe('mimetype');
    expect(Object.keys(result)[0]).toBe('mimetype');
  });

  it('refuses entity declarations and UTF-16 parts, and drops an external DTD', () => {
    const withEntities = zipSync({
      'content.xml': strToU8('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'),
    });
    expect(codeOf(() => preparePackage(withEntities, 'odt'))).toBe('PREVIEW_TOO_COMPLEX');
    const utf16 = zipSync({ 'content.xml': new Uint8Array(Buffer.from('\ufeff<x/>', 'utf16le')) });
    expect(codeOf(() => preparePackage(utf16, 'odt'))).toBe('PREVIEW_TOO_COMPLEX');
    const withDtd = zipSync({
      'META-INF/manifest.xml': strToU8(
        '<?xml version="1.0"?><!DOCTYPE manifest SYSTEM "http://127.0.0.1:9/x.dtd"><m/>',
      ),
    });
    expect(entries(preparePackage(withDtd, 'odt'))['META-INF/manifest.xml']).toBe(
      '<?xml version="1.0"?><m/>',
    );
  });
});
