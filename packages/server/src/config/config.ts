import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Lang, NCALAYER_DEFAULT_URL } from '@qoltanba/core';
import { z } from 'zod';
import { type BlobsConfig, blobEnv, blobSettings } from '../blob/blob-env.js';
import { dbEnv, dbSettings } from '../db/db-env.js';
import { devSignerEnv, devSignerSettings } from '../dev/dev-signer-env.js';
import { httpEnv, httpSettings, type LOG_LEVELS } from '../http/http-env.js';
import { metricsEnv, metricsSettings } from '../metrics/metrics-env.js';
import { accountEnv, accountSettings, type ScryptParams } from '../modules/account/index.js';
import { type BillingConfig, billingConfigFromEnv, billingEnv } from '../modules/billing/index.js';
import { documentsEnv, documentsSettings } from '../modules/documents/index.js';
import { housekeepingEnv, housekeepingSettings } from '../modules/housekeeping/index.js';
import {
  type NotificationsConfig,
  notificationsEnv,
  notificationsSettings,
} from '../modules/notifications/index.js';
import { partnerEnv, partnerSettings } from '../modules/partner/index.js';
import { registryEnv, registrySettings } from '../modules/registry/index.js';
import { signingEnv, signingSettings } from '../modules/signing/index.js';
import { supportEnv, supportSettings } from '../modules/support/index.js';
import { outboxEnv, outboxSettings } from '../outbox/outbox-env.js';
import { pkiEnv, pkiSettings } from '../pki/index.js';
import type { PkiConfig } from '../pki/verifier.js';
import { envFlag, envText, envUrl, mergeEnv, parseEnv, unsetWhenEmpty } from './env-fields.js';
import type { TrustProxy } from './trust-proxy.js';

/** The runtime modes NODE_ENV may name; unset means production, anything else is refused. */
export const RUNTIME_ENVS = ['production', 'development', 'test'] as const;

/** Deployment environment, from NODE_ENV: production unless development or test is asked for explicitly. */
export type RuntimeEnv = (typeof RUNTIME_ENVS)[number];

/**
 * The warning when {@link loadConfig} made a token secret for the process; `runServer` keeps one in the data folder
 * instead (`local-token-secret.ts`) and says so.
 */
export const GENERATED_TOKEN_SECRET_WARNING =
  'QOLTANBA_TOKEN_SECRET is not set: using a random secret for this process; tokens will not survive a restart.';

/** Typed server configuration, built from the environment by {@link loadConfig}. */
export interface Config {
  env: RuntimeEnv;
  port: number;
  host: string;
  /** Absolute data folder: PGlite in `<dataDir>/pglite`, blobs in `<dataDir>/blobs`. */
  dataDir: string;
  /** PostgreSQL connection string; PGlite is used when absent. */
  databaseUrl: string | undefined;
  /** PostgreSQL: parameterised queries run as named prepared statements, planned once per connection. */
  databasePreparedStatements: boolean;
  /** PostgreSQL: seconds to wait for a connection before a request fails with 503 DATABASE_UNAVAILABLE (0: forever). */
  databaseConnectTimeoutSeconds: number;
  tokenSecret: string;
  /** True when the token secret was not configured: generated for this process, or kept in the data folder (dev only). */
  tokenSecretGenerated: boolean;
  portalDir: string;
  widgetsDir: string;
  /** The sdk's build: its iframe embed scripts are served next to the widget bundles (`/widgets/embed.global.js`). */
  sdkDir: string;
  /** The help widget's build: its loader is served at `/widgets/help-widget.js`, its panel under `/widgets/help/`. */
  helpWidgetDir: string;
  identityTestMode: boolean;
  /** Requests per minute per IP (global limit). */
  rateLimitMax: number;
  /**
   * Which reverse proxies are believed about the client's address (QOLTANBA_TRUST_PROXY, none by default):
   * `request.ip`, and so rate limits, lockouts and history, then read X-Forwarded-For through them.
   */
  trustProxy: TrustProxy;
  /** How long the HTTP server waits for slow clients; see {@link HttpTimeouts}. */
  httpTimeouts: HttpTimeouts;
  /**
   * Open connections one socket address may hold (QOLTANBA_MAX_CONNECTIONS_PER_ADDRESS); beyond it new ones are
   * destroyed at accept. 0: no bound. Trusted proxies listed by address are exempt.
   */
  maxConnectionsPerAddress: number;
  logLevel: (typeof LOG_LEVELS)[number];
  smtpUrl: string | undefined;
  /** Mobizon SMS gateway; SMS go to the dev outbox when absent. */
  mobizon: { apiKey: string; baseUrl: string; from: string | undefined } | undefined;
  mailFrom: string;
  /** Largest accepted JSON body in bytes. */
  bodyLimit: number;
  /**
   * On shutdown (SIGTERM), how long requests in flight may finish before their connections are cut
   * (QOLTANBA_SHUTDOWN_SECONDS).
   */
  shutdownMs: number;
  /** The Prometheus endpoint: its own address (null: not served) and the bearer token a scrape must send. */
  metrics: { listen: { host: string; port: number } | null; token: string | null };
  /** Where files are kept (`QOLTANBA_BLOBS`): the data folder, or S3-compatible object storage. */
  blobs: BlobsConfig;
  /** Whether the dev outbox pages are served (never in production). */
  devOutbox: boolean;
  /**
   * Base URL of the public statistics register API (`.../api/juridical/counter/api/`); the local fixture
   * register is used when absent.
   */
  statRegisterUrl: string | undefined;
  /** Minutes between housekeeping rounds (deleting spent codes, tokens, sessions, lockouts); 0 disables it. */
  housekeepingIntervalMinutes: number;
  /** Bytes of document files one sender company may store (STORAGE_FULL above it). */
  storageQuotaBytes: number;
  /** Days a document stays in a company's trash before that company's participation is deleted. */
  trashRetentionDays: number;
  /** Minutes between document purge rounds (trash, stale uploads, blob deletions); 0 disables them. */
  documentsPurgeIntervalMinutes: number;
  /**
   * Minutes a stored blob may stay pending (written, no committed row referring to it) before the documents purge
   * takes it as abandoned (a process killed mid-upload) and deletes it.
   */
  pendingBlobGraceMinutes: number;
  /**
   * Days a signed, rejected or revoked document keeps its original files after it finished (the purge then
   * deletes their bytes and keeps what verification needs); 0 keeps them forever.
   */
  signedRetentionDays: number;
  /**
   * Days a closed support conversation is kept after its last message; housekeeping then deletes it with its
   * messages, attachments and events (and anonymous visitors left without conversations). 0 keeps them forever.
   */
  supportRetentionDays: number;
  /**
   * Seconds the per-request session check may trust a session it found open without reading it again (0: read
   * every time). Logout on this instance takes effect at once; a revocation on another instance is seen here at
   * most this much later.
   */
  sessionCacheSeconds: number;
  /**
   * The scrypt cost of new password hashes (QOLTANBA_PASSWORD_SCRYPT_COST, log2 N: 15 by default, at least 14 except
   * in test mode). Stored hashes name their own parameters and stay verifiable when it changes.
   */
  passwordScrypt: ScryptParams;
  /** LibreOffice executable for previews; when absent, `soffice` or `libreoffice` is looked up on PATH. */
  sofficePath: string | undefined;
  /** A preview conversion running longer is killed (PREVIEW_FAILED). */
  previewTimeoutSeconds: number;
  /** How LibreOffice is isolated: `auto` (bubblewrap where it works), `bwrap` (required), `none` (explicit opt-out). */
  previewSandbox: 'auto' | 'bwrap' | 'none';
  /** Preview conversions that run at once, each in its own LibreOffice. */
  previewWorkers: number;
  /** Preview conversions one company may have waiting; beyond, 503 PREVIEW_BUSY. */
  previewQueuePerCompany: number;
  /** Address-space limit of one LibreOffice run, in bytes. */
  previewMemoryBytes: number;
  /** Absolute base URL of this server as browsers and the eGov mobile app reach it (links in e-mails, QR codes). */
  publicUrl: string;
  /** Seconds an eGov mobile QR signing session waits for the signature (then EXPIRED, QR_SIGNING_TIMEOUT). */
  qrSigningTimeoutSeconds: number;
  /** Days a signer's personal signing link works. */
  signingLinkDays: number;
  /** Seconds before the sender may send one signer's personal link again (SIGNING_LINK_RESEND_TOO_EARLY). */
  signingLinkResendCooldownSeconds: number;
  /** Personal links one company may send again per 24 hours (SIGNING_LINK_RESEND_LIMIT); 0: no resends. */
  signingLinkResendsPerDay: number;
  /** Seconds before the sender may remind the same signer again (REMINDER_TOO_EARLY); 24 hours by default. */
  reminderCooldownSeconds: number;
  /** Seconds between rounds of the expiry and automatic-reminder job (once across instances); 0 turns it off. */
  scheduleIntervalSeconds: number;
  /** Seconds between rounds of the archive timestamp renewal job (CAdES-A, once across instances); 0 turns it off. */
  archiveRenewalIntervalSeconds: number;
  /** Days before a signature's newest TSA certificate ends at which the renewal job adds an archive timestamp. */
  archiveRenewalMarginDays: number;
  /** The message queue: sweep interval (0: only the kick after each commit), attempts and back-off. */
  outbox: { sweepSeconds: number; maxAttempts: number; retryBaseSeconds: number; retryMaxSeconds: number };
  /** Seconds between webhook delivery rounds of the partner module; 0 turns delivery off. */
  webhookIntervalSeconds: number;
  /** Where webhooks may be posted: checked when a URL is registered and again at every delivery. */
  webhookTargets: WebhookTargetPolicy;
  /** Signature verification: trust folder (QOLTANBA_TRUST_DIR), offline mode (QOLTANBA_PKI_OFFLINE). */
  pki: PkiConfig;
  /** Where the browser finds NCALayer (QOLTANBA_NCALAYER_URL, its standard address by default). */
  ncaLayerUrl: string;
  /**
   * Whether `npm start` runs the testkit's NCALayer emulator with test keys beside the server (QOLTANBA_DEV_SIGNER;
   * on in development, refused in production).
   */
  devSigner: boolean;
  /** Port of that emulator (QOLTANBA_DEV_SIGNER_PORT, 13580; 0 picks a free one). */
  devSignerPort: number;
  /** What the help widget offers besides the chat, and whether the chat is on (the support module's getHelpConfig). */
  support: SupportConfig;
  /** Tariffs, prices and the seller's requisites (the billing module's `billing-env.ts`). */
  billing: BillingConfig;
  /** E-mail grouping and the mail sweep of notifications (the notifications module's `notifications-env.ts`). */
  notifications: NotificationsConfig;
}

/** Timeouts of the HTTP server against slow clients, in milliseconds. */
export interface HttpTimeouts {
  /** The request line and headers must have arrived within this (QOLTANBA_HEADERS_TIMEOUT_SECONDS). */
  headersMs: number;
  /** The whole request, body included, must have arrived within this (QOLTANBA_REQUEST_TIMEOUT_SECONDS). */
  requestMs: number;
  /**
   * A connection with no byte in either direction for this long is closed (QOLTANBA_IDLE_TIMEOUT_SECONDS): a stalled
   * body, an idle keep-alive. Event streams send heartbeats more often (see `streamHeartbeatMs`).
   */
  idleMs: number;
}

/** Which webhook URLs the server accepts and posts to (the partner module's `webhook-target.ts` applies it). */
export interface WebhookTargetPolicy {
  /**
   * Whether hosts on private, loopback, link-local, unique-local and other non-public addresses may receive
   * webhooks (QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: on in development, where the examples' receiver is on localhost; off
   * in test and production).
   */
  allowPrivate: boolean;
  /** Whether plain http is refused (in production always; elsewhere http is allowed where core's schema allows it). */
  requireHttps: boolean;
}

/** The help widget's configuration: help pages, messenger links, the online chat. */
export interface SupportConfig {
  /** Absolute URL of the help page per language (QOLTANBA_HELP_URL_KK / _RU / _EN). */
  helpPages: Record<Lang, string>;
  /** `https://wa.me/<digits>` (QOLTANBA_SUPPORT_WHATSAPP), or null. */
  whatsapp: string | null;
  /** `https://t.me/<name>` (QOLTANBA_SUPPORT_TELEGRAM), or null. */
  telegram: string | null;
  /** Whether the online chat takes new visitors and messages (QOLTANBA_SUPPORT_CHAT, on by default). */
  chat: boolean;
}

/** Thrown by {@link loadConfig} when the environment is invalid; the message is meant for the operator. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Result of {@link loadConfig}: the configuration and warnings worth logging at start. */
export interface LoadedConfig {
  config: Config;
  warnings: string[];
}

/** The server package folder, found from this module's location so it works from src/ and dist/. */
export function serverPackageDir(moduleUrl: string = import.meta.url): string {
  const here = dirname(fileURLToPath(moduleUrl));
  // src/config/config.ts -> two levels up; dist/*.js -> one level up.
  return basename(here) === 'config' && basename(dirname(here)) === 'src'
    ? resolve(here, '../..')
    : resolve(here, '..');
}

/** The server's own variables: mode, data and served folders, token secret, identities, addresses. */
const serverEnv = {
  NODE_ENV: envText(),
  QOLTANBA_DATA_DIR: envText('.data'),
  QOLTANBA_TOKEN_SECRET: unsetWhenEmpty(z.string().min(32, 'must be at least 32 characters').optional()),
  QOLTANBA_PORTAL_DIR: envText(),
  QOLTANBA_WIDGETS_DIR: envText(),
  QOLTANBA_SDK_DIR: envText(),
  QOLTANBA_HELP_WIDGET_DIR: envText(),
  QOLTANBA_IDENTITY_TEST_MODE: envFlag(),
  QOLTANBA_NCALAYER_URL: envUrl(/^wss?$/, NCALAYER_DEFAULT_URL),
  QOLTANBA_PUBLIC_URL: envUrl(/^https?$/),
};

/** Every variable the server reads, each declared by the module or folder that uses it. */
export const ENV_SCHEMA = mergeEnv(
  serverEnv,
  httpEnv,
  metricsEnv,
  blobEnv,
  dbEnv,
  outboxEnv,
  devSignerEnv,
  pkiEnv,
  accountEnv,
  registryEnv,
  documentsEnv,
  signingEnv,
  partnerEnv,
  supportEnv,
  housekeepingEnv,
  billingEnv,
  notificationsEnv,
);

/** True when `folder` is `served` itself or a folder below it (compared as resolved absolute paths). */
function isSameOrInside(folder: string, served: string): boolean {
  const path = relative(served, folder);
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

/**
 * Refuses a data folder equal to or inside a folder the server serves as static files: uploaded blobs and the
 * PGlite files would become downloadable.
 */
function assertDataDirNotServed(dataDir: string, served: ReadonlyArray<readonly [string, string]>): void {
  for (const [variable, folder] of served) {
    if (!isSameOrInside(dataDir, folder)) continue;
    const where = dataDir === folder ? 'is the same folder as' : 'is inside';
    throw new ConfigError(
      `QOLTANBA_DATA_DIR (${dataDir}) ${where} ${variable} (${folder}), which is served as static files: ` +
        'uploaded files and database files would be downloadable. Choose a data folder outside the served folders.',
    );
  }
}

/** How to get development defaults, for messages that refuse a start. */
const HOW_TO_RUN_LOCALLY =
  'To run locally with development defaults (PGlite, dev outbox, test signer), use `npm start` at the repository ' +
  'root or set NODE_ENV=development.';

// Development conveniences must be asked for: a forgotten NODE_ENV on a server means production, not development.
function runtimeEnv(nodeEnv: string | undefined): RuntimeEnv {
  if (nodeEnv === undefined) return 'production';
  const mode = RUNTIME_ENVS.find((known) => known === nodeEnv.trim());
  if (mode === undefined) {
    throw new ConfigError(
      `NODE_ENV=${JSON.stringify(nodeEnv)} is not a known mode: use one of ${RUNTIME_ENVS.join(', ')} ` +
        '(unset means production).',
    );
  }
  return mode;
}

/**
 * Builds the configuration from environment variables. NODE_ENV unset means production with all its checks;
 * development defaults (PGlite, dev outbox, test signer, ...) only with NODE_ENV=development (or test).
 * Throws {@link ConfigError} on invalid values (an unknown NODE_ENV too), in production when the token secret or
 * DATABASE_URL is missing, and when the data folder is (inside) the portal or widgets folder.
 *
 * @example const { config, warnings } = loadConfig(process.env);
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { cwd?: string; packageDir?: string } = {},
): LoadedConfig {
  const e = invalidAsConfigError(() => parseEnv(ENV_SCHEMA, env));
  const mode = runtimeEnv(e.NODE_ENV);
  const production = mode === 'production';
  const warnings: string[] = [];

  if (production) {
    const missing = [
      e.QOLTANBA_TOKEN_SECRET ? undefined : 'QOLTANBA_TOKEN_SECRET',
      e.DATABASE_URL ? undefined : 'DATABASE_URL',
    ].filter((name) => name !== undefined);
    if (missing.length > 0) {
      const why =
        e.NODE_ENV === undefined
          ? 'NODE_ENV is not set, so this is production, which'
          : 'NODE_ENV=production';
      throw new ConfigError(
        `${why} requires ${missing.join(' and ')} to be set; refusing to start with development defaults. ` +
          HOW_TO_RUN_LOCALLY,
      );
    }
    if (e.QOLTANBA_DEV_SIGNER === true) {
      throw new ConfigError(
        'QOLTANBA_DEV_SIGNER=true is not allowed with NODE_ENV=production: it signs with test keys.',
      );
    }
    if (e.QOLTANBA_IDENTITY_TEST_MODE === true) {
      throw new ConfigError(
        'QOLTANBA_IDENTITY_TEST_MODE=true is not allowed with NODE_ENV=production: it accepts the NCA test ' +
          'IIN/BIN numbers; unset it (or set false) to start.',
      );
    }
  }

  let tokenSecret = e.QOLTANBA_TOKEN_SECRET;
  const tokenSecretGenerated = tokenSecret === undefined;
  if (tokenSecret === undefined) {
    tokenSecret = randomBytes(32).toString('base64url');
    warnings.push(GENERATED_TOKEN_SECRET_WARNING);
  }

  if (production && !e.SMTP_URL) {
    // Same reason as SMS below: without SMTP, e-mail goes to the dev outbox, which production does not serve.
    warnings.push(
      'SMTP_URL is not set: e-mail (registration and login codes) cannot be delivered in production.',
    );
  }

  if (production && !e.QOLTANBA_PUBLIC_URL) {
    // Signing links in e-mails and eGov mobile QR codes must point at an address others can reach.
    warnings.push('QOLTANBA_PUBLIC_URL is not set: signing links and QR codes point at localhost.');
  }

  if (production && e.QOLTANBA_WEBHOOKS_ALLOW_PRIVATE === true) {
    // Allowed for deployments whose partners' receivers are on an internal network, but worth a look at every start.
    warnings.push(
      'QOLTANBA_WEBHOOKS_ALLOW_PRIVATE is on: partners may point webhooks at private and loopback addresses, ' +
        'including cloud metadata (169.254.169.254) and services next to this server.',
    );
  }

  if (production && !e.MOBIZON_API_KEY) {
    // The dev outbox is not served in production, so SMS codes would reach nobody.
    warnings.push(
      'MOBIZON_API_KEY is not set: SMS (login and attach codes) cannot be delivered in production.',
    );
  }

  const http = invalidAsConfigError(() => httpSettings(e));
  const metrics = invalidAsConfigError(() => metricsSettings(e));
  const blobs = invalidAsConfigError(() => blobSettings(e, env));

  const cwd = options.cwd ?? process.cwd();
  const packageDir = options.packageDir ?? serverPackageDir();
  const dataDir = resolve(cwd, e.QOLTANBA_DATA_DIR);
  const portalDir = e.QOLTANBA_PORTAL_DIR
    ? resolve(cwd, e.QOLTANBA_PORTAL_DIR)
    : resolve(packageDir, '../portal/dist');
  const widgetsDir = e.QOLTANBA_WIDGETS_DIR
    ? resolve(cwd, e.QOLTANBA_WIDGETS_DIR)
    : resolve(packageDir, '../widgets/dist');
  const sdkDir = e.QOLTANBA_SDK_DIR ? resolve(cwd, e.QOLTANBA_SDK_DIR) : resolve(packageDir, '../sdk/dist');
  const helpWidgetDir = e.QOLTANBA_HELP_WIDGET_DIR
    ? resolve(cwd, e.QOLTANBA_HELP_WIDGET_DIR)
    : resolve(packageDir, '../help-widget/dist');
  const identityTestMode = e.QOLTANBA_IDENTITY_TEST_MODE ?? !production;
  const pki = invalidAsConfigError(() =>
    pkiSettings(e, { cwd, trustDir: resolve(dataDir, 'trust'), acceptTestIdentities: identityTestMode }),
  );
  const account = invalidAsConfigError(() => accountSettings(e, mode));
  const { billing, warnings: billingWarnings } = invalidAsConfigError(() => billingConfigFromEnv(env, mode));
  warnings.push(...billingWarnings);
  assertDataDirNotServed(dataDir, [
    ['QOLTANBA_PORTAL_DIR', portalDir],
    ['QOLTANBA_WIDGETS_DIR', widgetsDir],
    ['QOLTANBA_HELP_WIDGET_DIR', helpWidgetDir],
  ]);

  const publicUrl = (e.QOLTANBA_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return {
    config: {
      env: mode,
      dataDir,
      tokenSecret,
      tokenSecretGenerated,
      portalDir,
      widgetsDir,
      sdkDir,
      helpWidgetDir,
      identityTestMode,
      devOutbox: !production,
      publicUrl,
      pki,
      ncaLayerUrl: e.QOLTANBA_NCALAYER_URL,
      ...http,
      ...metrics,
      ...blobs,
      ...dbSettings(e),
      ...outboxSettings(e),
      ...devSignerSettings(e, mode),
      ...account,
      ...registrySettings(e),
      ...documentsSettings(e),
      ...signingSettings(e),
      ...partnerSettings(e, mode),
      ...supportSettings(e, publicUrl),
      ...housekeepingSettings(e),
      ...notificationsSettings(e),
      billing,
    },
    warnings,
  };
}

/** Runs `read`, turning an Error that names an invalid variable into the {@link ConfigError} an operator sees. */
function invalidAsConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}
