import type { Lang } from '@qoltanba/core';
import wretch from 'wretch';
import { ApiError, isApiError, parseApiError } from './apiError';
import { noteTariffRefusal } from './tariffRefusals';

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Prefix of every request URL, e.g. `/api` or `https://qoltanba.kz/api`. */
  baseUrl: string;
  /** The current interface language, read on every request (e.g. `() => $locale.get()`). */
  getLang: () => Lang;
  /** fetch implementation; the global fetch by default (tests and node pass their own). */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * A wretch instance for the Qoltanba API: sends `Accept-Language: <lang>` on every request and rejects
 * failed calls with ApiError (HTTP errors from the `{ code, message }` body, network failures as
 * NETWORK_ERROR with status 0; aborts stay AbortError). A write refused for the tariff is also told to
 * `onTariffRefusal` listeners (the tariff store refreshes at once).
 *
 * wretch 2 has no error transformer, so the fetch it is given turns failures into ApiError itself: every
 * rejection and every per-request catcher (`.notFound(...)` etc., matched on the ApiError's `status`) receives
 * an ApiError, although wretch 2 types the catcher argument as WretchError. Narrow it with `isApiError`.
 * wretch sees these as fetch errors, so a `.fetchError(...)` catcher also gets HTTP errors that no status
 * catcher took.
 *
 * @example
 * const api = createApiClient({ baseUrl: '/api', getLang: () => $locale.get() });
 * const profile = await api.get('/profile').json<Profile>();
 */
export function createApiClient(options: ApiClientOptions) {
  const send = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const fetchOrFail = async (url: string, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await send(url, init);
    } catch (error) {
      // Errors already in API shape (e.g. a rejected token refresh inside `fetch`) pass unchanged.
      if (isAbort(error) || isApiError(error)) throw error;
      throw parseNetworkError(error, options.getLang());
    }
    if (!response.ok) {
      const error = parseApiError(
        await readBody(response),
        response.status,
        options.getLang(),
        response.headers,
      );
      noteTariffRefusal(init?.method, error);
      throw error;
    }
    return response;
  };
  return wretch(options.baseUrl)
    .polyfills({ fetch: fetchOrFail })
    .defer((w) => w.headers({ 'Accept-Language': options.getLang() }));
}

function parseNetworkError(cause: unknown, lang: Lang): ApiError {
  const error = parseApiError(undefined, 0, lang);
  return new ApiError(0, error.code, error.message, { cause });
}

/** The API client type, for code that receives one. */
export type ApiClient = ReturnType<typeof createApiClient>;
