import { z } from 'zod';
import { LIFECYCLE_STATUSES } from '../documents/status';
import { singleLineTextSchema } from './text';

// Partner API contract: API keys (portal), documents and embed tokens (a partner backend), webhooks.
// Same convention as fields.ts: every issue message a user can cause is an ErrorCode.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });

/** Longest API key name. */
export const API_KEY_NAME_MAX = 60;
/** Most allowed origins of one API key. */
export const API_KEY_ORIGINS_MAX = 10;
/** Longest webhook URL. */
export const WEBHOOK_URL_MAX = 2048;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// A DNS name or IPv4 address; IPv6 only as the loopback (`[::1]`, checked through LOCAL_HOSTS).
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const ORIGIN = /^(https?):\/\/([^/:?#\s]+|\[::1\])(?::(\d{1,5}))?\/?$/;
const URL_WITH_PATH = /^(https?):\/\/([^/:?#\s]+|\[::1\])(?::(\d{1,5}))?([/?][^\s#]*)?$/;

/** Scheme, host and port of a URL-like string when the scheme/host rules hold (https, or http on loopback). */
function parseSchemeHostPort(
  match: RegExpMatchArray | null,
): { scheme: string; host: string; port: string | undefined } | undefined {
  if (!match) return undefined;
  const [, scheme = '', host = '', port] = match;
  if (!LOCAL_HOSTS.has(host) && !HOST.test(host)) return undefined;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  if (scheme === 'http' && !LOCAL_HOSTS.has(host)) return undefined;
  return { scheme, host, port };
}

/**
 * Normalises a web origin (`https://host[:port]`; `http://` only for localhost, 127.0.0.1 and [::1]) to the form a
 * browser sends in `Origin`: lower case, no trailing slash, no default port. Undefined when it is not such an origin
 * (a path, a query, a wildcard, another scheme).
 *
 * @example normalizeOrigin('https://Partner.kz:443/') // 'https://partner.kz'
 */
export function normalizeOrigin(value: string): string | undefined {
  const parts = parseSchemeHostPort(value.trim().toLowerCase().match(ORIGIN));
  if (!parts) return undefined;
  const { scheme, host, port } = parts;
  const defaultPort = scheme === 'https' ? '443' : '80';
  return port === undefined || port === defaultPort ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An origin with a loopback host (`localhost`, `127.0.0.1`, `[::1]`) written as `localhost`; others as they are. */
function loopbackAsLocalhost(origin: string): string {
  const match = /^(https?):\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.exec(origin);
  return match && LOOPBACK_HOSTS.has(match[2] ?? '') ? `${match[1]}://localhost${match[3] ?? ''}` : origin;
}

/**
 * Whether a browser's `Origin` is `expected`. With `loopbackAlike` (development only), the loopback spellings
 * of one scheme and port are one origin: a page at `http://127.0.0.1:5173` matches `http://localhost:5173`.
 *
 * @example originsMatch('http://127.0.0.1:8080', 'http://localhost:8080', { loopbackAlike: true }) // true
 */
export function originsMatch(
  origin: string,
  expected: string,
  options: { loopbackAlike?: boolean } = {},
): boolean {
  if (origin === expected) return true;
  return options.loopbackAlike === true && loopbackAsLocalhost(origin) === loopbackAsLocalhost(expected);
}

/** One allowed origin of an API key or embed token, normalised by {@link normalizeOrigin}. Issue: `ORIGIN_INVALID`. */
export const originSchema = z
  .string()
  .max(300, { error: 'ORIGIN_INVALID' })
  .transform((value, context) => {
    const origin = normalizeOrigin(value);
    if (origin === undefined) {
      context.addIssue({ code: 'custom', message: 'ORIGIN_INVALID' });
      return z.NEVER;
    }
    return origin;
  })
  .meta({
    description: 'https://host[:port]; http:// only for localhost, 127.0.0.1 and [::1]. No path, no *.',
  });

/** A list of origins: 1 to 10, duplicates (after normalising) removed. */
export const originListSchema = z
  .array(originSchema)
  .min(1, { error: 'ORIGIN_INVALID' })
  .max(API_KEY_ORIGINS_MAX, { error: 'ORIGIN_INVALID' })
  .transform((origins) => [...new Set(origins)]);

/** A webhook endpoint: https (http only on loopback), any path and query. Issue message: `WEBHOOK_URL_INVALID`. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX, { error: 'WEBHOOK_URL_INVALID' })
  .refine((value) => parseSchemeHostPort(value.match(URL_WITH_PATH)) !== undefined, {
    error: 'WEBHOOK_URL_INVALID',
  })
  .meta({
    description:
      'https URL that receives the webhooks (http only on localhost, where the server allows private addresses). ' +
      'The server refuses a host on a private, loopback or link-local address with WEBHOOK_URL_PRIVATE.',
  });

/**
 * Body of `createApiKey` and `updateApiKey`. In an update, an absent `webhookUrl` keeps the current one and null
 * removes it.
 */
export const apiKeyInputSchema = z.object({
  name: singleLineTextSchema.trim().min(1).max(API_KEY_NAME_MAX),
  allowedOrigins: originListSchema,
  webhookUrl: webhookUrlSchema.nullable().optional(),
});
/** See {@link apiKeyInputSchema}. */
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** An API key as lists show it; the secret itself is never shown again after creation. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().meta({ description: "The key's first characters (e.g. qk_3f9a), to tell keys apart." }),
  allowedOrigins: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  createdAt: isoDate,
  createdBy: z.string().meta({ description: 'Name of the member who created the key.' }),
  lastUsedAt: isoDate.nullable(),
  revokedAt: isoDate.nullable(),
  webhookSecret: z
    .string()
    .optional()
    .meta({
      description:
        'Only in the answer of updateApiKey when that update gave the key its first webhook URL: the new webhook ' +
        'secret (whsec_...), shown once.',
    }),
});
/** See {@link apiKeySchema}. */
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Answer of `createApiKey`: the key and its secrets, shown this once. */
export const apiKeyCreatedSchema = z.object({
  apiKey: apiKeySchema,
  secret: z
    .string()
    .meta({ description: 'The full key (qk_...), shown once; send it as Authorization: Bearer.' }),
  webhookSecret: z
    .string()
    .nullable()
    .meta({ description: 'whsec_..., shown once; null without a webhook URL. Verifies Qoltanba-Signature.' }),
});
/** See {@link apiKeyCreatedSchema}. */
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** Path parameters of one API key's routes. */
export const apiKeyParamsSchema = z.object({
  bin: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
  keyId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'ENTITY_NOT_FOUND' }),
});

/** What a webhook reports. */
export const WEBHOOK_EVENTS = [
  'document.signed',
  'document.rejected',
  'document.completed',
  'document.approval_requested',
  'document.approved',
  'document.declined',
  'document.reminded',
] as const;
/** See {@link WEBHOOK_EVENTS}. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where a webhook delivery is. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** See {@link WEBHOOK_DELIVERY_STATUSES}. */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One webhook delivery, as the portal's delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  documentId: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  deliveredAt: isoDate.nullable(),
  nextAttemptAt: isoDate
    .nullable()
    .meta({ description: 'When the next attempt runs; null once delivered or failed.' }),
});
/** See {@link webhookDeliverySchema}. */
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The JSON body a webhook posts; `id` is the delivery id (also in `Qoltanba-Delivery`), the same on each retry. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  createdAt: isoDate,
  data: z.object({
    documentId: z.number().int(),
    status: z.enum(LIFECYCLE_STATUSES),
    signer: z
      .object({ iin: z.string().nullable(), bin: z.string().nullable(), fullName: z.string() })
      .optional()
      .meta({
        description: 'Who signed or rejected (document.signed, document.rejected).',
      }),
    approval: z
      .object({ identityNumber: z.string(), comment: z.string().nullable() })
      .optional()
      .meta({
        description:
          'The signer (BIN/IIN) whose approver was asked, approved or declined, and the comment of a decline ' +
          '(document.approval_requested, document.approved, document.declined).',
      }),
    reminded: z
      .object({ identityNumbers: z.array(z.string()), automatic: z.boolean() })
      .optional()
      .meta({
        description:
          'The signers (BIN/IIN) reminded, and whether by the automatic reminders or by the sender (document.reminded).',
      }),
  }),
});
/** See {@link webhookPayloadSchema}. */
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** Where a signer of a partner's document is. */
export const PARTNER_SIGNER_STATUSES = ['PENDING', 'SIGNED', 'REJECTED'] as const;

/** A document as the partner API shows it to the key's company. */
export const partnerDocumentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(LIFECYCLE_STATUSES),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  signers: z.array(
    z.object({
      identityNumber: z.string(),
      email: z.string(),
      status: z.enum(PARTNER_SIGNER_STATUSES),
      signedAt: isoDate.nullable(),
    }),
  ),
});
/** See {@link partnerDocumentSchema}. */
export type PartnerDocument = z.infer<typeof partnerDocumentSchema>;
