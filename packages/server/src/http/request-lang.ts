import { type Lang, langFromAcceptLanguage, langSchema, resolveLang } from '@qoltanba/core';

/** The parts of a request the language depends on. */
export interface LangSource {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body, when there is one (errors raised before parsing have none). */
  body?: unknown;
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

/**
 * The `lang` field of a JSON object body when core's `langSchema` accepts it (kk, ru, en; kz and any case as
 * that schema reads them), else undefined. Bodies that are not objects (bytes, arrays, strings) have none.
 */
export function bodyLang(body: unknown): Lang | undefined {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'lang')) return undefined;
  const parsed = langSchema.safeParse((body as { lang: unknown }).lang);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Language of a request: the `lang` query (kk, ru, en, kz -> kk; an explicit choice for this one request), then
 * a valid `lang` in the JSON body (the operation's own language), then Accept-Language, then kk.
 */
export function requestLang(request: LangSource): Lang {
  const header = request.headers['accept-language'];
  const accept = Array.isArray(header) ? header.join(',') : header;
  return resolveLang(langQueryParam(request.url), bodyLang(request.body), langFromAcceptLanguage(accept));
}
