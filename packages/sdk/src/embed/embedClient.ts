import {
  apiPath,
  DEFAULT_LANG,
  EMBED_PATHS,
  type EmbedSession,
  type EmbedSessionView,
  embedSessionSchema,
  embedSessionViewSchema,
  type Lang,
  type QrSigningSession,
  qrSigningSessionSchema,
  type RejectRequest,
  type SignRequest,
} from '@qoltanba/core';
import { ApiError, parseApiError } from '../api/apiError';
import { expectResponse, type ResponseSchema } from '../api/expectResponse';

// An embedded element or frame has no portal session and no cookies: the embed token, then the session bearer it is
// exchanged for, are its only credentials. Plain fetch keeps this path free of the portal's client and stores.

/** The fetch an embed call uses; the global one by default (tests pass their own). */
export type EmbedFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Options shared by {@link exchangeEmbedToken} and {@link createEmbedClient}. */
export interface EmbedRequestOptions {
  /** Language of error texts (and `Accept-Language`); the session's or the host's. */
  lang?: Lang | (() => Lang);
  fetch?: EmbedFetch;
}

/** The language of an embed call's error texts. */
export function langOf(options: EmbedRequestOptions): Lang {
  const { lang } = options;
  return (typeof lang === 'function' ? lang() : lang) ?? DEFAULT_LANG;
}

async function embedRequest<T>(
  url: string,
  init: RequestInit,
  schema: ResponseSchema<T>,
  options: EmbedRequestOptions,
): Promise<T> {
  const send = options.fetch ?? ((input: string, request?: RequestInit) => globalThis.fetch(input, request));
  const lang = langOf(options);
  const headers = new Headers(init.headers);
  headers.set('Accept-Language', lang);
  let response: Response;
  try {
    // No cookies: the bearer is the credential, and third-party cookies may be blocked anyway.
    response = await send(url, { ...init, headers, credentials: 'omit' });
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'AbortError') throw cause;
    const error = parseApiError(undefined, 0, lang);
    throw new ApiError(0, error.code, error.message, { cause });
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw parseApiError(text, response.status, lang, response.headers);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return expectResponse(schema, body, lang);
}

/** `baseUrl` without trailing slashes. */
export function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/**
 * Exchanges an embed token (from the partner's backend, `qe_...`) for an embed session, once: a second exchange
 * rejects with ApiError EMBED_TOKEN_USED, an old token with EMBED_TOKEN_EXPIRED, an unknown one with
 * EMBED_TOKEN_INVALID, and a page whose origin the token does not allow with EMBED_ORIGIN_NOT_ALLOWED.
 *
 * @example const session = await exchangeEmbedToken('https://qoltanba.kz', token);
 */
export function exchangeEmbedToken(
  baseUrl: string,
  token: string,
  options: EmbedRequestOptions = {},
): Promise<EmbedSession> {
  return embedRequest(
    `${trimBase(baseUrl)}${EMBED_PATHS.sessions}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) },
    embedSessionSchema,
    options,
  );
}

/** Options of {@link createEmbedClient}. */
export interface EmbedClientOptions extends EmbedRequestOptions {
  /** The server's address, e.g. `https://qoltanba.kz`. */
  baseUrl: string;
  /** The session bearer from {@link exchangeEmbedToken}. */
  session: string;
}

/** The calls an embed session may make; each rejects with ApiError (EMBED_SESSION_EXPIRED, EMBED_PURPOSE_MISMATCH…). */
export interface EmbedClient {
  /** What the session shows: purpose, origins, language and (sign, status) the signer's view of the document. */
  getSession(): Promise<EmbedSessionView>;
  /** The original file, as a Blob (the URL needs the bearer header, so it cannot be a plain link). */
  downloadFile(fileId: number): Promise<Blob>;
  /** The PDF preview of a file, as a Blob (for pdf.js, which can take its bytes). */
  downloadPreview(fileId: number): Promise<Blob>;
  /** Address of a file; fetch it with {@link EmbedClient.authorization}. */
  fileUrl(fileId: number): string;
  /** Address of a file's PDF preview; fetch it with {@link EmbedClient.authorization}. */
  previewUrl(fileId: number): string;
  /** The `Authorization` header value of the session. */
  authorization: string;
  /** Posts the signer's signatures (one detached CMS per file); resolves with the view as it is now. */
  sign(request: SignRequest): Promise<EmbedSessionView>;
  /** Rejects the document with a reason (5 to 100 characters). */
  reject(request: RejectRequest): Promise<EmbedSessionView>;
  /** Opens an eGov mobile QR session for the session's signer. */
  startQrSigning(): Promise<QrSigningSession>;
}

const blobSchema: ResponseSchema<Blob> = {
  safeParse: (value) =>
    value instanceof Blob ? { success: true, data: value } : { success: false, error: value },
};

/**
 * A client of one embed session (`<qoltanba-sign>`, `<qoltanba-document-status>`, the portal's embed page).
 *
 * @example
 * const client = createEmbedClient({ baseUrl, session: session.session, lang: session.lang ?? 'ru' });
 * const view = await client.getSession();
 */
export function createEmbedClient(options: EmbedClientOptions): EmbedClient {
  const base = trimBase(options.baseUrl);
  const authorization = `Bearer ${options.session}`;
  const url = (template: string, params: Record<string, string> = {}) =>
    `${base}${apiPath(template, params)}`;
  const post = (body?: unknown): RequestInit => ({
    method: 'POST',
    headers:
      body === undefined
        ? { Authorization: authorization }
        : { Authorization: authorization, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const get: RequestInit = { method: 'GET', headers: { Authorization: authorization } };
  const send = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const blob = async (address: string): Promise<Blob> => {
    const lang = langOf(options);
    let response: Response;
    try {
      response = await send(address, { ...get, credentials: 'omit' });
    } catch (cause) {
      const error = parseApiError(undefined, 0, lang);
      throw new ApiError(0, error.code, error.message, { cause });
    }
    if (!response.ok) {
      throw parseApiError(await response.text().catch(() => ''), response.status, lang, response.headers);
    }
    return expectResponse(blobSchema, await response.blob(), lang);
  };
  return {
    authorization,
    getSession: () => embedRequest(url(EMBED_PATHS.session), get, embedSessionViewSchema, options),
    fileUrl: (fileId) => url(EMBED_PATHS.file, { fileId: String(fileId) }),
    previewUrl: (fileId) => url(EMBED_PATHS.filePreview, { fileId: String(fileId) }),
    downloadFile: (fileId) => blob(url(EMBED_PATHS.file, { fileId: String(fileId) })),
    downloadPreview: (fileId) => blob(url(EMBED_PATHS.filePreview, { fileId: String(fileId) })),
    sign: (request) => embedRequest(url(EMBED_PATHS.sign), post(request), embedSessionViewSchema, options),
    reject: (request) =>
      embedRequest(url(EMBED_PATHS.reject), post(request), embedSessionViewSchema, options),
    startQrSigning: () => embedRequest(url(EMBED_PATHS.qrSigning), post(), qrSigningSessionSchema, options),
  };
}
