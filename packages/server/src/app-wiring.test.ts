import { readFile } from 'node:fs/promises';
import { apiPath, PROFILE_PATHS } from '@qoltanba/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sendCodePath } from './testing/account-suite.js';
import { call, registerAccount } from './testing/accounts.js';
import { startHttpRecorder } from './testing/http-recorder.js';
import { startSmtpSink } from './testing/smtp-sink.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

const fixture = async (name: string) =>
  JSON.parse(
    await readFile(new URL(`./modules/registry/fixtures/${name}.json`, import.meta.url), 'utf8'),
  ) as unknown;

/** Quoted-printable soft line breaks removed, so a code split by the encoder reads whole again. */
const unfold = (data: string) => data.replace(/=\n/g, '');

// createApp picks the transports and the register from the configuration; these tests start the real
// adapters against local servers instead of injecting fakes.
describe('createApp wiring', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const track = (server: TestApp) => {
    cleanups.push(() => server.close());
    return server;
  };

  it('sends a registration code e-mail through SMTP_URL', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const server = track(
      await createTestApp({
        env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true` },
        generateCode: () => '482913',
      }),
    );
    const sent = await call(server, 'POST', sendCodePath('registration', 'email'), {
      body: { email: 'Dana@Example.kz', lang: 'en' },
    });
    expect(sent.statusCode).toBe(200);
    // Not in the dev outbox: the configured transport replaced it (checked first, so a miswiring fails fast).
    const outbox = await server.services.database.db.selectFrom('outbox_messages').selectAll().execute();
    expect(outbox).toEqual([]);
    // The route answers after the SMTP server accepted the message, so it is there already.
    const message = await sink.next();
    expect(message.rcptTo).toEqual(['dana@example.kz']);
    expect(unfold(message.data)).toContain('482913');
  });

  it('sends an SMS code through Mobizon at MOBIZON_URL with MOBIZON_API_KEY', async () => {
    const mobizon = await startHttpRecorder(() => ({
      json: { code: 0, data: { campaignId: '1', messageId: '2', status: 1 }, message: '' },
    }));
    cleanups.push(() => mobizon.close());
    const server = track(
      await createTestApp({
        env: { MOBIZON_API_KEY: 'wiring-key', MOBIZON_URL: `${mobizon.origin}/service` },
        generateCode: () => '705118',
      }),
    );
    const sent = await call(server, 'POST', sendCodePath('registration', 'sms'), {
      body: { phoneNumber: '+7 701 555 44 33', lang: 'en' },
    });
    expect(sent.statusCode).toBe(200);
    expect(mobizon.requests).toHaveLength(1);
    const [request] = mobizon.requests;
    const url = new URL(request?.url ?? '', mobizon.origin);
    expect(request?.method).toBe('POST');
    expect(url.pathname).toBe('/service/message/sendSmsMessage');
    expect(url.searchParams.get('apiKey')).toBe('wiring-key');
    const form = new URLSearchParams(request?.body);
    expect(form.get('recipient')).toBe('77015554433');
    expect(form.get('text')).toContain('705118');
  });

  it('looks numbers up in the statistics register at QOLTANBA_STAT_REGISTER_URL', async () => {
    const answers: Record<string, unknown> = {
      ru: await fixture('stat-gov-juridical-ru'),
      kk: await fixture('stat-gov-juridical-kk'),
    };
    const notFound = await fixture('stat-gov-not-found');
    const register = await startHttpRecorder((request) => {
      const query = new URL(request.url, 'http://register').searchParams;
      const answer = query.get('bin') === '990340005977' ? answers[query.get('lang') ?? ''] : undefined;
      return { json: answer ?? notFound };
    });
    cleanups.push(() => register.close());
    const server = track(
      await createTestApp({
        env: { QOLTANBA_STAT_REGISTER_URL: `${register.origin}/api/juridical/counter/api/` },
      }),
    );
    const { access_token } = await registerAccount(server, 'wiring@example.kz');
    const lookup = (identityNumber: string) =>
      call(server, 'GET', apiPath(PROFILE_PATHS.registryLookup, { identityNumber }), {
        token: access_token,
      });
    const found = await lookup('990340005977');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      bin: '990340005977',
      kind: 'legal',
      nameRu: 'ТОО «Альфа Логистик»',
      nameKk: '«Альфа Логистик» ЖШС',
    });
    expect(register.requests.map((request) => request.url)).toEqual([
      '/api/juridical/counter/api/?bin=990340005977&lang=ru',
      '/api/juridical/counter/api/?bin=990340005977&lang=kk',
    ]);
    // A number the local fixture register knows, but this register does not: the HTTP one answered.
    const fixtureOnly = await lookup('123456789012');
    expect(fixtureOnly.statusCode).toBe(404);
    expect(fixtureOnly.json().code).toBe('IIN_NOT_IN_REGISTER');
  });
});
