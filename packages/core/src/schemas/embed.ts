import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../documents/status';
import { partySchema } from './documents';
import { langSchema } from './fields';
import { originSchema } from './partner';
import { signingLinkViewSchema } from './signing';

// Embed contract: the token a partner backend asks for, the session an element or frame exchanges it for.
// Same convention as fields.ts: every issue message a user can cause is an ErrorCode.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });

/**
 * What an embed may do: sign one document as one signer, verify signatures, create a document, or show one
 * document's status read-only (`<qoltanba-document-status>`).
 */
export const EMBED_PURPOSES = ['sign', 'verify', 'create', 'status'] as const;
/** See {@link EMBED_PURPOSES}. */
export type EmbedPurpose = (typeof EMBED_PURPOSES)[number];

/** Shortest and longest life of an embed token, and its default, in seconds. */
export const EMBED_TOKEN_TTL = { min: 60, max: 900, default: 300 } as const;
/** Life of an embed session after the exchange, in seconds (30 minutes). */
export const EMBED_SESSION_SECONDS = 30 * 60;

/**
 * Body of `createEmbedToken`. `documentId` is required for 'sign' and 'status' and refused for 'create' (the embed
 * creates its document); `signer` (an IIN/BIN) is required for 'sign', and for 'create' names a signer the created
 * document must have. `origins` must be a subset of the key's allowed origins (all of them when absent).
 */
export const embedTokenRequestSchema = z
  .object({
    purpose: z.enum(EMBED_PURPOSES),
    documentId: z.number().int().positive().optional(),
    signer: z
      .string()
      .regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' })
      .optional(),
    origins: z
      .array(originSchema)
      .min(1, { error: 'ORIGIN_INVALID' })
      .max(10, { error: 'ORIGIN_INVALID' })
      .optional(),
    ttlSeconds: z
      .number()
      .int()
      .min(EMBED_TOKEN_TTL.min)
      .max(EMBED_TOKEN_TTL.max)
      .default(EMBED_TOKEN_TTL.default),
    lang: langSchema.optional(),
  })
  .superRefine((request, context) => {
    const needsDocument = request.purpose === 'sign' || request.purpose === 'status';
    if (needsDocument && request.documentId === undefined)
      context.addIssue({ code: 'custom', path: ['documentId'], message: 'VALIDATION_FAILED' });
    if (request.purpose === 'sign' && request.signer === undefined)
      context.addIssue({ code: 'custom', path: ['signer'], message: 'VALIDATION_FAILED' });
    if (request.purpose === 'create' && request.documentId !== undefined)
      context.addIssue({ code: 'custom', path: ['documentId'], message: 'VALIDATION_FAILED' });
  });
/** See {@link embedTokenRequestSchema}. */
export type EmbedTokenRequest = z.input<typeof embedTokenRequestSchema>;

/** Answer of `createEmbedToken`: hand `token` (or `url`, for an iframe) to the browser; it works once. */
export const embedTokenIssuedSchema = z.object({
  token: z.string().meta({ description: 'qe_..., single use, short-lived.' }),
  url: z.string().meta({ description: 'The embed page for an iframe: <public URL>/embed/<token>.' }),
  purpose: z.enum(EMBED_PURPOSES),
  expiresAt: isoDate,
  allowedOrigins: z.array(z.string()),
});
/** See {@link embedTokenIssuedSchema}. */
export type EmbedTokenIssued = z.infer<typeof embedTokenIssuedSchema>;

/** Body of `exchangeEmbedToken`. */
export const embedExchangeRequestSchema = z.object({
  token: z.string().min(1, { error: 'EMBED_TOKEN_INVALID' }).max(200, { error: 'EMBED_TOKEN_INVALID' }),
});
/** See {@link embedExchangeRequestSchema}. */
export type EmbedExchangeRequest = z.infer<typeof embedExchangeRequestSchema>;

/** Answer of `exchangeEmbedToken`: the bearer of the session routes, valid for 30 minutes. */
export const embedSessionSchema = z.object({
  session: z.string().meta({ description: 'Authorization: Bearer <session> on the session routes.' }),
  expiresAt: isoDate,
  purpose: z.enum(EMBED_PURPOSES),
  documentId: z.number().int().nullable(),
  signer: z.string().nullable().meta({ description: 'IIN/BIN of the signer (purpose sign).' }),
  allowedOrigins: z.array(z.string()),
  lang: langSchema.nullable().meta({ description: "The token's language; null: the host page decides." }),
});
/** See {@link embedSessionSchema}. */
export type EmbedSession = z.infer<typeof embedSessionSchema>;

/**
 * Answer of `getEmbedSession` (and of sign / reject): the signer's view of the document for 'sign', for 'status'
 * the view of the token's signer when it named one, else of the document's first signer; null for 'verify' and 'create'.
 */
export const embedSessionViewSchema = z.object({
  purpose: z.enum(EMBED_PURPOSES),
  allowedOrigins: z.array(z.string()),
  lang: langSchema.nullable(),
  document: signingLinkViewSchema.nullable(),
  company: partySchema
    .nullable()
    .meta({ description: "The company a 'create' embed makes its document for; null for other purposes." }),
  requiredSigner: z.string().nullable().meta({
    description: "The IIN/BIN a 'create' token requires among the signers; null when it names none.",
  }),
});
/** See {@link embedSessionViewSchema}. */
export type EmbedSessionView = z.infer<typeof embedSessionViewSchema>;

/** Answer of `createEmbedDocument`: the document a 'create' embed made for the token's company, sent for signing. */
export const embedCreatedDocumentSchema = z.object({
  documentId: z.number().int().meta({ description: 'Ask the partner API for sign or status tokens of it.' }),
  number: z.number().int().meta({ description: 'Sequential number within the company.' }),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES).meta({ description: 'AT_SIGNING once sent.' }),
});
/** See {@link embedCreatedDocumentSchema}. */
export type EmbedCreatedDocument = z.infer<typeof embedCreatedDocumentSchema>;
