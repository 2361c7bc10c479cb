import {
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
  apiKeyCreatedSchema,
  apiKeySchema,
  PARTNER_PATHS,
  type WebhookDelivery,
  webhookDeliverySchema,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';

// The portal's key management of the partner API: the acting company's administrator only (others get ApiError
// API_KEY_FORBIDDEN, 403).

const apiKeyListSchema = apiKeySchema.array();
const deliveryListSchema = webhookDeliverySchema.array();

/** The acting company's API keys, newest first (revoked ones too, with `revokedAt`). */
export function listApiKeys(scope?: CompanyScope): Promise<ApiKey[]> {
  const { api, client } = companyRequest(PARTNER_PATHS.apiKeys, {}, scope);
  return readResponse(api.get().json<unknown>(), apiKeyListSchema, client.lang);
}

/**
 * Creates an API key; the answer holds its secret (and webhook secret, with a webhook URL) this once. Rejects with
 * ApiError ORIGIN_INVALID, WEBHOOK_URL_INVALID or WEBHOOK_URL_PRIVATE (a webhook host on a private address).
 */
export function createApiKey(input: ApiKeyInput, scope?: CompanyScope): Promise<ApiKeyCreated> {
  const { api, client } = companyRequest(PARTNER_PATHS.apiKeys, {}, scope);
  return readResponse(api.post(input).json<unknown>(), apiKeyCreatedSchema, client.lang);
}

/**
 * Changes a key's name, origins and webhook URL (absent: kept, null: removed with its secret). When this gives a
 * key without one a webhook URL, the answer's `webhookSecret` shows the new secret this once.
 */
export function updateApiKey(keyId: string, input: ApiKeyInput, scope?: CompanyScope): Promise<ApiKey> {
  const { api, client } = companyRequest(PARTNER_PATHS.apiKey, { keyId }, scope);
  return readResponse(api.patch(input).json<unknown>(), apiKeySchema, client.lang);
}

/** Revokes a key at once; it stays in the list as revoked. */
export async function revokeApiKey(keyId: string, scope?: CompanyScope): Promise<void> {
  const { api } = companyRequest(PARTNER_PATHS.apiKey, { keyId }, scope);
  await api.delete().res();
}

/** A key's webhook deliveries, newest first (at most 100). */
export function listWebhookDeliveries(keyId: string, scope?: CompanyScope): Promise<WebhookDelivery[]> {
  const { api, client } = companyRequest(PARTNER_PATHS.webhookDeliveries, { keyId }, scope);
  return readResponse(api.get().json<unknown>(), deliveryListSchema, client.lang);
}
