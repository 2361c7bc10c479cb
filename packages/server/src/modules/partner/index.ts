/** The partner module's front door (API keys, the partner API, webhooks): the only file other modules and app wiring import. */

export { type ApiKeyRow, apiKeyNote, authenticateApiKey, createApiKey, liveApiKey } from './api-keys.js';
export { partnerEnv, partnerSettings } from './partner-env.js';
export { partnerModule } from './partner-module.js';
export type { WebhookPost } from './webhook-post.js';
export { webhookSecrets } from './webhook-secrets.js';
export { runWebhookRound, type WebhookRound } from './webhooks.js';
