import { apiPath, DOCUMENT_PATHS, PARTNER_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../outbox/outbox-store.js';
import { call } from '../testing/accounts.js';
import { type CompanyMember, registerMember } from '../testing/companies.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import { loadConfig } from './config.js';
import { developmentConveniences, runtimeModeLine } from './runtime-mode.js';

const BIN = '990340005977';
/** An NCA test number: valid only in identity test mode. */
const TEST_BIN = '123456789021';

describe.each(testDatabases())('a server started without NODE_ENV on $name', (backend) => {
  let server: TestApp;
  let member: CompanyMember;
  beforeAll(async () => {
    server = await createTestApp({
      backend,
      // What the attacker's operator set: database, secret and mail, but no NODE_ENV.
      env: {
        NODE_ENV: undefined,
        DATABASE_URL: 'postgres://unused.invalid/db',
        QOLTANBA_TOKEN_SECRET: 't'.repeat(48),
        SMTP_URL: 'smtp://mail.invalid',
      },
      // Codes land in the outbox table, where the test reads them; production serves no page of it.
      mailer: { send: (message) => createOutboxMailer(server.services.database.db).send(message) },
      resolveHost: async () => [{ address: '10.0.0.7', family: 4 }],
    });
    member = await registerMember(server, 'owner@example.kz', BIN);
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs production', () => {
    expect(server.config.env).toBe('production');
    expect(server.config.devSigner).toBe(false);
    expect(server.services.signingConfig.testSigner).toBeNull();
  });

  it('serves no dev outbox', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await call(server, 'GET', url);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('refuses the NCA test identity numbers', async () => {
    const res = await call(
      server,
      'POST',
      `${apiPath(DOCUMENT_PATHS.counterparties, { bin: BIN })}?lang=en`,
      {
        token: member.token,
        body: { identityNumber: TEST_BIN, nameRu: 'АО "ТЕСТ"', emails: ['a@example.kz'] },
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IDENTITY_NUMBER_INVALID');
  });

  it('refuses private webhook targets', async () => {
    for (const webhookUrl of ['https://10.0.0.1/hook', 'https://internal.partner.test/hook']) {
      const res = await call(server, 'POST', apiPath(PARTNER_PATHS.apiKeys, { bin: BIN }), {
        token: member.token,
        body: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl },
      });
      expect([webhookUrl, res.statusCode, res.json().code]).toEqual([webhookUrl, 400, 'WEBHOOK_URL_PRIVATE']);
    }
  });
});

describe('runtimeModeLine', () => {
  const opts = { cwd: '/srv/app', packageDir: '/repo/packages/server' };
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/q',
    QOLTANBA_TOKEN_SECRET: 'p'.repeat(48),
  };

  it('is an info line in production with nothing on', () => {
    const line = runtimeModeLine(loadConfig(production, opts).config);
    expect(line).toEqual({ level: 'info', message: 'running in PRODUCTION mode', conveniences: [] });
  });

  it('warns in production when private webhooks are turned on', () => {
    const config = loadConfig({ ...production, QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true' }, opts).config;
    expect(runtimeModeLine(config)).toMatchObject({
      level: 'warn',
      conveniences: ['webhooks to private and loopback addresses allowed'],
    });
  });

  it('warns in development and test, listing every convenience that is on', () => {
    const dev = loadConfig({ NODE_ENV: 'development' }, opts).config;
    expect(developmentConveniences(dev)).toHaveLength(7);
    expect(runtimeModeLine(dev).message).toMatch(
      /^running in DEVELOPMENT mode with development conveniences on: /,
    );
    const test = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db/q' }, opts).config;
    expect(runtimeModeLine(test)).toMatchObject({ level: 'warn' });
    expect(runtimeModeLine(test).conveniences).not.toContain('development signer with test keys');
  });
});
