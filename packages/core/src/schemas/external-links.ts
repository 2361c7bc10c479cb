import { z } from 'zod';
import { LIFECYCLE_STATUSES } from '../documents/status';
import { pathIdSchema } from './decimal';
import {
  documentFileSchema,
  historyEventSchema,
  partySchema,
  rejectionSchema,
  SIGNING_METHODS,
  signerSchema,
} from './documents';
import { singleLineTextSchema } from './text';
import { verificationResultSchema } from './verification';

// External document links (SPEC section 2, `/document/:id/by-hash`): a participant shares a read-only link to a
// sent document; whoever holds the token reads the card and the verification result without an account.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });

/** The `details` of a VIEW event recorded when the document was opened through an external link. */
export const EXTERNAL_LINK_VIEW_DETAILS = 'EXTERNAL_LINK';

/** Days an external link lives when the request does not say. */
export const EXTERNAL_LINK_DEFAULT_DAYS = 30;
/** The longest life of an external link, in days. */
export const EXTERNAL_LINK_MAX_DAYS = 365;
/** The longest label of an external link. */
export const EXTERNAL_LINK_LABEL_MAX = 100;

/** Body of `createExternalLink`: how long the link lives and an optional label for the company's own list. */
export const createExternalLinkRequestSchema = z.object({
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(EXTERNAL_LINK_MAX_DAYS)
    .optional()
    .meta({
      description: `Days the link works, 1 to ${EXTERNAL_LINK_MAX_DAYS}; ${EXTERNAL_LINK_DEFAULT_DAYS} by default.`,
    }),
  label: singleLineTextSchema.trim().max(EXTERNAL_LINK_LABEL_MAX).optional().meta({
    description: 'Who the link is for, shown in the list of links only (never to the link holder).',
  }),
});
/** See {@link createExternalLinkRequestSchema}. */
export type CreateExternalLinkRequest = z.infer<typeof createExternalLinkRequestSchema>;

/** An external link as its company lists it: never its token (only a hash of it is kept). */
export const externalLinkSchema = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  createdAt: isoDate,
  expiresAt: isoDate,
  createdBy: z.object({ userId: z.string(), firstname: z.string(), lastname: z.string() }),
  revokedAt: isoDate.nullable(),
  lastOpenedAt: isoDate
    .nullable()
    .meta({ description: 'When the link was last opened (recorded once an hour).' }),
});
/** See {@link externalLinkSchema}. */
export type ExternalLink = z.infer<typeof externalLinkSchema>;

/** Answer of `createExternalLink`: the link with its URL, the only time the token is shown. */
export const externalLinkCreatedSchema = externalLinkSchema.extend({
  url: z.string().meta({
    description:
      '`<public URL>/document/<id>/by-hash#<token>`: the token is in the fragment, which browsers never send.',
  }),
});
/** See {@link externalLinkCreatedSchema}. */
export type ExternalLinkCreated = z.infer<typeof externalLinkCreatedSchema>;

/** A signer as the link holder sees it: no e-mail addresses. */
export const externalSignerSchema = signerSchema.pick({
  identityNumber: true,
  nameRu: true,
  nameKk: true,
  order: true,
  state: true,
  signedAt: true,
});
/** See {@link externalSignerSchema}. */
export type ExternalSigner = z.infer<typeof externalSignerSchema>;

/** The document as the link holder sees it: read-only, without anybody's folders, trash or e-mail addresses. */
export const externalDocumentSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(LIFECYCLE_STATUSES),
  signingMethod: z.enum(SIGNING_METHODS),
  createdAt: isoDate,
  updatedAt: isoDate,
  sender: partySchema,
  files: z.array(documentFileSchema),
  signers: z.array(externalSignerSchema),
  rejection: rejectionSchema.nullable(),
});
/** See {@link externalDocumentSchema}. */
export type ExternalDocument = z.infer<typeof externalDocumentSchema>;

/** The verification of one signed file, done now over its stored bytes. */
export const externalFileVerificationSchema = z.object({
  fileId: z.number().int(),
  result: verificationResultSchema,
});
/** See {@link externalFileVerificationSchema}. */
export type ExternalFileVerification = z.infer<typeof externalFileVerificationSchema>;

/** Answer of `getExternalDocument`. */
export const externalDocumentViewSchema = z.object({
  document: externalDocumentSchema,
  history: z.array(historyEventSchema).meta({
    description: 'As the company that made the link sees it, oldest first; without IP addresses or user ids.',
  }),
  verifications: z.array(externalFileVerificationSchema).meta({
    description: 'One per file that carries a signature and whose original is still kept.',
  }),
  expiresAt: isoDate,
});
/** See {@link externalDocumentViewSchema}. */
export type ExternalDocumentView = z.infer<typeof externalDocumentViewSchema>;

const pathId = pathIdSchema;

/** Path parameters of one external link of a document. */
export const externalLinkParamsSchema = z.object({
  bin: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
  id: pathId,
  linkId: pathId,
});

/** Path parameters of the public external document routes. */
export const externalDocumentParamsSchema = z.object({ id: pathId });
/** Path parameters of one file of the public external document routes. */
export const externalFileParamsSchema = externalDocumentParamsSchema.extend({ fileId: pathId });

/** The token header of the external document routes (base64url, 43 characters when issued here). */
export const externalLinkHeadersSchema = z.object({
  'x-qoltanba-link': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'ENTITY_NOT_FOUND' })
    .optional()
    .meta({
      description:
        "The link's token (the page URL's fragment); a missing or wrong one answers ENTITY_NOT_FOUND.",
    }),
});
