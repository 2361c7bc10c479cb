import { DOCUMENT_STATUSES, ERROR_CODES, HISTORY_EVENT_TYPES, LANGS } from '@qoltanba/core';
import { ApiError } from '@qoltanba/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { counterpartyFormTexts } from '../counterparty-form/texts';
import { counterpartyListTexts } from '../counterparty-list/texts';
import { documentCardTexts } from '../document-card/texts';
import { documentFormTexts } from '../document-form/texts';
import { documentsTableTexts } from '../documents-table/texts';
import { folderTreeTexts } from '../folder-tree/texts';
import { pdfViewerTexts } from '../pdf-viewer/texts';
import { signerEditorTexts } from '../signer-editor/texts';
import type { TextKey } from './define-texts';
import {
  codeOfFailure,
  codeText,
  formatDaysLeft,
  formatFileSize,
  partyName,
  problemOfIssue,
  problemText,
} from './format';
import { documentsT, documentsTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('document widget texts', () => {
  it.each(
    Object.entries({
      documentsTexts,
      documentsTableTexts,
      documentCardTexts,
      documentFormTexts,
      signerEditorTexts,
      pdfViewerTexts,
      folderTreeTexts,
      counterpartyFormTexts,
      counterpartyListTexts,
    }),
  )('%s has the same non-empty keys in kk, ru and en', (_name, texts) => {
    const kk = keys(texts.kk).sort();
    for (const lang of LANGS) {
      expect(keys(texts[lang]).sort()).toEqual(kk);
      for (const key of keys(texts[lang]))
        expect(
          key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], texts[lang]),
        ).not.toBe('');
    }
  });

  it('names every status and history event in each language, differently per language', () => {
    for (const status of DOCUMENT_STATUSES) {
      const names = LANGS.map((lang) => documentsT(lang)(`status.${status}`));
      expect(new Set(names).size).toBe(3);
    }
    for (const event of HISTORY_EVENT_TYPES)
      expect(documentsT('ru')(`event.${event}`)).not.toContain('event.');
    expect(LANGS.map((lang) => documentsT(lang)('status.REJECTED'))).toEqual([
      'Қабылданбаған',
      'Отклонён',
      'Rejected',
    ]);
  });

  it('types the keys of the source locale', () => {
    expectTypeOf<'status.DRAFT'>().toExtend<TextKey<typeof documentsTexts.kk>>();
    // @ts-expect-error not a key of the documents texts
    const wrong: TextKey<typeof documentsTexts.kk> = 'status.ARCHIVED';
    expect(wrong).toBe('status.ARCHIVED');
  });
});

describe('formatting', () => {
  it('formats sizes and days left per language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'ru')).toBe('1,5 КБ');
    expect(formatFileSize(5 * 1024 * 1024, 'kk')).toBe('5 МБ');
    expect(formatDaysLeft(0, 'ru')).toBe('сегодня');
    expect(formatDaysLeft(5, 'ru')).toBe('через 5 дней');
    expect(formatDaysLeft(-1, 'en')).toBe('today');
  });

  it('shows party names with the legal form shortened, in Kazakh when known', () => {
    const party = { nameRu: 'Акционерное общество «Бета»', nameKk: null };
    expect(partyName(party, 'kk')).toBe('АО «Бета»');
    expect(partyName({ ...party, nameKk: '«Бета» АҚ' }, 'kk')).toBe('«Бета» АҚ');
  });

  it('turns failures and zod issues into codes, and codes into texts', () => {
    expect(codeOfFailure(new ApiError(409, 'FOLDER_NAME_TAKEN', ''))).toBe('FOLDER_NAME_TAKEN');
    expect(codeOfFailure(new Error('boom'))).toBe('INTERNAL_ERROR');
    expect(problemOfIssue({ code: 'custom', message: 'INVALID_EMAIL' })).toBe('INVALID_EMAIL');
    expect(problemOfIssue({ code: 'too_small', message: 'Too small' })).toBe('REQUIRED');
    expect(problemOfIssue({ code: 'too_big', message: 'Too big' })).toBe('NAME_TOO_LONG');
    expect(problemText('NAME_TOO_LONG', 'en')).toBe('At most 300 characters');
    expect(codeText('REMINDER_TOO_EARLY', 'en')).toBe(
      'It is too early to send another reminder. Try again later',
    );
  });

  // The guard: no text helper of the widgets shows a raw `{name}` placeholder, whatever the code.
  it.each(LANGS)('never writes a placeholder for any code or problem in %s', (lang) => {
    for (const code of ERROR_CODES) {
      expect(codeText(code, lang), code).not.toMatch(/\{\w+\}/);
      expect(problemText(code, lang), code).not.toMatch(/\{\w+\}/);
    }
  });
});
