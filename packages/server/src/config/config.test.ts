import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, serverPackageDir } from './config.js';

const opts = { cwd: '/srv/app', packageDir: '/repo/packages/server' };

/** loadConfig with development asked for, as `npm start` does; a test's own NODE_ENV wins. */
const loadDev = (env: Record<string, string | undefined> = {}, options?: Parameters<typeof loadConfig>[1]) =>
  loadConfig({ NODE_ENV: 'development', ...env }, options);

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const { config, warnings } = loadDev({}, opts);
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: 'localhost',
      dataDir: '/srv/app/.data',
      databaseUrl: undefined,
      portalDir: '/repo/packages/portal/dist',
      widgetsDir: '/repo/packages/widgets/dist',
      sdkDir: '/repo/packages/sdk/dist',
      helpWidgetDir: '/repo/packages/help-widget/dist',
      identityTestMode: true,
      rateLimitMax: 600,
      logLevel: 'info',
      smtpUrl: undefined,
      bodyLimit: 1024 * 1024,
      devOutbox: true,
      tokenSecretGenerated: true,
      statRegisterUrl: undefined,
      housekeepingIntervalMinutes: 60,
      storageQuotaBytes: 1024 * 1024 * 1024,
      trashRetentionDays: 30,
      documentsPurgeIntervalMinutes: 60,
      pendingBlobGraceMinutes: 60,
      signedRetentionDays: 90,
      supportRetentionDays: 365,
      sofficePath: undefined,
      previewTimeoutSeconds: 60,
    });
    expect(config.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(warnings.join(' ')).toContain('QOLTANBA_TOKEN_SECRET');
  });

  it('reads the statistics register URL and refuses one that is not http(s)', () => {
    const url = 'https://old.stat.gov.kz/api/juridical/counter/api/';
    expect(loadDev({ QOLTANBA_STAT_REGISTER_URL: url }, opts).config.statRegisterUrl).toBe(url);
    expect(() => loadDev({ QOLTANBA_STAT_REGISTER_URL: 'ftp://x.kz/' }, opts)).toThrow(ConfigError);
  });

  it('reads the help widget: help pages per language under the public URL, messenger links, chat on by default', () => {
    expect(loadDev({ QOLTANBA_PUBLIC_URL: 'https://q.kz/' }, opts).config.support).toEqual({
      helpPages: { kk: 'https://q.kz/help/kk', ru: 'https://q.kz/help/ru', en: 'https://q.kz/help/en' },
      whatsapp: null,
      telegram: null,
      chat: true,
    });
    const set = loadDev(
      {
        QOLTANBA_HELP_URL_KK: 'https://help.q.kz/komek',
        QOLTANBA_SUPPORT_WHATSAPP: 'https://wa.me/77012345678',
        QOLTANBA_SUPPORT_TELEGRAM: 'https://t.me/Qoltanba_Support',
        QOLTANBA_SUPPORT_CHAT: 'off',
      },
      opts,
    ).config.support;
    expect(set).toMatchObject({
      helpPages: { kk: 'https://help.q.kz/komek', ru: 'http://localhost:8080/help/ru' },
      whatsapp: 'https://wa.me/77012345678',
      telegram: 'https://t.me/Qoltanba_Support',
      chat: false,
    });
    for (const [env, name] of [
      [{ QOLTANBA_HELP_URL_RU: 'javascript:alert(1)' }, 'QOLTANBA_HELP_URL_RU'],
      [{ QOLTANBA_SUPPORT_WHATSAPP: '+7 701 abc' }, 'QOLTANBA_SUPPORT_WHATSAPP'],
      [{ QOLTANBA_SUPPORT_WHATSAPP: 'https://evil.example/77012345678' }, 'QOLTANBA_SUPPORT_WHATSAPP'],
      [{ QOLTANBA_SUPPORT_TELEGRAM: 'a b' }, 'QOLTANBA_SUPPORT_TELEGRAM'],
      [{ QOLTANBA_SUPPORT_CHAT: 'maybe' }, 'QOLTANBA_SUPPORT_CHAT'],
    ] as const) {
      expect(() => loadDev(env, opts), name).toThrow(name);
    }
  });

  it('reads the trust folder, offline mode and XML size cap of signature verification', () => {
    const defaults = loadDev({}, { cwd: '/srv' }).config.pki;
    expect(defaults).toEqual({
      trustDir: '/srv/.data/trust',
      offline: false,
      acceptTestIdentities: true,
      xmlMaxBytes: 5 * 1024 * 1024,
    });
    const set = loadDev(
      {
        QOLTANBA_TRUST_DIR: 'nca',
        QOLTANBA_PKI_OFFLINE: 'yes',
        QOLTANBA_IDENTITY_TEST_MODE: 'false',
        QOLTANBA_XML_MAX_BYTES: '65536',
      },
      { cwd: '/srv' },
    ).config.pki;
    expect(set).toEqual({
      trustDir: '/srv/nca',
      offline: true,
      acceptTestIdentities: false,
      xmlMaxBytes: 65536,
    });
    expect(() => loadDev({ QOLTANBA_PKI_OFFLINE: 'maybe' })).toThrow(/QOLTANBA_PKI_OFFLINE/);
    expect(() => loadDev({ QOLTANBA_XML_MAX_BYTES: '12' })).toThrow(/QOLTANBA_XML_MAX_BYTES/);
  });

  it('runs the development signer in development only, on port 13580, and reads the NCALayer address', () => {
    expect(loadDev({}, opts).config).toMatchObject({
      devSigner: true,
      devSignerPort: 13580,
      ncaLayerUrl: 'wss://127.0.0.1:13579',
    });
    expect(loadDev({ NODE_ENV: 'test' }, opts).config.devSigner).toBe(false);
    expect(loadDev({ QOLTANBA_DEV_SIGNER: 'false' }, opts).config.devSigner).toBe(false);
    const custom = loadDev(
      { QOLTANBA_NCALAYER_URL: 'wss://127.0.0.1:14000', QOLTANBA_DEV_SIGNER_PORT: '0' },
      opts,
    );
    expect(custom.config).toMatchObject({ ncaLayerUrl: 'wss://127.0.0.1:14000', devSignerPort: 0 });
    expect(() => loadDev({ QOLTANBA_NCALAYER_URL: 'http://127.0.0.1:13579' }, opts)).toThrow(
      /QOLTANBA_NCALAYER_URL/,
    );
  });

  it('lets webhooks reach private addresses in development only, unless QOLTANBA_WEBHOOKS_ALLOW_PRIVATE says', () => {
    const targets = (env: Record<string, string>) => loadDev(env, opts).config.webhookTargets;
    expect(targets({})).toEqual({ allowPrivate: true, requireHttps: false });
    expect(targets({ NODE_ENV: 'test' })).toEqual({ allowPrivate: false, requireHttps: false });
    expect(targets({ QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'off' })).toEqual({
      allowPrivate: false,
      requireHttps: false,
    });
    expect(targets({ NODE_ENV: 'test', QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true' })).toEqual({
      allowPrivate: true,
      requireHttps: false,
    });
    expect(() => loadDev({ QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'sometimes' }, opts)).toThrow(
      /QOLTANBA_WEBHOOKS_ALLOW_PRIVATE/,
    );
  });

  it('generates a different token secret per process start', () => {
    expect(loadDev({}, opts).config.tokenSecret).not.toBe(loadDev({}, opts).config.tokenSecret);
  });

  it('reads every variable', () => {
    const { config, warnings } = loadDev(
      {
        NODE_ENV: 'test',
        PORT: '9090',
        HOST: '0.0.0.0',
        QOLTANBA_DATA_DIR: '/var/lib/qoltanba',
        DATABASE_URL: 'postgres://u:p@db:5432/q',
        QOLTANBA_TOKEN_SECRET: 's'.repeat(32),
        QOLTANBA_PORTAL_DIR: 'portal-dist',
        QOLTANBA_WIDGETS_DIR: '/w',
        QOLTANBA_SDK_DIR: 'sdk-dist',
        QOLTANBA_HELP_WIDGET_DIR: 'help-dist',
        QOLTANBA_IDENTITY_TEST_MODE: 'false',
        RATE_LIMIT_MAX: '50',
        LOG_LEVEL: 'WARN',
        SMTP_URL: 'smtps://user:pass@mail.example.kz:465',
        HOUSEKEEPING_INTERVAL_MINUTES: '15',
        MOBIZON_API_KEY: 'kz-key',
        QOLTANBA_SMS_FROM: 'Qoltanba',
        QOLTANBA_STORAGE_QUOTA_MB: '0.5',
        QOLTANBA_TRASH_RETENTION_DAYS: '7',
        QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '0',
        QOLTANBA_SIGNED_RETENTION_DAYS: '0',
        QOLTANBA_SUPPORT_RETENTION_DAYS: '30',
        QOLTANBA_SOFFICE_PATH: '/opt/libreoffice/program/soffice',
        QOLTANBA_PREVIEW_TIMEOUT_SECONDS: '20',
        QOLTANBA_PUBLIC_URL: 'https://qoltanba.example.kz/',
        QOLTANBA_QR_SIGNING_TIMEOUT_SECONDS: '120',
        QOLTANBA_SIGNING_LINK_DAYS: '7',
      },
      opts,
    );
    expect(config).toMatchObject({
      env: 'test',
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/var/lib/qoltanba',
      databaseUrl: 'postgres://u:p@db:5432/q',
      tokenSecret: 's'.repeat(32),
      tokenSecretGenerated: false,
      portalDir: '/srv/app/portal-dist',
      widgetsDir: '/w',
      sdkDir: '/srv/app/sdk-dist',
      helpWidgetDir: '/srv/app/help-dist',
      identityTestMode: false,
      rateLimitMax: 50,
      logLevel: 'warn',
      smtpUrl: 'smtps://user:pass@mail.example.kz:465',
      housekeepingIntervalMinutes: 15,
      mobizon: { apiKey: 'kz-key', baseUrl: 'https://api.mobizon.kz/service', from: 'Qoltanba' },
      storageQuotaBytes: 512 * 1024,
      trashRetentionDays: 7,
      documentsPurgeIntervalMinutes: 0,
      signedRetentionDays: 0,
      supportRetentionDays: 30,
      sofficePath: '/opt/libreoffice/program/soffice',
      previewTimeoutSeconds: 20,
      publicUrl: 'https://qoltanba.example.kz',
      qrSigningTimeoutSeconds: 120,
      signingLinkDays: 7,
    });
    expect(warnings).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    const { config } = loadDev(
      { PORT: '', DATABASE_URL: '', LOG_LEVEL: '', QOLTANBA_DB_PREPARED_STATEMENTS: ' ' },
      opts,
    );
    expect(config.port).toBe(8080);
    expect(config.databasePreparedStatements).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('trusts an open session 2 seconds by default, at most 10, 0 to read it every time', () => {
    expect(loadDev({}, opts).config.sessionCacheSeconds).toBe(2);
    expect(loadDev({ QOLTANBA_SESSION_CACHE_SECONDS: '0' }, opts).config.sessionCacheSeconds).toBe(0);
    expect(() => loadDev({ QOLTANBA_SESSION_CACHE_SECONDS: '11' }, opts)).toThrow(
      /QOLTANBA_SESSION_CACHE_SECONDS/,
    );
  });

  it('hashes passwords at scrypt N=2^15 by default; refuses a cost below 2^14 unless in test mode', () => {
    expect(loadDev({}, opts).config.passwordScrypt).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(loadDev({ QOLTANBA_PASSWORD_SCRYPT_COST: '17' }, opts).config.passwordScrypt.N).toBe(2 ** 17);
    expect(loadDev({ QOLTANBA_PASSWORD_SCRYPT_COST: '14' }, opts).config.passwordScrypt.N).toBe(2 ** 14);
    expect(() => loadDev({ QOLTANBA_PASSWORD_SCRYPT_COST: '13' }, opts)).toThrow(
      /QOLTANBA_PASSWORD_SCRYPT_COST=13 is below 14 .*NODE_ENV=test only/,
    );
    const test = loadConfig({ NODE_ENV: 'test', QOLTANBA_PASSWORD_SCRYPT_COST: '10' }, opts).config;
    expect(test.passwordScrypt).toEqual({ N: 2 ** 10, r: 8, p: 1 });
    for (const cost of ['0', '18', 'ten']) {
      expect(() => loadConfig({ NODE_ENV: 'test', QOLTANBA_PASSWORD_SCRYPT_COST: cost }, opts), cost).toThrow(
        /QOLTANBA_PASSWORD_SCRYPT_COST/,
      );
    }
  });

  it('takes 0 to turn housekeeping off', () => {
    expect(loadDev({ HOUSEKEEPING_INTERVAL_MINUTES: '0' }, opts).config.housekeepingIntervalMinutes).toBe(0);
  });

  it('rejects invalid values with a message naming the variable', () => {
    for (const [env, name] of [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ QOLTANBA_IDENTITY_TEST_MODE: 'maybe' }, 'QOLTANBA_IDENTITY_TEST_MODE'],
      [{ QOLTANBA_TOKEN_SECRET: 'short' }, 'QOLTANBA_TOKEN_SECRET'],
      [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
      [{ HOUSEKEEPING_INTERVAL_MINUTES: '-1' }, 'HOUSEKEEPING_INTERVAL_MINUTES'],
      [{ HOUSEKEEPING_INTERVAL_MINUTES: '1.5' }, 'HOUSEKEEPING_INTERVAL_MINUTES'],
      [{ QOLTANBA_STORAGE_QUOTA_MB: '0' }, 'QOLTANBA_STORAGE_QUOTA_MB'],
      [{ QOLTANBA_TRASH_RETENTION_DAYS: '0' }, 'QOLTANBA_TRASH_RETENTION_DAYS'],
      [{ QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '-5' }, 'QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES'],
      [{ QOLTANBA_SIGNED_RETENTION_DAYS: '-1' }, 'QOLTANBA_SIGNED_RETENTION_DAYS'],
      [{ QOLTANBA_SUPPORT_RETENTION_DAYS: '-1' }, 'QOLTANBA_SUPPORT_RETENTION_DAYS'],
      [{ QOLTANBA_SUPPORT_RETENTION_DAYS: '1.5' }, 'QOLTANBA_SUPPORT_RETENTION_DAYS'],
      [{ QOLTANBA_SUPPORT_RETENTION_DAYS: '36501' }, 'QOLTANBA_SUPPORT_RETENTION_DAYS'],
      [{ QOLTANBA_PREVIEW_TIMEOUT_SECONDS: '0' }, 'QOLTANBA_PREVIEW_TIMEOUT_SECONDS'],
    ] as const) {
      expect(() => loadDev(env, opts), name).toThrow(ConfigError);
      expect(() => loadDev(env, opts), name).toThrow(name);
    }
  });

  describe('the data folder and the served folders', () => {
    const served = { QOLTANBA_PORTAL_DIR: '/srv/www/portal', QOLTANBA_WIDGETS_DIR: '/srv/www/widgets' };

    it('refuses a data folder inside the portal or widgets folder, naming both paths', () => {
      expect(() => loadDev({ ...served, QOLTANBA_DATA_DIR: '/srv/www/portal/data' }, opts)).toThrow(
        new ConfigError(
          'QOLTANBA_DATA_DIR (/srv/www/portal/data) is inside QOLTANBA_PORTAL_DIR (/srv/www/portal), which is ' +
            'served as static files: uploaded files and database files would be downloadable. Choose a data ' +
            'folder outside the served folders.',
        ),
      );
      // Relative to the working directory, and nested deeper.
      const widgets = { ...served, QOLTANBA_WIDGETS_DIR: 'widgets', QOLTANBA_DATA_DIR: './widgets/x/../y' };
      expect(() => loadDev(widgets, opts)).toThrow(
        'QOLTANBA_DATA_DIR (/srv/app/widgets/y) is inside QOLTANBA_WIDGETS_DIR (/srv/app/widgets)',
      );
      // A child folder whose name starts with two dots is still inside.
      expect(() => loadDev({ ...served, QOLTANBA_DATA_DIR: '/srv/www/portal/..data' }, opts)).toThrow(
        'is inside QOLTANBA_PORTAL_DIR',
      );
    });

    it('refuses a data folder that is the portal or widgets folder itself', () => {
      expect(() => loadDev({ ...served, QOLTANBA_DATA_DIR: '/srv/www/widgets/' }, opts)).toThrow(
        'QOLTANBA_DATA_DIR (/srv/www/widgets) is the same folder as QOLTANBA_WIDGETS_DIR (/srv/www/widgets)',
      );
      // The default portal folder counts too.
      expect(() => loadDev({ QOLTANBA_DATA_DIR: '/repo/packages/portal/dist' }, opts)).toThrow(
        'is the same folder as QOLTANBA_PORTAL_DIR (/repo/packages/portal/dist)',
      );
    });

    it('allows a sibling whose name merely starts the same, and the served folders inside the data folder', () => {
      for (const dataDir of ['/srv/www/portal-data', '/srv/www/widgets2', '/srv/www']) {
        expect(loadDev({ ...served, QOLTANBA_DATA_DIR: dataDir }, opts).config.dataDir, dataDir).toBe(
          dataDir,
        );
      }
    });
  });

  describe('in production', () => {
    const secret = 'p'.repeat(48);
    const url = 'postgresql://qoltanba@db/qoltanba';

    it('refuses to start without the token secret', () => {
      expect(() => loadDev({ NODE_ENV: 'production', DATABASE_URL: url }, opts)).toThrow(
        /production requires QOLTANBA_TOKEN_SECRET/,
      );
    });

    it('refuses to start without DATABASE_URL', () => {
      expect(() => loadDev({ NODE_ENV: 'production', QOLTANBA_TOKEN_SECRET: secret }, opts)).toThrow(
        /production requires DATABASE_URL/,
      );
    });

    it('names both when both are missing', () => {
      expect(() => loadDev({ NODE_ENV: 'production' }, opts)).toThrow(
        'QOLTANBA_TOKEN_SECRET and DATABASE_URL',
      );
    });

    it('starts with both, with identity test mode and the dev outbox off', () => {
      const { config, warnings } = loadDev(
        { NODE_ENV: 'production', QOLTANBA_TOKEN_SECRET: secret, DATABASE_URL: url },
        opts,
      );
      expect(config.env).toBe('production');
      expect(config.identityTestMode).toBe(false);
      expect(config.devOutbox).toBe(false);
      expect(warnings).toEqual([
        'SMTP_URL is not set: e-mail (registration and login codes) cannot be delivered in production.',
        'QOLTANBA_PUBLIC_URL is not set: signing links and QR codes point at localhost.',
        'MOBIZON_API_KEY is not set: SMS (login and attach codes) cannot be delivered in production.',
        'QOLTANBA_SELLER_BIN is not set: invoices show the demo seller and cannot be paid.',
      ]);
      const withSms = loadDev(
        {
          NODE_ENV: 'production',
          QOLTANBA_TOKEN_SECRET: secret,
          DATABASE_URL: url,
          MOBIZON_API_KEY: 'k',
          QOLTANBA_PUBLIC_URL: 'https://qoltanba.kz',
          QOLTANBA_SELLER_BIN: '180240021505',
        },
        opts,
      );
      expect(withSms.warnings).toEqual([
        'SMTP_URL is not set: e-mail (registration and login codes) cannot be delivered in production.',
      ]);
      const withBoth = loadDev(
        {
          NODE_ENV: 'production',
          QOLTANBA_TOKEN_SECRET: secret,
          DATABASE_URL: url,
          MOBIZON_API_KEY: 'k',
          SMTP_URL: 'smtp://mail.example.kz:587',
          QOLTANBA_PUBLIC_URL: 'https://qoltanba.kz',
          QOLTANBA_SELLER_BIN: '180240021505',
        },
        opts,
      );
      expect(withBoth.warnings).toEqual([]);
    });

    it('posts webhooks over https to public addresses only, unless private ones are allowed (with a warning)', () => {
      const env = { NODE_ENV: 'production', QOLTANBA_TOKEN_SECRET: secret, DATABASE_URL: url };
      expect(loadDev(env, opts).config.webhookTargets).toEqual({
        allowPrivate: false,
        requireHttps: true,
      });
      const allowed = loadDev({ ...env, QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'yes' }, opts);
      expect(allowed.config.webhookTargets).toEqual({ allowPrivate: true, requireHttps: true });
      expect(allowed.warnings.join(' ')).toContain('QOLTANBA_WEBHOOKS_ALLOW_PRIVATE is on');
    });

    it('refuses to start with the NCA test numbers accepted; false is fine', () => {
      const env = { NODE_ENV: 'production', QOLTANBA_TOKEN_SECRET: secret, DATABASE_URL: url };
      expect(() => loadDev({ ...env, QOLTANBA_IDENTITY_TEST_MODE: 'true' }, opts)).toThrow(ConfigError);
      expect(() => loadDev({ ...env, QOLTANBA_IDENTITY_TEST_MODE: 'true' }, opts)).toThrow(
        /QOLTANBA_IDENTITY_TEST_MODE=true is not allowed with NODE_ENV=production/,
      );
      expect(loadDev({ ...env, QOLTANBA_IDENTITY_TEST_MODE: 'false' }, opts).config.identityTestMode).toBe(
        false,
      );
      // Outside production the switch stays available.
      expect(loadDev({ QOLTANBA_IDENTITY_TEST_MODE: 'true' }, opts).config.identityTestMode).toBe(true);
    });

    it('never runs the development signer: refuses QOLTANBA_DEV_SIGNER=true, and it is off by default', () => {
      const env = { NODE_ENV: 'production', QOLTANBA_TOKEN_SECRET: secret, DATABASE_URL: url };
      expect(() => loadDev({ ...env, QOLTANBA_DEV_SIGNER: 'true' }, opts)).toThrow(
        /QOLTANBA_DEV_SIGNER=true is not allowed with NODE_ENV=production/,
      );
      expect(loadDev(env, opts).config.devSigner).toBe(false);
    });
  });
});

describe('runtime mode (NODE_ENV)', () => {
  const secret = 's'.repeat(48);
  const url = 'postgresql://qoltanba@db/qoltanba';

  it('without NODE_ENV is production: refuses without the secrets and says how to run locally', () => {
    expect(() => loadConfig({}, opts)).toThrow(ConfigError);
    expect(() => loadConfig({}, opts)).toThrow(
      /NODE_ENV is not set, so this is production, which requires QOLTANBA_TOKEN_SECRET and DATABASE_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: '' }, opts)).toThrow(/NODE_ENV=development/);
    expect(() => loadConfig({ DATABASE_URL: url }, opts)).toThrow(/requires QOLTANBA_TOKEN_SECRET/);
  });

  it('without NODE_ENV but with the database, secret and SMTP runs production with every development convenience off', () => {
    const { config } = loadConfig(
      { DATABASE_URL: url, QOLTANBA_TOKEN_SECRET: secret, SMTP_URL: 'smtp://mail.example.kz' },
      opts,
    );
    expect(config).toMatchObject({
      env: 'production',
      devOutbox: false,
      devSigner: false,
      identityTestMode: false,
      tokenSecretGenerated: false,
      webhookTargets: { allowPrivate: false, requireHttps: true },
    });
    expect(config.pki.acceptTestIdentities).toBe(false);
    expect(() =>
      loadConfig({ DATABASE_URL: url, QOLTANBA_TOKEN_SECRET: secret, QOLTANBA_DEV_SIGNER: 'true' }, opts),
    ).toThrow(/QOLTANBA_DEV_SIGNER=true is not allowed/);
  });

  it('refuses a cheap password hash cost in production, and keeps the default cost there', () => {
    const production = { DATABASE_URL: url, QOLTANBA_TOKEN_SECRET: secret };
    expect(loadConfig(production, opts).config.passwordScrypt).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    for (const cost of ['10', '13']) {
      const cheap = () => loadConfig({ ...production, QOLTANBA_PASSWORD_SCRYPT_COST: cost }, opts);
      expect(cheap, cost).toThrow(ConfigError);
      expect(cheap, cost).toThrow(`QOLTANBA_PASSWORD_SCRYPT_COST=${cost} is below 14`);
    }
  });

  it('refuses an unknown NODE_ENV, naming the known modes', () => {
    for (const value of ['prod', 'Production', 'staging', 'dev']) {
      expect(() => loadConfig({ NODE_ENV: value }, opts), value).toThrow(
        /is not a known mode: use one of production, development, test/,
      );
    }
  });

  it('turns the conveniences on only when development is asked for', () => {
    expect(loadConfig({ NODE_ENV: 'development' }, opts).config).toMatchObject({
      env: 'development',
      devOutbox: true,
      devSigner: true,
      identityTestMode: true,
      webhookTargets: { allowPrivate: true, requireHttps: false },
    });
  });
});

describe('serverPackageDir', () => {
  it('finds the package folder from src/config and from dist', () => {
    expect(serverPackageDir('file:///repo/packages/server/src/config/config.ts')).toBe(
      resolve('/repo/packages/server'),
    );
    expect(serverPackageDir('file:///repo/packages/server/dist/main.js')).toBe(
      resolve('/repo/packages/server'),
    );
    expect(serverPackageDir()).toBe(resolve(import.meta.dirname, '../..'));
  });
});
