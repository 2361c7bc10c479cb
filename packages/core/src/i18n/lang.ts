/** Interface languages, in the order the product lists them. */
export const LANGS = ['kk', 'ru', 'en'] as const;

/** An interface language: Kazakh, Russian or English. */
export type Lang = (typeof LANGS)[number];

/** The language used when nothing else decides: Kazakh. */
export const DEFAULT_LANG: Lang = 'kk';

/** Aliases seen in the wild: `kz` is the country code people type for Kazakh. */
const LANG_ALIASES: Readonly<Record<string, Lang>> = { kz: 'kk' };

/** True when `value` is exactly one of {@link LANGS}. */
export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * Normalises a language value from a query, cookie, profile or header to a {@link Lang}.
 * Case-insensitive, trims, maps `kz` to `kk` and reads the primary subtag of BCP-47 tags
 * (`ru-RU`, `kk_KZ`, `en-US`).
 *
 * @example normalizeLang(' KZ ') // 'kk'
 * @example normalizeLang('de') // undefined
 */
export function normalizeLang(value: string | null | undefined): Lang | undefined {
  if (typeof value !== 'string') return undefined;
  const primary = value.trim().toLowerCase().split(/[-_]/, 1)[0] ?? '';
  const lang = LANG_ALIASES[primary] ?? primary;
  return isLang(lang) ? lang : undefined;
}

/**
 * The first candidate that normalises to a supported language, else {@link DEFAULT_LANG}.
 *
 * @example resolveLang(query.lang, cookie.lang, langFromAcceptLanguage(header))
 */
export function resolveLang(...candidates: Array<string | null | undefined>): Lang {
  for (const candidate of candidates) {
    const lang = normalizeLang(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

/**
 * Picks the preferred supported language from an `Accept-Language` header, honouring q-values
 * (higher first, header order between equals). Entries with `q=0`, a malformed q-value or `*`
 * are skipped; `undefined` when nothing supported is listed.
 *
 * @example langFromAcceptLanguage('en;q=0.5, ru-RU') // 'ru'
 */
export function langFromAcceptLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked: Array<{ lang: Lang; q: number; index: number }> = [];
  header.split(',').forEach((part, index) => {
    const [tag = '', ...params] = part.split(';');
    const q = qValue(params);
    const lang = normalizeLang(tag);
    if (lang && q !== undefined && q > 0) ranked.push({ lang, q, index });
  });
  ranked.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang;
}

/** The q-value of one Accept-Language entry: 1 when absent, undefined when malformed. */
function qValue(params: string[]): number | undefined {
  const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
  if (qParam === undefined) return 1;
  const raw = qParam.slice(2).trim();
  if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(raw)) return undefined;
  return Number(raw);
}
