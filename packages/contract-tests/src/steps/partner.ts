import {
  apiKeyCreatedSchema,
  apiKeySchema,
  EMBED_PATHS,
  PARTNER_PATHS,
  webhookDeliverySchema,
} from '@qoltanba/core';
import { A_BIN, B_BIN, companyPath, draft, ok, pdf, refused, type Step, upload } from '../table-support';

/** Partner API keys and embed sessions. */
export const partnerSteps: Step[] = [
  // ----- partner API keys and embed sessions -----
  {
    name: 'partner: the administrator has no API keys yet',
    request: () => ({ method: 'GET', path: companyPath(PARTNER_PATHS.apiKeys), as: 'a' }),
    expect: ok(apiKeySchema.array()),
    same: (keys: unknown[]) => keys.length,
  },
  {
    name: 'partner: an origin with a wildcard is refused',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Shop', allowedOrigins: ['https://*.shop.kz'] },
    }),
    expect: refused('ORIGIN_INVALID'),
  },
  {
    name: 'partner: a webhook URL over plain http is refused',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl: 'http://shop.kz/hook' },
    }),
    expect: refused('WEBHOOK_URL_INVALID'),
  },
  {
    name: 'partner: a webhook URL on a private address (cloud metadata) is refused',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: {
        name: 'Shop',
        allowedOrigins: ['https://shop.kz'],
        webhookUrl: 'https://169.254.169.254/latest/meta-data/',
      },
    }),
    expect: refused('WEBHOOK_URL_PRIVATE'),
  },
  {
    name: 'partner: a webhook URL naming loopback as a decimal number is refused',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl: 'https://2130706433/hook' },
    }),
    expect: refused('WEBHOOK_URL_PRIVATE'),
  },
  {
    name: 'partner: a webhook host too large for an IPv4 number is no URL',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl: 'https://999999999999/hook' },
    }),
    expect: refused('WEBHOOK_URL_INVALID'),
  },
  {
    name: 'partner: the administrator creates a key (its secrets in this answer only)',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: {
        name: 'Shop',
        allowedOrigins: ['https://shop.kz/', 'https://shop.kz'],
        webhookUrl: 'https://shop.kz/hook',
      },
    }),
    expect: { status: 201, schema: apiKeyCreatedSchema },
    same: (created: { apiKey: { name: string; allowedOrigins: string[] }; webhookSecret: string | null }) => [
      created.apiKey.name,
      created.apiKey.allowedOrigins,
      created.webhookSecret === null,
    ],
    keep: (context, created: { apiKey: { id: string } }) => {
      context.values.apiKey = created.apiKey.id;
    },
  },
  {
    name: "partner: another company's member cannot list the keys",
    request: () => ({ method: 'GET', path: companyPath(PARTNER_PATHS.apiKeys), as: 'b' }),
    expect: refused('FORBIDDEN'),
  },
  {
    name: "partner: a key of another company is not found with one's own BIN",
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(PARTNER_PATHS.apiKey, B_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'b',
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'partner: the administrator renames the key',
    request: (context) => ({
      method: 'PATCH',
      path: companyPath(PARTNER_PATHS.apiKey, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
      json: { name: 'Shop 2', allowedOrigins: ['https://shop.kz'] },
    }),
    expect: ok(apiKeySchema),
    same: (key: { name: string; webhookUrl: string | null }) => [key.name, key.webhookUrl],
  },
  {
    name: 'partner: a new key has an empty delivery log',
    request: (context) => ({
      method: 'GET',
      path: companyPath(PARTNER_PATHS.webhookDeliveries, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
    }),
    expect: ok(webhookDeliverySchema.array()),
    same: (deliveries: unknown[]) => deliveries.length,
  },
  {
    name: 'partner: the administrator revokes the key',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(PARTNER_PATHS.apiKey, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
    }),
    expect: { status: 204 },
  },
  {
    name: 'partner: a revoked key cannot be edited',
    request: (context) => ({
      method: 'PATCH',
      path: companyPath(PARTNER_PATHS.apiKey, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
      json: { name: 'Shop 3', allowedOrigins: ['https://shop.kz'] },
    }),
    expect: refused('API_KEY_INVALID'),
  },
  {
    name: 'embed: an unknown token is refused',
    request: () => ({ method: 'POST', path: EMBED_PATHS.sessions, json: { token: `qe_${'A'.repeat(43)}` } }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },
  {
    name: 'embed: a session route without a session is refused',
    request: () => ({ method: 'GET', path: EMBED_PATHS.session }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },
  {
    name: 'embed: signing without a session is refused before the body is read',
    request: () => ({ method: 'POST', path: EMBED_PATHS.sign, json: {} }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },
  {
    name: 'embed: creating a document without a session is refused before the upload is read',
    request: () => ({ method: 'POST', path: EMBED_PATHS.document, form: upload(draft, [pdf('a.pdf')]) }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },
];
