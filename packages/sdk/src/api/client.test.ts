import type { Lang } from '@qoltanba/core';
import { errorMessage } from '@qoltanba/core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from './apiError';
import { createApiClient } from './client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(respond: (url: string, init?: RequestInit) => Promise<Response>) {
  let lang: Lang = 'kk';
  const fetch = vi.fn(respond);
  const api = createApiClient({ baseUrl: 'http://api.test/api', getLang: () => lang, fetch });
  const headerOf = (call: number, name: string) =>
    new Headers(fetch.mock.calls[call]?.[1]?.headers).get(name);
  return { api, fetch, headerOf, setLang: (next: Lang) => (lang = next) };
}

describe('createApiClient', () => {
  it('prefixes the base URL and returns parsed JSON', async () => {
    const { api, fetch } = setup(async () => jsonResponse(200, { ok: true }));
    await expect(api.get('/healthz').json()).resolves.toEqual({ ok: true });
    expect(fetch.mock.calls[0]?.[0]).toBe('http://api.test/api/healthz');
  });

  it('sends the current language as Accept-Language on every request', async () => {
    const { api, headerOf, setLang } = setup(async () => jsonResponse(200, {}));
    await api.get('/a').json();
    setLang('ru');
    await api.post({ x: 1 }, '/b').json();
    expect(headerOf(0, 'Accept-Language')).toBe('kk');
    expect(headerOf(1, 'Accept-Language')).toBe('ru');
    expect(headerOf(1, 'Content-Type')).toBe('application/json');
  });

  it('rejects an error response with ApiError from the { code, message } body', async () => {
    const { api } = setup(async () => jsonResponse(413, { code: 'FILE_TOO_LARGE', message: 'Too big' }));
    const error = await api
      .get('/upload')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'Too big' });
  });

  it("gives a 429's ApiError the Retry-After seconds as params when the body has none", async () => {
    const { api } = setup(
      async () => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '57' } }),
    );
    const error = await api
      .get('/companies')
      .json()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', params: { retryAfter: 57 } });
  });

  it('passes ApiError to per-request catchers', async () => {
    const { api } = setup(async () => jsonResponse(404, { code: 'ENTITY_NOT_FOUND', message: 'Жоқ' }));
    const code = await api
      .get('/document/1')
      // wretch 2 types the catcher argument as WretchError; at run time it is the ApiError.
      .notFound((error: unknown) => (isApiError(error) ? error.code : undefined))
      .json();
    expect(code).toBe('ENTITY_NOT_FOUND');
  });

  it('translates a body-less error in the current language', async () => {
    const { api, setLang } = setup(async () => new Response(null, { status: 500 }));
    setLang('en');
    await expect(api.get('/x').res()).rejects.toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: errorMessage('INTERNAL_ERROR', 'en'),
    });
  });

  it('turns a network failure into NETWORK_ERROR with status 0', async () => {
    const failure = new TypeError('fetch failed');
    const { api } = setup(async () => {
      throw failure;
    });
    const error = await api
      .get('/x')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: errorMessage('NETWORK_ERROR', 'kk'),
    });
    expect((error as ApiError).cause).toBe(failure);
  });

  it('passes an ApiError thrown by the fetch implementation through unchanged', async () => {
    const refused = new ApiError(403, 'FORBIDDEN', 'Refresh refused');
    const { api } = setup(async () => {
      throw refused;
    });
    await expect(api.get('/x').json()).rejects.toBe(refused);
  });

  it('leaves aborts as AbortError', async () => {
    const { api } = setup(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.get('/x').json()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('uses the global fetch by default', async () => {
    const global = vi.fn(async () => jsonResponse(200, { via: 'global' }));
    vi.stubGlobal('fetch', global);
    try {
      const api = createApiClient({ baseUrl: '/api', getLang: () => 'en' });
      await expect(api.get('/x').json()).resolves.toEqual({ via: 'global' });
      expect(global).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
