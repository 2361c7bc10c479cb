import { ACCOUNT_PATHS, type AuthTokens, authTokensSchema, type Lang } from '@qoltanba/core';
import { type ApiClient, ApiError, createApiClient, isApiError, parseApiError } from '../api';
import { expectResponse } from '../api/expectResponse';
import { noteTariffRefusal } from '../api/tariffRefusals';
import { $locale } from '../locale';
import { jwtSubject } from './jwtSubject';
import { trackLoading } from './loading';
import { createMemoryStorage } from './memoryStorage';
import { createTokenStore } from './tokenStore';
import { fetchUploadTransport, type UploadTransport, xhrUploadTransport } from './upload';

/** Why a session ended: asked by the user, or forced by the server. */
export type LogoutReason =
  /** `logout()` was called. */
  | 'user'
  /** An authenticated request was answered 401. */
  | 'unauthorized'
  /** The token refresh was answered 401 or 403. */
  | 'refresh-rejected'
  /** The stored session was refused at start-up (`initSession`). */
  | 'session-invalid';

/** What a client tells its session listeners. */
export type SessionEvent = { type: 'refreshed' } | { type: 'logged-out'; reason: LogoutReason };

/** Options of {@link createQoltanbaClient}; every one has a browser default. */
export interface QoltanbaClientOptions {
  /** Prefix of every request URL; '' (same origin) by default. */
  baseUrl?: string;
  /** Language of `Accept-Language` and of `lang` in bodies; `$locale` by default. */
  getLang?: () => Lang;
  /** fetch implementation; the global fetch by default. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Token storage; `localStorage` by default, in memory where there is none. */
  storage?: Storage;
  /** Wiped with `storage` on logout; `sessionStorage` by default. */
  sessionStorage?: Storage;
  /** Document holding the GATEWAY cookie; the global one by default. */
  doc?: Document;
  /** Clock in epoch ms, for tests. */
  now?: () => number;
  /** Domain of the GATEWAY cookie, e.g. `.qoltanba.kz`; the current host when omitted. */
  cookieDomain?: string;
  /** Delay between a 401 answer and the forced logout; 300 ms by default. */
  logoutDelayMs?: number;
  /** Called after every logout, once the state is anonymous; the portal navigates to `/` here. */
  onLoggedOut?: (reason: LogoutReason) => void;
  /**
   * Sends `upload()` requests. By default XMLHttpRequest (upload progress) in browsers, and a transport
   * over `fetch` (progress only at the end) where there is no XMLHttpRequest or a `fetch` was given.
   */
  uploadTransport?: UploadTransport;
}

/** An authenticated multipart upload; see {@link QoltanbaClient.upload}. */
export interface UploadRequest {
  method: 'POST' | 'PUT';
  /** API path (without the base URL), e.g. from core's `apiPath`. */
  path: string;
  body: FormData;
  /** Aborts the upload; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Bytes of the body sent so far and the body's total, as the transport counts them. */
  onProgress?: (loaded: number, total: number) => void;
}

/** A Qoltanba API client bound to one stored session. See {@link createQoltanbaClient}. */
export interface QoltanbaClient {
  /** Authenticated calls: bearer from the GATEWAY cookie, refresh before expiry, 401 ends the session. */
  readonly api: ApiClient;
  /** Anonymous calls (login, codes, registration, recovery): no bearer, a 401 is just an error. */
  readonly publicApi: ApiClient;
  /** The URL prefix the client was created with. */
  readonly baseUrl: string;
  /** The storage holding tokens and the selected company. */
  readonly storage: Storage;
  /** This tab's session storage, wiped with `storage` on logout (values kept across the tab's page loads). */
  readonly sessionStorage: Storage;
  /** The signed-in user's id: the `sub` claim of the bearer (the server's JWT); undefined without one. */
  userId(): string | undefined;
  /** The current language for request bodies. */
  lang(): Lang;
  /** True when tokens are stored. */
  hasSession(): boolean;
  /** Stores a token response (local storage and the GATEWAY cookie). */
  storeTokens(tokens: AuthTokens): void;
  /** Refreshes the tokens now; concurrent callers share one call. 401/403 ends the session. */
  refreshTokens(): Promise<void>;
  /** Ends the session: revokes it on the server (user logout only, best effort), wipes storage and cookie. */
  logout(reason?: LogoutReason): Promise<void>;
  /** Listens to refreshes and logouts; returns the unsubscribe function. */
  onSessionEvent(listener: (event: SessionEvent) => void): () => void;
  /**
   * An authenticated upload with progress, with the session rules of `api` (refresh first, bearer, a 401
   * ends the session, counted in `$loading`). Resolves with the parsed JSON body (undefined when empty);
   * rejects with ApiError (NETWORK_ERROR when no answer arrived) or an `AbortError`.
   */
  upload(request: UploadRequest): Promise<unknown>;
}

// Refresh a little early so a token does not expire while its request is on the way.
const REFRESH_MARGIN_MS = 30_000;
const DEFAULT_LOGOUT_DELAY_MS = 300;

function defaultStorage(name: 'localStorage' | 'sessionStorage'): Storage {
  try {
    const storage = globalThis[name];
    if (storage) return storage;
  } catch {
    // Access throws in sandboxed iframes without storage rights.
  }
  return createMemoryStorage();
}

/**
 * Checks a token response with core's `authTokensSchema` and returns it typed.
 * Throws ApiError INTERNAL_ERROR (502) when the server answered something else.
 */
export function expectAuthTokens(body: unknown, lang: Lang): AuthTokens {
  return expectResponse(authTokensSchema, body, lang);
}

/**
 * Creates the Qoltanba API client. Requests through `api` carry `Authorization: Bearer <GATEWAY cookie>`;
 * when the stored expiry has passed the tokens are refreshed first (one refresh for all concurrent
 * requests); a 401 or 403 on the refresh logs out at once; a 401 on any other authenticated response
 * logs out after `logoutDelayMs`. Every request counts in `$loading` until its response arrives.
 * Pass the client to `initSession` to drive the session stores.
 *
 * @example
 * const client = createQoltanbaClient({ onLoggedOut: () => navigate('/') });
 * await initSession(client);
 * const docs = await client.api.get('/proxy/...').json();
 */
export function createQoltanbaClient(options: QoltanbaClientOptions = {}): QoltanbaClient {
  const baseUrl = options.baseUrl ?? '';
  const getLang = options.getLang ?? (() => $locale.get());
  const send = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const storage = options.storage ?? defaultStorage('localStorage');
  const sessionStorage = options.sessionStorage ?? defaultStorage('sessionStorage');
  const tokens = createTokenStore({
    storage,
    sessionStorage,
    now: options.now ?? Date.now,
    ...(options.doc ? { doc: options.doc } : {}),
    ...(options.cookieDomain ? { cookieDomain: options.cookieDomain } : {}),
  });
  const listeners = new Set<(event: SessionEvent) => void>();
  let refreshing: Promise<void> | undefined;
  let logoutTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = (event: SessionEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  const publicApi = createApiClient({
    baseUrl,
    getLang,
    fetch: (input, init) => trackLoading(() => send(input, init)),
  });

  async function logout(reason: LogoutReason = 'user'): Promise<void> {
    clearTimeout(logoutTimer);
    logoutTimer = undefined;
    const bearer = tokens.bearer();
    // A forced logout means the server already refused the token, so only a user logout revokes.
    if (reason === 'user' && bearer) {
      await publicApi
        .url(ACCOUNT_PATHS.logout)
        .auth(`Bearer ${bearer}`)
        .get()
        .res()
        .catch(() => undefined);
    }
    tokens.wipe();
    emit({ type: 'logged-out', reason });
    options.onLoggedOut?.(reason);
  }

  async function refreshOnce(): Promise<void> {
    const { refreshToken } = tokens.read();
    try {
      if (!refreshToken) throw parseApiError({ code: 'SESSION_EXPIRED' }, 401, getLang());
      const body = await publicApi.url(ACCOUNT_PATHS.refresh).post({ refreshToken }).json<unknown>();
      tokens.save(expectAuthTokens(body, getLang()));
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 403))
        await logout('refresh-rejected');
      throw error;
    }
    emit({ type: 'refreshed' });
  }

  function refreshTokens(): Promise<void> {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  function scheduleLogout(rejectedBearer: string): void {
    if (logoutTimer !== undefined) return;
    logoutTimer = setTimeout(() => {
      logoutTimer = undefined;
      // A refresh or a new login since then replaced the refused token: that session is fine.
      if (tokens.bearer() === rejectedBearer) void logout('unauthorized');
    }, options.logoutDelayMs ?? DEFAULT_LOGOUT_DELAY_MS);
  }

  async function authenticatedFetch(input: string, init?: RequestInit): Promise<Response> {
    if (tokens.needsRefresh(REFRESH_MARGIN_MS)) await refreshTokens();
    const bearer = tokens.bearer();
    const headers = new Headers(init?.headers);
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    const response = await send(input, { ...init, headers });
    if (response.status === 401 && bearer) scheduleLogout(bearer);
    return response;
  }

  const uploadTransport =
    options.uploadTransport ??
    (typeof XMLHttpRequest === 'function' && !options.fetch
      ? xhrUploadTransport
      : fetchUploadTransport(send));

  async function upload(request: UploadRequest): Promise<unknown> {
    if (tokens.needsRefresh(REFRESH_MARGIN_MS)) await refreshTokens();
    const bearer = tokens.bearer();
    let response: Awaited<ReturnType<UploadTransport>>;
    try {
      response = await uploadTransport({
        method: request.method,
        url: `${baseUrl}${request.path}`,
        headers: { 'Accept-Language': getLang(), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: request.body,
        ...(request.signal ? { signal: request.signal } : {}),
        ...(request.onProgress ? { onProgress: request.onProgress } : {}),
      });
    } catch (error) {
      if ((error instanceof Error && error.name === 'AbortError') || isApiError(error)) throw error;
      const { status, code, message } = parseApiError(undefined, 0, getLang());
      throw new ApiError(status, code, message, { cause: error });
    }
    if (response.status === 401 && bearer) scheduleLogout(bearer);
    if (response.status >= 400) {
      const error = parseApiError(response.body, response.status, getLang());
      noteTariffRefusal(request.method, error);
      throw error;
    }
    if (response.body.trim() === '') return undefined;
    try {
      return JSON.parse(response.body) as unknown;
    } catch {
      // Not JSON: let the caller's schema check turn it into INTERNAL_ERROR.
      return response.body;
    }
  }

  return {
    upload: (request) => trackLoading(() => upload(request)),
    api: createApiClient({
      baseUrl,
      getLang,
      fetch: (input, init) => trackLoading(() => authenticatedFetch(input, init)),
    }),
    publicApi,
    baseUrl,
    storage,
    sessionStorage,
    userId: () => jwtSubject(tokens.bearer()),
    lang: getLang,
    hasSession: () => tokens.hasSession(),
    storeTokens: (value) => tokens.save(value),
    refreshTokens,
    logout,
    onSessionEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
