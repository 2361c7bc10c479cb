import type { Lang } from '../i18n/lang';

/** Legal forms written out in full and their abbreviations (Russian, then Kazakh). */
const LEGAL_FORMS: ReadonlyArray<readonly [words: readonly string[], short: string]> = [
  [['товарищество', 'с', 'ограниченной', 'ответственностью'], 'ТОО'],
  [['акционерное', 'общество'], 'АО'],
  [['жауапкершілігі', 'шектеулі', 'серіктестік'], 'ЖШС'],
  [['акционерлік', 'қоғам'], 'АҚ'],
];

const OPEN_QUOTES = '«"“„\'';
const CLOSE_QUOTES = '»"”“\'';

/** A legal form as a regex: any case, any run of spaces between words, optionally wrapped in quotes. */
function legalFormPattern(words: readonly string[]): RegExp {
  const phrase = words.join('\\s+');
  // Letters around the phrase would mean it is part of a longer word, so require non-letters.
  const bare = `(?<!\\p{L})${phrase}(?!\\p{L})`;
  return new RegExp(`[${OPEN_QUOTES}]\\s*${phrase}\\s*[${CLOSE_QUOTES}]|${bare}`, 'giu');
}

const PATTERNS = LEGAL_FORMS.map(([words, short]) => [legalFormPattern(words), short] as const);

/**
 * Replaces Russian (and Kazakh) legal forms written in full by their abbreviations, in any letter
 * case and also when the form itself is in quotes; collapses the whitespace it leaves.
 *
 * @example shortenLegalForm('Товарищество с ограниченной ответственностью «Ромашка»') // 'ТОО «Ромашка»'
 * @example shortenLegalForm('«АКЦИОНЕРНОЕ ОБЩЕСТВО» "Тест"') // 'АО "Тест"'
 */
export function shortenLegalForm(name: string): string {
  let result = name;
  for (const [pattern, short] of PATTERNS) result = result.replace(pattern, short);
  return result.replace(/\s+/g, ' ').trim();
}

/** The company fields the display name is made from. */
export interface CompanyNames {
  nameRu?: string | null;
  shortNameRu?: string | null;
  nameKk?: string | null;
  shortNameKk?: string | null;
}

/**
 * The name the interface shows for a company: `shortNameRu` when present, else `nameRu` with its
 * legal form shortened; an empty string when neither is known. With `lang` 'kk' the Kazakh names are
 * used the same way when the register has them.
 *
 * @example companyDisplayName({ nameRu: 'Акционерное общество "Тест"', shortNameRu: null }) // 'АО "Тест"'
 */
export function companyDisplayName(company: CompanyNames, lang?: Lang): string {
  if (lang === 'kk') {
    const kazakh = company.shortNameKk?.trim() || shortenLegalForm(company.nameKk ?? '');
    if (kazakh) return kazakh;
  }
  const shortName = company.shortNameRu?.trim();
  if (shortName) return shortName;
  return shortenLegalForm(company.nameRu ?? '');
}
