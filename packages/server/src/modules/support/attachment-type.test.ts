import { describe, expect, it } from 'vitest';
import { ATTACHMENT_HEAD_BYTES, sniffAttachmentType } from './attachment-type.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('attachment types by content', () => {
  it('recognises PNG, JPEG, GIF, WebP and PDF by their first bytes', () => {
    expect(sniffAttachmentType(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))).toBe('image/png');
    expect(sniffAttachmentType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffAttachmentType(bytes('GIF87a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(sniffAttachmentType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(sniffAttachmentType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffAttachmentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, whatever it is called: text, SVG, HTML, a RIFF that is not WebP, a cut-off head', () => {
    for (const sample of [
      bytes('just some text'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<!doctype html>'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
      bytes('GIF90a'),
      bytes([0x89], 'PN'),
      bytes(''),
    ]) {
      expect(sniffAttachmentType(sample)).toBeUndefined();
    }
    expect(ATTACHMENT_HEAD_BYTES).toBe(12);
  });
});
