import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX } from '../limits';
import { contentDisposition, isUnsafeCharacter, sanitizeFileName } from './file-name';

describe('file names', () => {
  it('keeps the last path segment and ends with the detected extension', () => {
    expect(sanitizeFileName('C:\\fakepath\\Договор.pdf', 'pdf')).toBe('Договор.pdf');
    expect(sanitizeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('report.DOCX', 'pdf')).toBe('report.pdf');
    expect(sanitizeFileName('contract.exe', 'docx')).toBe('contract.exe.docx');
    expect(sanitizeFileName('act.docx', 'docx')).toBe('act.docx');
    expect(sanitizeFileName(undefined, 'odt')).toBe('document.odt');
    expect(sanitizeFileName('  ...  ', 'doc')).toBe('document.doc');
    expect(sanitizeFileName('.hidden', 'pdf')).toBe('hidden.pdf');
  });

  it('drops control and direction-override characters', () => {
    expect(sanitizeFileName('a\u0000b\r\nc\u202egpj.pdf', 'pdf')).toBe('abcgpj.pdf');
  });

  it('never exceeds FILE_NAME_MAX and never splits a surrogate pair', () => {
    const name = sanitizeFileName(`${'😀'.repeat(300)}.pdf`, 'pdf');
    expect(Array.from(name)).toHaveLength(FILE_NAME_MAX);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(() => encodeURIComponent(name)).not.toThrow();
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'binary' }), (raw) => {
        const safe = sanitizeFileName(raw, 'docx');
        expect(Array.from(safe).length).toBeLessThanOrEqual(FILE_NAME_MAX);
        expect(safe).not.toMatch(/[/\\]/);
        expect(Array.from(safe).some(isUnsafeCharacter)).toBe(false);
        expect(safe.endsWith('.docx')).toBe(true);
        expect(() => contentDisposition('attachment', safe)).not.toThrow();
      }),
    );
  });

  it('builds an RFC 6266 Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Договор "1".pdf')).toBe(
      `attachment; filename="_______ _1_.pdf"; filename*=UTF-8''%D0%94%D0%BE%D0%B3%D0%BE%D0%B2%D0%BE%D1%80%20%221%22.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).pdf")).toBe(
      `inline; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    );
  });
});
