import {
  apiKeyCreatedSchema,
  apiKeyInputSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  companyParamsSchema,
  PARTNER_PATHS,
  webhookDeliverySchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import type { ModuleContext } from '../module.js';
import { requireCompanyAdmin } from '../registry/index.js';
import {
  createApiKey,
  listApiKeys,
  requireCompanyKey,
  revokeApiKey,
  toApiKey,
  updateApiKey,
} from './api-keys.js';
import type { WebhookSecrets } from './webhook-secrets.js';
import { checkWebhookUrl } from './webhook-target.js';
import { listDeliveries, toWebhookDelivery } from './webhooks.js';

const TAGS = ['partner'];
const ADMIN =
  "The company's administrator only (the member who attached it): FORBIDDEN for a non-member, " +
  "API_KEY_FORBIDDEN for another member. Another company's key answers ENTITY_NOT_FOUND.";
const WEBHOOK_REFUSALS =
  'WEBHOOK_URL_INVALID (not https where https is required), WEBHOOK_URL_PRIVATE (a host on a private, loopback, ' +
  'link-local, unique-local, multicast or unspecified address, as written or as DNS answers now; every delivery ' +
  'checks again and posts to the address it checked, never following redirects).';

/** The company administrator's management of its partner API keys and their webhook deliveries (portal, user token). */
export function registerApiKeyRoutes(context: ModuleContext, secrets: WebhookSecrets): void {
  const { route, services, config } = context;
  const { db } = services.database;
  const { clock } = services;
  /** Refuses a webhook URL the policy does not allow (WEBHOOK_URL_INVALID, WEBHOOK_URL_PRIVATE). */
  const checkWebhook = async (url: string | null | undefined) => {
    if (url) await checkWebhookUrl(url, config.webhookTargets, services.resolveHost);
  };

  route(
    defineRoute({
      method: 'GET',
      url: PARTNER_PATHS.apiKeys,
      operationId: 'listApiKeys',
      summary: "The company's partner API keys, newest first (revoked ones marked)",
      description: ADMIN,
      tags: TAGS,
      auth: true,
      params: companyParamsSchema,
      response: z.array(apiKeySchema),
      handler: async ({ request, params }) => {
        await requireCompanyAdmin(request, db, params.bin);
        return (await listApiKeys(db, params.bin)).map(toApiKey);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: PARTNER_PATHS.apiKeys,
      operationId: 'createApiKey',
      summary: 'Create a partner API key; its secret (and webhook secret) are shown only in this answer',
      description: `Stored as SHA-256 only (the webhook secret encrypted). ORIGIN_INVALID, ${WEBHOOK_REFUSALS} ${ADMIN}`,
      tags: TAGS,
      auth: true,
      params: companyParamsSchema,
      body: apiKeyInputSchema,
      status: 201,
      response: apiKeyCreatedSchema,
      handler: async ({ request, params, body }) => {
        const { userId } = await requireCompanyAdmin(request, db, params.bin);
        await checkWebhook(body.webhookUrl);
        const created = await createApiKey(db, params.bin, userId, body, clock(), secrets);
        return {
          apiKey: toApiKey(created.row),
          secret: created.secret,
          webhookSecret: created.webhookSecret,
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'PATCH',
      url: PARTNER_PATHS.apiKey,
      operationId: 'updateApiKey',
      summary: "Change a key's name, allowed origins and webhook URL",
      description:
        'An absent webhookUrl keeps it, null removes it (and its secret); a webhook URL given to a key without one ' +
        'creates a new webhook secret, answered once in `webhookSecret`. ORIGIN_INVALID, ' +
        `${WEBHOOK_REFUSALS} A revoked key answers API_KEY_INVALID. ${ADMIN}`,
      tags: TAGS,
      auth: true,
      params: apiKeyParamsSchema,
      body: apiKeyInputSchema,
      response: apiKeySchema,
      handler: async ({ request, params, body }) => {
        await requireCompanyAdmin(request, db, params.bin);
        await checkWebhook(body.webhookUrl);
        const { row, webhookSecret } = await updateApiKey(db, params.bin, params.keyId, body, secrets);
        return webhookSecret ? { ...toApiKey(row), webhookSecret } : toApiKey(row);
      },
    }),
  );

  route(
    defineRoute({
      method: 'DELETE',
      url: PARTNER_PATHS.apiKey,
      operationId: 'revokeApiKey',
      summary: 'Revoke a key at once (it stays listed as revoked; its pending webhooks fail)',
      description: ADMIN,
      tags: TAGS,
      auth: true,
      params: apiKeyParamsSchema,
      status: 204,
      response: z.undefined(),
      handler: async ({ request, params }) => {
        await requireCompanyAdmin(request, db, params.bin);
        await revokeApiKey(db, params.bin, params.keyId, clock());
        return undefined;
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: PARTNER_PATHS.webhookDeliveries,
      operationId: 'listWebhookDeliveries',
      summary: "A key's webhook deliveries, newest first (at most 100)",
      description: ADMIN,
      tags: TAGS,
      auth: true,
      params: apiKeyParamsSchema,
      response: z.array(webhookDeliverySchema),
      handler: async ({ request, params }) => {
        await requireCompanyAdmin(request, db, params.bin);
        const key = await requireCompanyKey(db, params.bin, params.keyId);
        return (await listDeliveries(db, key.id)).map(toWebhookDelivery);
      },
    }),
  );
}
