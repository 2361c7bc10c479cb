import { type Lang, langFromAcceptLanguage, resolveLang } from '@qoltanba/core';

/** The parts of a request the language depends on. */
export interface LangSource {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The `lang` query value of a raw URL, read leniently (the URL may be malformed). */
export function langQueryParam(url: string): string | undefined {
  const index = url.indexOf('?');
  if (index < 0) return undefined;
  try {
    return new URLSearchParams(url.slice(index + 1)).get('lang') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Language of a request: the `lang` query (kk, ru, en, kz -> kk), then Accept-Language, then kk. */
export function requestLang(request: LangSource): Lang {
  const header = request.headers['accept-language'];
  const accept = Array.isArray(header) ? header.join(',') : header;
  return resolveLang(langQueryParam(request.url), langFromAcceptLanguage(accept));
}
