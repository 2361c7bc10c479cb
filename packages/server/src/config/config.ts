import { randomBytes } from 'node:crypto';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS, type Lang, NCALAYER_DEFAULT_URL, TRASH_RETENTION_DAYS } from '@qoltanba/core';
import { z } from 'zod';
import { type BillingConfig, billingConfigFromEnv } from '../modules/billing/index.js';
import { pkiConfigFromEnv } from '../pki/config.js';
import type { PkiConfig } from '../pki/verifier.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** The runtime modes NODE_ENV may name; unset means production, anything else is refused. */
export const RUNTIME_ENVS = ['production', 'development', 'test'] as const;

/** Deployment environment, from NODE_ENV: production unless development or test is asked for explicitly. */
export type RuntimeEnv = (typeof RUNTIME_ENVS)[number];

/** Log levels accepted by LOG_LEVEL (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const booleanFromEnv = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const v = value.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    return value;
  },
  z.boolean({ error: 'expected true/false' }),
);

/** A WhatsApp number (international, digits with optional +, spaces, dashes, brackets) or wa.me link -> wa.me link. */
const whatsappLink = z
  .string()
  .transform((value) =>
    value
      .trim()
      .replace(/^https:\/\/wa\.me\//, '')
      .replace(/[\s()+-]/g, ''),
  )
  .refine(
    (digits) => /^[1-9][0-9]{6,14}$/.test(digits),
    'must be an international phone number or https://wa.me/<digits>',
  )
  .transform((digits) => `https://wa.me/${digits}`);

/** A Telegram username (with or without @) or t.me link -> t.me link. */
const telegramLink = z
  .string()
  .transform((value) =>
    value
      .trim()
      .replace(/^https:\/\/t\.me\//, '')
      .replace(/^@/, ''),
  )
  .refine(
    (name) => /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(name),
    'must be a Telegram username or https://t.me/<name>',
  )
  .transform((name) => `https://t.me/${name}`);

const helpPageUrl = z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.string().optional()),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('localhost')),
  QOLTANBA_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  QOLTANBA_TOKEN_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  QOLTANBA_PORTAL_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  QOLTANBA_WIDGETS_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  QOLTANBA_SDK_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  QOLTANBA_HELP_WIDGET_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  QOLTANBA_IDENTITY_TEST_MODE: z.preprocess(emptyToUndefined, booleanFromEnv.optional()),
  QOLTANBA_NCALAYER_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^wss?$/ }).default(NCALAYER_DEFAULT_URL),
  ),
  QOLTANBA_DEV_SIGNER: z.preprocess(emptyToUndefined, booleanFromEnv.optional()),
  QOLTANBA_DEV_SIGNER_PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(65535).default(13580),
  ),
  RATE_LIMIT_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(600)),
  QOLTANBA_TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  // Fractions of a second are for tests; a real server keeps whole seconds.
  QOLTANBA_HEADERS_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0.1).max(300).default(20),
  ),
  QOLTANBA_REQUEST_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0.1).max(3600).default(300),
  ),
  QOLTANBA_IDLE_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0.1).max(3600).default(30),
  ),
  QOLTANBA_MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1_000_000).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(LOG_LEVELS).default('info'),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  QOLTANBA_MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Qoltanba <no-reply@qoltanba.local>'),
  ),
  QOLTANBA_STAT_REGISTER_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  MOBIZON_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  MOBIZON_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/ }).default('https://api.mobizon.kz/service'),
  ),
  QOLTANBA_SMS_FROM: z.preprocess(emptyToUndefined, z.string().max(11).optional()),
  // At most a week: longer delays overflow Node's timers.
  HOUSEKEEPING_INTERVAL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
  ),
  QOLTANBA_STORAGE_QUOTA_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(1024)),
  QOLTANBA_TRASH_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3650).default(TRASH_RETENTION_DAYS),
  ),
  // SPEC: completed documents are kept for a limited period, 3 months mentioned.
  QOLTANBA_SIGNED_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(36_500).default(90),
  ),
  QOLTANBA_SUPPORT_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(36_500).default(365),
  ),
  QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
  ),
  // Off only behind a pooler that cannot keep prepared statements (PgBouncer before 1.21, transaction mode).
  QOLTANBA_DB_PREPARED_STATEMENTS: booleanFromEnv.default(true),
  // Bounded so that a database that does not answer fails requests fast instead of piling them up.
  QOLTANBA_DB_CONNECT_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(300).default(10),
  ),
  // A few seconds at most: it delays a logout made on another instance.
  QOLTANBA_SESSION_CACHE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(10).default(2),
  ),
  QOLTANBA_SOFFICE_PATH: z.preprocess(emptyToUndefined, z.string().optional()),
  QOLTANBA_PREVIEW_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(600).default(60),
  ),
  QOLTANBA_PREVIEW_SANDBOX: z.preprocess(emptyToUndefined, z.enum(['auto', 'bwrap', 'none']).default('auto')),
  QOLTANBA_PREVIEW_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(16).default(2)),
  QOLTANBA_PREVIEW_QUEUE_PER_COMPANY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100).default(3),
  ),
  QOLTANBA_PREVIEW_MEMORY_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(256).max(65536).default(2048),
  ),
  QOLTANBA_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  QOLTANBA_QR_SIGNING_TIMEOUT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(30).max(3600).default(600),
  ),
  QOLTANBA_SIGNING_LINK_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(365).default(30),
  ),
  QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400).default(600),
  ),
  QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(100_000).default(200),
  ),
  QOLTANBA_OUTBOX_SWEEP_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(10),
  ),
  QOLTANBA_OUTBOX_MAX_ATTEMPTS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(50).default(8),
  ),
  QOLTANBA_OUTBOX_RETRY_BASE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3600).default(30),
  ),
  QOLTANBA_WEBHOOK_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(5),
  ),
  QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, booleanFromEnv.optional()),
  QOLTANBA_HELP_URL_KK: helpPageUrl,
  QOLTANBA_HELP_URL_RU: helpPageUrl,
  QOLTANBA_HELP_URL_EN: helpPageUrl,
  QOLTANBA_SUPPORT_WHATSAPP: z.preprocess(emptyToUndefined, whatsappLink.optional()),
  QOLTANBA_SUPPORT_TELEGRAM: z.preprocess(emptyToUndefined, telegramLink.optional()),
  QOLTANBA_SUPPORT_CHAT: z.preprocess(emptyToUndefined, booleanFromEnv.default(true)),
  QOLTANBA_BODY_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
  ),
});

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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
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

  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.QOLTANBA_TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  if (e.QOLTANBA_HEADERS_TIMEOUT_SECONDS > e.QOLTANBA_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration: QOLTANBA_HEADERS_TIMEOUT_SECONDS must not exceed QOLTANBA_REQUEST_TIMEOUT_SECONDS ' +
        '(the headers are part of the request).',
    );
  }

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
  let pki: PkiConfig;
  try {
    pki = pkiConfigFromEnv(env, {
      cwd,
      trustDir: resolve(dataDir, 'trust'),
      acceptTestIdentities: identityTestMode,
    });
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  let billing: BillingConfig;
  try {
    const loaded = billingConfigFromEnv(env, mode);
    billing = loaded.billing;
    warnings.push(...loaded.warnings);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  assertDataDirNotServed(dataDir, [
    ['QOLTANBA_PORTAL_DIR', portalDir],
    ['QOLTANBA_WIDGETS_DIR', widgetsDir],
    ['QOLTANBA_HELP_WIDGET_DIR', helpWidgetDir],
  ]);

  const publicUrl = (e.QOLTANBA_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const helpUrls: Record<Lang, string | undefined> = {
    kk: e.QOLTANBA_HELP_URL_KK,
    ru: e.QOLTANBA_HELP_URL_RU,
    en: e.QOLTANBA_HELP_URL_EN,
  };

  return {
    config: {
      env: mode,
      port: e.PORT,
      host: e.HOST,
      dataDir,
      databaseUrl: e.DATABASE_URL,
      databasePreparedStatements: e.QOLTANBA_DB_PREPARED_STATEMENTS,
      databaseConnectTimeoutSeconds: e.QOLTANBA_DB_CONNECT_TIMEOUT_SECONDS,
      tokenSecret,
      tokenSecretGenerated,
      portalDir,
      widgetsDir,
      sdkDir,
      helpWidgetDir,
      identityTestMode,
      rateLimitMax: e.RATE_LIMIT_MAX,
      trustProxy,
      httpTimeouts: {
        headersMs: Math.round(e.QOLTANBA_HEADERS_TIMEOUT_SECONDS * 1000),
        requestMs: Math.round(e.QOLTANBA_REQUEST_TIMEOUT_SECONDS * 1000),
        idleMs: Math.round(e.QOLTANBA_IDLE_TIMEOUT_SECONDS * 1000),
      },
      // Behind proxies counted by hops every connection may be a proxy's: no bound unless one is asked for.
      maxConnectionsPerAddress:
        e.QOLTANBA_MAX_CONNECTIONS_PER_ADDRESS ?? (typeof trustProxy === 'number' ? 0 : 128),
      logLevel: e.LOG_LEVEL,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.QOLTANBA_MAIL_FROM,
      bodyLimit: e.QOLTANBA_BODY_LIMIT,
      devOutbox: !production,
      statRegisterUrl: e.QOLTANBA_STAT_REGISTER_URL,
      mobizon: e.MOBIZON_API_KEY
        ? { apiKey: e.MOBIZON_API_KEY, baseUrl: e.MOBIZON_URL, from: e.QOLTANBA_SMS_FROM }
        : undefined,
      housekeepingIntervalMinutes: e.HOUSEKEEPING_INTERVAL_MINUTES,
      storageQuotaBytes: Math.floor(e.QOLTANBA_STORAGE_QUOTA_MB * 1024 * 1024),
      trashRetentionDays: e.QOLTANBA_TRASH_RETENTION_DAYS,
      documentsPurgeIntervalMinutes: e.QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES,
      signedRetentionDays: e.QOLTANBA_SIGNED_RETENTION_DAYS,
      supportRetentionDays: e.QOLTANBA_SUPPORT_RETENTION_DAYS,
      sessionCacheSeconds: e.QOLTANBA_SESSION_CACHE_SECONDS,
      sofficePath: e.QOLTANBA_SOFFICE_PATH,
      previewTimeoutSeconds: e.QOLTANBA_PREVIEW_TIMEOUT_SECONDS,
      previewSandbox: e.QOLTANBA_PREVIEW_SANDBOX,
      previewWorkers: e.QOLTANBA_PREVIEW_WORKERS,
      previewQueuePerCompany: e.QOLTANBA_PREVIEW_QUEUE_PER_COMPANY,
      previewMemoryBytes: e.QOLTANBA_PREVIEW_MEMORY_MB * 1024 * 1024,
      publicUrl,
      qrSigningTimeoutSeconds: e.QOLTANBA_QR_SIGNING_TIMEOUT_SECONDS,
      signingLinkDays: e.QOLTANBA_SIGNING_LINK_DAYS,
      signingLinkResendCooldownSeconds: e.QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS,
      signingLinkResendsPerDay: e.QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY,
      outbox: {
        sweepSeconds: e.QOLTANBA_OUTBOX_SWEEP_SECONDS,
        maxAttempts: e.QOLTANBA_OUTBOX_MAX_ATTEMPTS,
        retryBaseSeconds: e.QOLTANBA_OUTBOX_RETRY_BASE_SECONDS,
        // Doubling stops at an hour: a mail server down for a day still gets a try every hour.
        retryMaxSeconds: 3600,
      },
      webhookIntervalSeconds: e.QOLTANBA_WEBHOOK_INTERVAL_SECONDS,
      webhookTargets: {
        allowPrivate: e.QOLTANBA_WEBHOOKS_ALLOW_PRIVATE ?? mode === 'development',
        requireHttps: production,
      },
      pki,
      ncaLayerUrl: e.QOLTANBA_NCALAYER_URL,
      devSigner: production ? false : (e.QOLTANBA_DEV_SIGNER ?? mode === 'development'),
      devSignerPort: e.QOLTANBA_DEV_SIGNER_PORT,
      support: {
        helpPages: Object.fromEntries(
          LANGS.map((lang) => [lang, helpUrls[lang] ?? `${publicUrl}/help/${lang}`]),
        ) as Record<Lang, string>,
        whatsapp: e.QOLTANBA_SUPPORT_WHATSAPP ?? null,
        telegram: e.QOLTANBA_SUPPORT_TELEGRAM ?? null,
        chat: e.QOLTANBA_SUPPORT_CHAT,
      },
      billing,
    },
    warnings,
  };
}
