import { z } from 'zod';
import { APPROVAL_STATES } from '../approvals/approval-rules';
import {
  DOCUMENT_BOXES,
  DOCUMENT_FILTERS,
  DOCUMENT_PAGE_SIZE_MAX,
  DOCUMENT_SEARCH_MAX,
  DOCUMENT_SORTS,
  SORT_ORDERS,
} from '../documents/lists';
import { DOCUMENT_ACTIONS, DOCUMENT_STATUSES, LIFECYCLE_STATUSES } from '../documents/status';
import { ALLOWED_DOCUMENT_EXTENSIONS, COMPANY_NAME_MAX, DOCUMENT_MAX_SIGNERS } from '../limits';
import { emailSchema } from './contact-fields';
import { decimalInteger, pathIdSchema } from './decimal';
import { documentNameSchema, type IdentityNumberSchemaOptions, identityNumberSchema } from './fields';
import { singleLineTextSchema } from './text';

// Same convention as fields.ts: every issue message a user can cause is an ErrorCode.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });
const bin = z.string().regex(/^\d{12}$/);

/** How signers sign: all at once, or one after another in the listed order. */
export const SIGNING_METHODS = ['PARALLEL', 'SEQUENTIAL'] as const;
/** See {@link SIGNING_METHODS}. */
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/** Formats a document file may have, recognised by content. */
export const documentFileFormatSchema = z.enum(ALLOWED_DOCUMENT_EXTENSIONS);
/** See {@link documentFileFormatSchema}. */
export type DocumentFileFormat = z.infer<typeof documentFileFormatSchema>;

/** A company name of a signer or counterparty. Issue messages: `VALIDATION_FAILED`, `CONTROL_CHARACTERS`. */
export const companyNameSchema = singleLineTextSchema.trim().min(1).max(COMPANY_NAME_MAX);

/** An approver's e-mail: valid, or absent (null). Issue message: `APPROVER_EMAIL_INVALID`. */
export const approverEmailSchema = z
  .string()
  .trim()
  .refine((value) => emailSchema.safeParse(value).success, { error: 'APPROVER_EMAIL_INVALID' })
  .nullable()
  .optional();

/**
 * One signer as the sender enters it (SPEC section 3): BIN/IIN, e-mail, company name in Russian and
 * (optionally) Kazakh, an optional approver who approves before the signer signs.
 */
export function signerInputSchema(options?: IdentityNumberSchemaOptions) {
  return z.object({
    identityNumber: identityNumberSchema(options),
    email: emailSchema,
    nameRu: companyNameSchema,
    nameKk: companyNameSchema.nullable().optional(),
    approverEmail: approverEmailSchema,
  });
}
/** See {@link signerInputSchema}. */
export type SignerInput = z.infer<ReturnType<typeof signerInputSchema>>;

/**
 * What the sender edits of a document: name, signing method and signers. Signers are unique by BIN/IIN
 * (`SIGNER_DUPLICATE`); the acting company may not be one of them, which {@link signerRuleViolation} checks
 * because only the caller knows the acting company.
 */
export function documentDraftSchema(options?: IdentityNumberSchemaOptions) {
  return z.object({
    name: documentNameSchema,
    signingMethod: z.enum(SIGNING_METHODS),
    signers: z
      .array(signerInputSchema(options))
      .max(DOCUMENT_MAX_SIGNERS)
      .refine((signers) => new Set(signers.map((s) => s.identityNumber.trim())).size === signers.length, {
        error: 'SIGNER_DUPLICATE',
      }),
  });
}
/** See {@link documentDraftSchema}. */
export type DocumentDraft = z.infer<ReturnType<typeof documentDraftSchema>>;

/**
 * The signer rules that need the acting company (SPEC section 5): not yourself, no BIN/IIN twice.
 * Returns the catalogue code of the first broken rule, or undefined.
 */
export function signerRuleViolation(
  signers: readonly Pick<SignerInput, 'identityNumber'>[],
  actingBin: string,
): 'SELF_AS_SIGNER' | 'SIGNER_DUPLICATE' | undefined {
  const seen = new Set<string>();
  for (const { identityNumber } of signers) {
    const number = identityNumber.trim();
    if (number === actingBin) return 'SELF_AS_SIGNER';
    if (seen.has(number)) return 'SIGNER_DUPLICATE';
    seen.add(number);
  }
  return undefined;
}

/** A company as a document shows it. */
export const partySchema = z.object({
  bin,
  nameRu: z.string(),
  nameKk: z.string().nullable(),
});
/** See {@link partySchema}. */
export type Party = z.infer<typeof partySchema>;

/** A stored file of a document. `sha256` is the hex digest taken at upload; the original is what gets signed. */
export const documentFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: documentFileFormatSchema,
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: isoDate,
  stored: z.boolean().meta({
    description:
      'False once the retention period of a finished document has passed: the original is no longer kept ' +
      '(downloads answer FILE_NOT_RETAINED); its name, size and SHA-256 remain to match it against its signatures.',
  }),
});
/** See {@link documentFileSchema}. */
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** Where a signer is. */
export const SIGNER_STATES = ['WAITING', 'SIGNED', 'REJECTED'] as const;
/** See {@link SIGNER_STATES}. */
export type SignerState = (typeof SIGNER_STATES)[number];

/**
 * Where the e-mail with a signer's personal link is: QUEUED (not tried yet), RETRYING (an attempt failed, another
 * follows at `nextAttemptAt`), SENT (handed to the mail server at `sentAt`), FAILED (given up; send the link again).
 */
export const LINK_DELIVERY_STATES = ['QUEUED', 'RETRYING', 'SENT', 'FAILED'] as const;
/** See {@link LINK_DELIVERY_STATES}. */
export type LinkDeliveryState = (typeof LINK_DELIVERY_STATES)[number];

/** The delivery of a signer's newest personal-link e-mail, as its sender sees it. */
export const linkDeliverySchema = z.object({
  state: z.enum(LINK_DELIVERY_STATES),
  queuedAt: isoDate,
  sentAt: isoDate.nullable(),
  /** Attempts made so far. */
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: isoDate.nullable(),
});
/** See {@link linkDeliverySchema}. */
export type LinkDelivery = z.infer<typeof linkDeliverySchema>;

/** A signer of a stored document. */
export const signerSchema = z.object({
  identityNumber: bin,
  email: z.string(),
  nameRu: z.string(),
  nameKk: z.string().nullable(),
  approverEmail: z.string().nullable(),
  /** Place in the signing order, from 1 (it matters for SEQUENTIAL documents). */
  order: z.number().int(),
  state: z.enum(SIGNER_STATES),
  signedAt: isoDate.nullable(),
  /**
   * The signer's approval, when it has an approver and the document was sent: PENDING ("awaiting approval": the
   * signer may neither sign nor reject yet), APPROVED, DECLINED. Absent without an approver or before the send.
   */
  approval: z.enum(APPROVAL_STATES).optional(),
  /** The sender's view of a sent document only: whether the signer's personal link went out by e-mail. */
  linkDelivery: linkDeliverySchema.optional(),
  /** The sender's view of a sent document only: when it reached the signer company (its RECEIVE event). */
  deliveredAt: isoDate.nullable().optional(),
  /** The sender's view of a sent document only: when a user of the signer company first opened it (its first VIEW). */
  firstOpenedAt: isoDate.nullable().optional(),
});
/** See {@link signerSchema}. */
export type Signer = z.infer<typeof signerSchema>;

/** The acting company's part in a document. */
export const DOCUMENT_ROLES = ['sender', 'signer', 'approver'] as const;
/** See {@link DOCUMENT_ROLES}. */
export type DocumentRole = (typeof DOCUMENT_ROLES)[number];

/** A document in the acting company's trash: when it went there and when it will be deleted. */
export const trashInfoSchema = z.object({
  trashedAt: isoDate,
  deleteAt: isoDate,
  /** Whole days left, rounded down: the retention right after trashing, 0 on the last day. */
  daysLeft: z.number().int(),
});

/** Why and by whom a document was rejected. */
export const rejectionSchema = z.object({
  identityNumber: bin,
  reason: z.string(),
  at: isoDate,
});

const documentCommon = {
  id: z.number().int().meta({ description: 'Document id (numeric, global).' }),
  number: z.number().int().meta({ description: 'Sequential number within the sender company.' }),
  name: z.string(),
  status: z
    .enum(DOCUMENT_STATUSES)
    .meta({ description: 'Status as the acting company sees it (TRASH in its trash).' }),
  lifecycleStatus: z.enum(LIFECYCLE_STATUSES),
  signingMethod: z.enum(SIGNING_METHODS),
  createdAt: isoDate,
  updatedAt: isoDate,
  sender: partySchema,
  role: z.enum(DOCUMENT_ROLES),
  trash: trashInfoSchema.nullable(),
  folderId: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The acting company's folder holding it, if any." }),
};

/** A document as a list row shows it. */
export const documentSummarySchema = z.object({
  ...documentCommon,
  signers: z.array(signerSchema.pick({ identityNumber: true, nameRu: true, nameKk: true, state: true })),
  fileCount: z.number().int(),
});
/** See {@link documentSummarySchema}. */
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** A whole document, as the card shows it. `allowedActions` says what the acting company may do now. */
export const documentSchema = z.object({
  ...documentCommon,
  creator: z.object({ userId: z.string(), firstname: z.string(), lastname: z.string() }),
  files: z.array(documentFileSchema),
  signers: z.array(signerSchema),
  rejection: rejectionSchema.nullable(),
  allowedActions: z.array(z.enum([...DOCUMENT_ACTIONS, 'copy', 'trash', 'restore'] as const)),
});
/** See {@link documentSchema}. */
export type Document = z.infer<typeof documentSchema>;

/** One page of a document list; pass `nextCursor` back as `cursor` for the next page (null at the end). */
export const documentPageSchema = z.object({
  items: z.array(documentSummarySchema),
  nextCursor: z.string().nullable(),
});
/** See {@link documentPageSchema}. */
export type DocumentPage = z.infer<typeof documentPageSchema>;

const pageSize = decimalInteger(z.number().int().min(1).max(DOCUMENT_PAGE_SIZE_MAX));

/** Query of `listDocuments`. */
export const documentListQuerySchema = z.object({
  box: z.enum(DOCUMENT_BOXES),
  filter: z.enum(DOCUMENT_FILTERS).optional(),
  q: z
    .string()
    .trim()
    .max(DOCUMENT_SEARCH_MAX, { error: 'QUERY_PARAM_TOO_LONG' })
    .optional()
    .meta({ description: 'Search by name, number or counterparty (BIN/IIN or name).' }),
  folderId: pathIdSchema.optional(),
  sort: z.enum(DOCUMENT_SORTS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  limit: pageSize.optional(),
  cursor: z.string().max(512, { error: 'QUERY_PARAM_TOO_LONG' }).optional(),
});
/** See {@link documentListQuerySchema}. */
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

/**
 * History event types: SPEC section 3's, plus SEND, TRASH, RESTORE, COPY, APPROVE / DECLINE by an approver and
 * RECEIVE (ours: the document reached a signer company, Law 370-II art. 7; its `details` is the sender's BIN/IIN).
 */
export const HISTORY_EVENT_TYPES = [
  'CREATE',
  'UPDATE',
  'SEND',
  'SIGN',
  'REVOKE',
  'REJECT',
  'VIEW',
  'COMPLETE',
  'TRASH',
  'RESTORE',
  'COPY',
  'APPROVE',
  'DECLINE',
  'RECEIVE',
] as const;
/** See {@link HISTORY_EVENT_TYPES}. */
export type HistoryEventType = (typeof HISTORY_EVENT_TYPES)[number];

/** One event of a document's history: who did what, for which company, when and from where. */
export const historyEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(HISTORY_EVENT_TYPES),
  at: isoDate,
  actor: z.object({ userId: z.string().nullable(), firstname: z.string(), lastname: z.string() }).nullable(),
  company: partySchema.nullable(),
  ip: z.string().nullable(),
  details: z.string().nullable(),
});
/** See {@link historyEventSchema}. */
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** Answer of `verifyDocumentHistory`: whether the hash chain of a document's history is intact. */
export const historyVerificationSchema = z.object({
  valid: z.boolean(),
  events: z.number().int().meta({ description: 'Events in the history (of every company, VIEW included).' }),
  brokenAt: z
    .number()
    .int()
    .nullable()
    .meta({
      description:
        'Id of the first event whose hash, link to the previous event or place in the sequence does not hold ' +
        '(the last event when the chain ends before the head the document recorded); null when valid.',
    }),
  headHash: z
    .string()
    .nullable()
    .meta({ description: 'SHA-256 (hex) of the last event as stored; null without events.' }),
});
/** See {@link historyVerificationSchema}. */
export type HistoryVerification = z.infer<typeof historyVerificationSchema>;

/** Body of `moveDocumentToFolder`: a folder of the acting company, or null to take it out of any folder. */
export const moveToFolderRequestSchema = z.object({ folderId: z.number().int().positive().nullable() });

/** Path parameters of a company's resources. */
export const companyParamsSchema = z.object({
  bin: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
});
/** A numeric resource id in a path (documents, files, folders, counterparties). */
export const resourceIdSchema = pathIdSchema;
/** Path parameters of one document. */
export const documentParamsSchema = companyParamsSchema.extend({ id: resourceIdSchema });
/** Path parameters of one document file. */
export const documentFileParamsSchema = documentParamsSchema.extend({ fileId: resourceIdSchema });
