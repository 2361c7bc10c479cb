/**
 * @qoltanba/server public entry: create the server, load its configuration, and the types
 * domain modules need to plug in.
 */
export { type AdminIo, type AdminOptions, runAdmin } from './admin/admin-cli.js';
export { BUILT_IN_MODULES, type CreateAppOptions, createApp, type QoltanbaApp } from './app.js';
export type { BlobStore, StoredBlob } from './blob/blob-store.js';
export { createLocalBlobStore } from './blob/local-blob-store.js';
export { type Config, ConfigError, type LoadedConfig, loadConfig, type RuntimeEnv } from './config/config.js';
export type { DatabaseHandle, DatabaseKind } from './db/database.js';
export { type JobLockResult, withJobLock } from './db/job-lock.js';
export type { Database } from './db/schema.js';
export {
  type AnyRouteDefinition,
  defineRoute,
  type HttpMethod,
  type RouteContext,
  type RouteDefinition,
  type RouteRateLimit,
} from './http/route.js';
export type { AuthUser } from './modules/account/index.js';
export { requireUser } from './modules/account/index.js';
export type { AppModule, ModuleContext } from './modules/module.js';
export type { PhoneRegistry, StatisticsRegister } from './modules/registry/index.js';
export type { EmailMessage, Mailer, SmsMessage, SmsSender } from './outbox/messages.js';
export {
  type CmsVerification,
  createVerifier,
  type PkiConfig,
  pkiConfigFromEnv,
  signatureErrorCode,
  type Verifier,
} from './pki/index.js';
export type { AppServices, Clock } from './services.js';
