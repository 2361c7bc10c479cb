import { AVATAR_MAX_BYTES, apiPath, PROFILE_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, registerAccount } from '../../testing/accounts.js';
import { emptyTablesBeforeEach } from '../../testing/empty-tables.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { DEFAULT_AVATAR_SVG } from './profile-module.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

describe.each(testDatabases())('profile module on $name', (backend) => {
  let server: TestApp;
  let aigerim: string;
  let daniyar: string;
  const phone = '+77019998877';

  beforeAll(async () => {
    server = await createTestApp({ backend, env: { RATE_LIMIT_MAX: '100000' } });
  });
  emptyTablesBeforeEach(() => server.services.database.db);
  beforeEach(async () => {
    aigerim = (
      await registerAccount(server, 'aigerim@example.kz', { firstname: 'Айгерим', lastname: 'Бекова' })
    ).access_token;
    daniyar = (await registerAccount(server, phone, { firstname: 'Данияр', lastname: 'Ахметов' }))
      .access_token;
  });
  afterAll(async () => {
    await server.close();
  });

  /** A raw avatar upload; `call` sends JSON, this sends bytes with a declared content type. */
  const putAvatar = (token: string, payload: Buffer | string, contentType = 'image/png') =>
    server.app.inject({
      method: 'PUT',
      url: PROFILE_PATHS.avatar,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });

  it('shows each user their own profile; phone-only accounts have an empty e-mail', async () => {
    const first = await call(server, 'GET', PROFILE_PATHS.user, { token: aigerim });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      email: 'aigerim@example.kz',
      firstname: 'Айгерим',
      lastname: 'Бекова',
      lang: 'ru',
    });
    const second = await call(server, 'GET', PROFILE_PATHS.user, { token: daniyar });
    expect(second.json()).toEqual({ email: '', firstname: 'Данияр', lastname: 'Ахметов', lang: 'ru' });
  });

  it('updates the names of the caller only', async () => {
    const res = await call(server, 'PUT', PROFILE_PATHS.user, {
      token: daniyar,
      body: { firstname: '  Даке ', lastname: 'Ахметов' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstname).toBe('Даке');
    const withLang = await call(server, 'PUT', PROFILE_PATHS.user, {
      token: daniyar,
      body: { firstname: 'Даке', lastname: 'Ахметов', lang: 'en', email: 'ignored@example.kz' },
    });
    expect(withLang.json()).toEqual({ email: '', firstname: 'Даке', lastname: 'Ахметов', lang: 'en' });
    expect((await call(server, 'GET', PROFILE_PATHS.user, { token: aigerim })).json().firstname).toBe(
      'Айгерим',
    );
    const empty = await call(server, 'PUT', PROFILE_PATHS.user, {
      token: daniyar,
      body: { firstname: ' ', lastname: 'X' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('sets the language with an empty body; kz means kk', async () => {
    const res = await call(server, 'POST', apiPath(PROFILE_PATHS.setLocale, { locale: 'kz' }), {
      token: aigerim,
    });
    expect(res.statusCode).toBe(204);
    expect((await call(server, 'GET', PROFILE_PATHS.user, { token: aigerim })).json().lang).toBe('kk');
    const bad = await call(server, 'POST', apiPath(PROFILE_PATHS.setLocale, { locale: 'de' }), {
      token: aigerim,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('serves a default SVG avatar, then the uploaded image recognised by its content', async () => {
    const none = await call(server, 'GET', PROFILE_PATHS.avatar, { token: aigerim });
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toContain('image/svg+xml');
    expect(none.headers['cache-control']).toContain('private');
    expect(none.body).toBe(DEFAULT_AVATAR_SVG);

    // Declared as octet-stream: the bytes decide.
    const put = await putAvatar(aigerim, PNG, 'application/octet-stream');
    expect(put.statusCode).toBe(204);
    // Through the GATEWAY cookie, as an <img src> would.
    const got = await server.app.inject({
      method: 'GET',
      url: `${PROFILE_PATHS.avatar}?v=1`,
      headers: { cookie: `lang=ru; GATEWAY=${aigerim}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('private');
    expect(got.rawPayload.equals(PNG)).toBe(true);

    // Replacing it removes the old blob; the other user still has the default.
    const replace = await putAvatar(aigerim, JPEG);
    expect(replace.statusCode).toBe(204);
    const again = await call(server, 'GET', PROFILE_PATHS.avatar, { token: aigerim });
    expect(again.headers['content-type']).toBe('image/jpeg');
    expect((await call(server, 'GET', PROFILE_PATHS.avatar, { token: daniyar })).body).toBe(
      DEFAULT_AVATAR_SVG,
    );
  });

  it('refuses other content with 415 and images over 1 MiB with 413', async () => {
    const put = (payload: Buffer | string, contentType?: string) => putAvatar(daniyar, payload, contentType);
    const svg = await put('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await put('{"a":1}', 'application/json')).statusCode).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const tooBig = await put(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE');
    // The limit to the byte: exactly 1 MiB is stored, one byte more is refused.
    const exact = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length, 7)]);
    expect(exact.length).toBe(1024 * 1024);
    expect((await put(exact)).statusCode).toBe(204);
    const stored = await call(server, 'GET', PROFILE_PATHS.avatar, { token: daniyar });
    expect(stored.rawPayload.equals(exact)).toBe(true);
    const oneMore = await put(Buffer.concat([exact, Buffer.from([0])]));
    expect(oneMore.statusCode).toBe(413);
    expect(oneMore.json().code).toBe('PAYLOAD_TOO_LARGE');
    const cookieOnly = await server.app.inject({
      method: 'PUT',
      url: PROFILE_PATHS.avatar,
      headers: { cookie: `GATEWAY=${daniyar}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(cookieOnly.statusCode).toBe(401);
  });
});
