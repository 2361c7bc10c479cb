import {
  ACCOUNT_PATHS,
  type ErrorCode,
  errorCatalogue,
  errorMessage,
  LANGS,
  type Lang,
  PROFILE_PATHS,
} from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCodePath } from '../testing/account-suite.js';
import { call, nextIp, registerAccount } from '../testing/accounts.js';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

/** Another language than `lang`, for the Accept-Language the body's lang must win over. */
const otherThan = (lang: Lang): Lang => (lang === 'ru' ? 'en' : 'ru');

/** True when `message` is the catalogue text of `code` in `lang`, whatever its parameters. */
function isCatalogueText(code: ErrorCode, lang: Lang, message: string): boolean {
  const template = errorCatalogue[code][lang]
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${template}$`, 's').test(message);
}

describe.each(testDatabases())("the body's lang decides the error language on $name", (backend) => {
  let server: TestApp;
  let token: string;

  beforeAll(async () => {
    server = await createTestApp({ backend, modules: [testEchoModule], env: { RATE_LIMIT_MAX: '100000' } });
    token = (await registerAccount(server, 'aigerim@example.kz')).access_token;
  });
  afterAll(async () => {
    await server.close();
  });

  /** Posts with Accept-Language in another language than the body's (as the sdk sends the interface language). */
  const post = (url: string, lang: Lang, body: unknown, method: 'POST' | 'PUT' = 'POST', auth = false) =>
    call(server, method, url, {
      body,
      ip: nextIp(),
      headers: { 'accept-language': otherThan(lang) },
      ...(auth ? { token } : {}),
    });

  describe.each(LANGS)('body lang %s', (lang) => {
    it('login: domain errors and validation errors of the same body', async () => {
      const unknown = await post(ACCOUNT_PATHS.login, lang, {
        login: 'nobody@example.kz',
        password: 'x',
        lang,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        code: 'ACCOUNT_NOT_FOUND',
        message: errorMessage('ACCOUNT_NOT_FOUND', lang),
      });
      const invalid = await post(ACCOUNT_PATHS.login, lang, { login: '12345', password: 'x', lang });
      expect(invalid.json()).toEqual({ code: 'INVALID_LOGIN', message: errorMessage('INVALID_LOGIN', lang) });
      const missing = await post(ACCOUNT_PATHS.login, lang, { lang });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(errorMessage(missing.json().code, lang, { field: 'login' }));
    });

    it('send code: a domain error', async () => {
      const res = await post(sendCodePath('otp', 'email'), lang, { email: 'nobody@example.kz', lang });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(errorMessage('ACCOUNT_NOT_FOUND', lang));
    });

    it('registration/complete: a bad ticket and a short password', async () => {
      const body = {
        registrationToken: 'nope',
        password: 'correct-horse',
        firstname: 'A',
        lastname: 'B',
        lang,
      };
      const ticket = await post(ACCOUNT_PATHS.completeRegistration, lang, body);
      expect(ticket.json()).toEqual({ code: 'BAD_REQUEST', message: errorMessage('BAD_REQUEST', lang) });
      const short = await post(ACCOUNT_PATHS.completeRegistration, lang, { ...body, password: 'short' });
      expect(short.json()).toEqual({
        code: 'PASSWORD_TOO_SHORT',
        message: errorMessage('PASSWORD_TOO_SHORT', lang),
      });
    });

    it('PUT profile/user (lang optional): a validation error naming the field', async () => {
      const res = await post(PROFILE_PATHS.user, lang, { firstname: ' ', lastname: 'B', lang }, 'PUT', true);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: errorMessage('VALIDATION_FAILED', lang, { field: 'firstname' }),
        params: { field: 'firstname' },
      });
    });

    it('control characters are refused in the body language too', async () => {
      const res = await post(ACCOUNT_PATHS.login, lang, { login: 'a\u0000@b.kz', password: 'x', lang });
      expect(res.json()).toEqual({
        code: 'CONTROL_CHARACTERS',
        message: errorMessage('CONTROL_CHARACTERS', lang),
      });
    });
  });

  it('reads kz and any case as langSchema does', async () => {
    const res = await post(ACCOUNT_PATHS.login, 'kk', {
      login: 'nobody@example.kz',
      password: 'x',
      lang: ' KZ ',
    });
    expect(res.json().message).toBe(errorMessage('ACCOUNT_NOT_FOUND', 'kk'));
  });

  it('falls back to Accept-Language when the body lang is not valid', async () => {
    const body = { login: 'nobody@example.kz', password: 'x', lang: 'de' };
    const res = await call(server, 'POST', ACCOUNT_PATHS.login, {
      body,
      ip: nextIp(),
      headers: { 'accept-language': 'ru' },
    });
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: errorMessage('VALIDATION_FAILED', 'ru', { field: 'lang' }),
      params: { field: 'lang' },
    });
  });

  it('yields to an explicit ?lang= of the request, as before', async () => {
    const res = await call(server, 'POST', `${ACCOUNT_PATHS.login}?lang=en`, {
      body: { login: 'nobody@example.kz', password: 'x', lang: 'ru' },
      ip: nextIp(),
      headers: { 'accept-language': 'kk' },
    });
    expect(res.json().message).toBe(errorMessage('ACCOUNT_NOT_FOUND', 'en'));
  });

  it('holds for every operation whose request body has a lang field (read from the OpenAPI document)', async () => {
    type Operation = {
      requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
      security?: unknown;
    };
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const withLang = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([, operation]) =>
            'lang' in (operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        )
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          auth: operation.security !== undefined,
        })),
    );
    expect(withLang.length).toBeGreaterThanOrEqual(10);
    for (const { method, path, auth } of withLang) {
      // Concrete values for path parameters; the body has nothing but lang, so every route refuses it.
      const url = path.replace(/\{[^}]+\}/g, (name) => (name === '{purpose}' ? 'otp' : 'x'));
      for (const lang of LANGS) {
        const res = await post(url, lang, { lang }, method as 'POST' | 'PUT', auth);
        const { code, message } = res.json() as { code: ErrorCode; message: string };
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(isCatalogueText(code, lang, message), `${method} ${url} ${lang}: ${code} ${message}`).toBe(
          true,
        );
      }
    }
  });
});
