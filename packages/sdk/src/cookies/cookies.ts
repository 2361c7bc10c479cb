/** Where a cookie applies and how long it lives. */
export interface CookieOptions {
  /** Lifetime in hours; omitted means a session cookie. */
  hours?: number;
  /** Cookie path, `/` by default. */
  path?: string;
  /** Cookie domain, e.g. `.qoltanba.kz`; omitted means the current host only. */
  domain?: string;
  /** SameSite attribute, `Lax` by default. */
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Adds `Secure`; forced on when `sameSite` is `None` because browsers reject it otherwise. */
  secure?: boolean;
}

/** Where the cookie to delete was written; must match the values used when writing it. */
export interface CookieScope {
  path?: string;
  domain?: string;
}

const HOUR_MS = 3_600_000;

function currentDocument(doc?: Document): Document | undefined {
  return doc ?? (typeof document === 'undefined' ? undefined : document);
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A foreign cookie with a stray '%' must not break reading.
    return value;
  }
}

/**
 * Reads a cookie by name and URI-decodes its value once.
 * Returns undefined when the cookie is absent or when there is no document (node).
 *
 * @example readCookie('lang') // 'ru'
 */
export function readCookie(name: string, doc?: Document): string | undefined {
  const target = currentDocument(doc);
  if (!target) return undefined;
  for (const part of target.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return decode(part.slice(separator + 1).trim());
  }
  return undefined;
}

/** Builds the `document.cookie` assignment for one cookie (kept separate so tests can inspect attributes). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}, now = Date.now()) {
  const sameSite = options.sameSite ?? 'Lax';
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.domain) parts.push(`domain=${options.domain}`);
  if (options.hours !== undefined) {
    parts.push(`expires=${new Date(now + options.hours * HOUR_MS).toUTCString()}`);
    parts.push(`max-age=${Math.round(options.hours * 3600)}`);
  }
  parts.push(`SameSite=${sameSite}`);
  if (options.secure || sameSite === 'None') parts.push('Secure');
  return parts.join('; ');
}

/**
 * Writes a cookie; the value is URI-encoded once. Defaults: path `/`, SameSite=Lax, session lifetime.
 * Does nothing when there is no document (node).
 *
 * @example writeCookie('lang', 'kk', { hours: LANG_COOKIE_HOURS })
 */
export function writeCookie(name: string, value: string, options?: CookieOptions, doc?: Document): void {
  const target = currentDocument(doc);
  if (!target) return;
  target.cookie = serializeCookie(name, value, options);
}

/** Deletes a cookie by expiring it; pass the same path and domain it was written with. */
export function deleteCookie(name: string, scope: CookieScope = {}, doc?: Document): void {
  const target = currentDocument(doc);
  if (!target) return;
  const parts = [`${name}=`, `path=${scope.path ?? '/'}`];
  if (scope.domain) parts.push(`domain=${scope.domain}`);
  // A past expiry date alone: every browser honours it (happy-dom mishandles max-age=0).
  parts.push('expires=Thu, 01 Jan 1970 00:00:00 GMT');
  target.cookie = parts.join('; ');
}
