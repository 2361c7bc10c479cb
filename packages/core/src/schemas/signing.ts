import { z } from 'zod';
import { DOCUMENT_MAX_FILES } from '../limits';
import { documentSchema, historyEventSchema, signerSchema } from './documents';
import { langSchema, rejectCommentSchema } from './fields';

// Signing contract: the portal, the sdk, partner clients and the eGov mobile app talk to the server with these.
// Same convention as fields.ts: every issue message a user can cause is an ErrorCode.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });

/** Largest accepted base64 CMS: a detached signature with its certificate chain is a few kilobytes. */
export const CMS_BASE64_MAX = 256 * 1024;

/** A DER CMS SignedData in base64 (standard alphabet, padding optional). Issue message: `SIGNATURE_MISSING`. */
export const cmsBase64Schema = z
  .string()
  .trim()
  .min(1, { error: 'SIGNATURE_MISSING' })
  .max(CMS_BASE64_MAX, { error: 'SIGNATURE_MISSING' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'SIGNATURE_MISSING' })
  .meta({ description: 'DER CMS SignedData, base64.' });

/** One file's signature: a detached CMS over the stored original. */
export const fileSignatureSchema = z.object({
  fileId: z.number().int().positive(),
  cms: cmsBase64Schema,
});
/** See {@link fileSignatureSchema}. */
export type FileSignature = z.infer<typeof fileSignatureSchema>;

/** Body of `signDocument` (and signing through a personal link): one signature for every file of the document. */
export const signRequestSchema = z.object({
  signatures: z.array(fileSignatureSchema).min(1, { error: 'SIGNATURE_MISSING' }).max(DOCUMENT_MAX_FILES),
  lang: langSchema.optional(),
});
/** See {@link signRequestSchema}. */
export type SignRequest = z.infer<typeof signRequestSchema>;

/** Body of `rejectDocument`: the reason, 5 to 100 characters. */
export const rejectRequestSchema = z.object({
  reason: rejectCommentSchema,
  lang: langSchema.optional(),
});
/** See {@link rejectRequestSchema}. */
export type RejectRequest = z.infer<typeof rejectRequestSchema>;

/** Where an eGov mobile QR session is. */
export const QR_SIGNING_STATES = ['WAITING', 'FETCHED', 'SIGNED', 'FAILED', 'EXPIRED'] as const;
/** See {@link QR_SIGNING_STATES}. */
export type QrSigningState = (typeof QR_SIGNING_STATES)[number];

/** An eGov mobile QR session: show `qrPayload` as a QR code (or open `deepLink` on a phone) and follow `eventsUrl`. */
export const qrSigningSessionSchema = z.object({
  sessionId: z.string(),
  qrPayload: z.string().meta({ description: '`mobileSign:` followed by the API #1 URL.' }),
  deepLink: z.string().meta({ description: 'Opens eGov mobile on a phone with the same API #1 URL.' }),
  eventsUrl: z.string().meta({ description: 'Server-sent events of QrSigningEvent (no bearer needed).' }),
  expiresAt: isoDate,
});
/** See {@link qrSigningSessionSchema}. */
export type QrSigningSession = z.infer<typeof qrSigningSessionSchema>;

/** One server-sent event of a QR session; the last one has a final state (SIGNED, FAILED or EXPIRED). */
export const qrSigningEventSchema = z.object({
  state: z.enum(QR_SIGNING_STATES),
  errorCode: z.string().nullable().meta({
    description: 'Catalogue code when FAILED (e.g. SIGNATURE_MISMATCH) or EXPIRED (QR_SIGNING_TIMEOUT).',
  }),
  at: isoDate,
});
/** See {@link qrSigningEventSchema}. */
export type QrSigningEvent = z.infer<typeof qrSigningEventSchema>;

/** Body of `resendSigningLink`: which signer gets a new personal link by e-mail. */
export const resendSigningLinkRequestSchema = z.object({
  identityNumber: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
});

/** Answer of `resendSigningLink`: the link went to this address and works until `expiresAt`. */
export const signingLinkIssuedSchema = z.object({
  identityNumber: z.string(),
  email: z.string(),
  expiresAt: isoDate,
});
/** See {@link signingLinkIssuedSchema}. */
export type SigningLinkIssued = z.infer<typeof signingLinkIssuedSchema>;

/** What a signer without an account sees through a personal link: the document and their own place in it. */
export const signingLinkViewSchema = z.object({
  document: documentSchema,
  signer: signerSchema,
  expiresAt: isoDate,
  history: z.array(historyEventSchema).optional().meta({
    description:
      "The document's history as its signer sees it (signing, rejection, views after the link was opened).",
  }),
});
/** See {@link signingLinkViewSchema}. */
export type SigningLinkView = z.infer<typeof signingLinkViewSchema>;

/** Answer of `createAttachChallenge`: sign `data` (base64) with the company's EDS before `expiresAt`. */
export const attachChallengeSchema = z.object({
  challengeId: z.string(),
  data: z.string().meta({ description: 'Bytes to sign, base64.' }),
  expiresAt: isoDate,
});
/** See {@link attachChallengeSchema}. */
export type AttachChallenge = z.infer<typeof attachChallengeSchema>;

/** Body of `attachCompanyBySignature`: the challenge signed (CMS, detached) with a first head's or signatory's key. */
export const attachBySignatureRequestSchema = z.object({
  challengeId: z.string().min(1).max(128),
  cms: cmsBase64Schema,
  lang: langSchema.optional(),
});
/** See {@link attachBySignatureRequestSchema}. */
export type AttachBySignatureRequest = z.infer<typeof attachBySignatureRequestSchema>;

/** NCALayer's default address on the user's machine. */
export const NCALAYER_DEFAULT_URL = 'wss://127.0.0.1:13579';

/** Answer of `getSigningConfig`: read once at start by the portal and the embedded widgets. */
export const signingConfigSchema = z.object({
  ncaLayerUrl: z
    .string()
    .meta({ description: `NCALayer's websocket address (${NCALAYER_DEFAULT_URL} unless configured).` }),
  testSigner: z.object({ label: z.string() }).nullable().meta({
    description:
      'Set when a development NCALayer emulator with test keys answers at ncaLayerUrl; never in production.',
  }),
});
/** See {@link signingConfigSchema}. */
export type SigningConfig = z.infer<typeof signingConfigSchema>;

// eGov mobile QR signing, as the app expects it (field names are the app's, not ours).

/** eGov mobile API #1: what to sign and where to fetch it. */
export const egovQrDescriptionSchema = z.object({
  description: z.string(),
  expiry_date: isoDate,
  organisation: z.object({ nameRu: z.string(), nameKz: z.string(), nameEn: z.string(), bin: z.string() }),
  document: z.object({
    uri: z.string().meta({ description: 'API #2 URL.' }),
    auth_type: z.literal('Token'),
    auth_token: z.string(),
  }),
});
/** See {@link egovQrDescriptionSchema}. */
export type EgovQrDescription = z.infer<typeof egovQrDescriptionSchema>;

/** How eGov mobile signs: a detached CMS (CMS_SIGN_ONLY) or one carrying the data (CMS_WITH_DATA). */
export const EGOV_SIGN_METHODS = ['CMS_SIGN_ONLY', 'CMS_WITH_DATA'] as const;

/** One document of eGov mobile API #2; `data` is the file (GET) or its CMS (PUT), base64. */
export const egovDocumentToSignSchema = z.object({
  id: z.number().int(),
  nameRu: z.string(),
  nameKz: z.string(),
  nameEn: z.string(),
  meta: z.array(z.object({ name: z.string(), value: z.string() })),
  document: z.object({ file: z.object({ mime: z.string(), data: z.string() }) }),
});

/** eGov mobile API #2, both ways: GET gives the files, PUT returns the same structure with signatures. */
export const egovDocumentsToSignSchema = z.object({
  signMethod: z.enum(EGOV_SIGN_METHODS),
  version: z.number().int().optional(),
  documentsToSign: z.array(egovDocumentToSignSchema).min(1),
});
/** See {@link egovDocumentsToSignSchema}. */
export type EgovDocumentsToSign = z.infer<typeof egovDocumentsToSignSchema>;

/** The `mobileSign:` prefix of an eGov mobile QR payload. */
export const EGOV_QR_PREFIX = 'mobileSign:';

/** What an approver without an account sees through its link: the document, the signer it approves for, until when. */
export const approvalLinkViewSchema = z.object({
  document: documentSchema,
  signer: signerSchema,
  approverEmail: z.string(),
  expiresAt: isoDate,
});
/** See {@link approvalLinkViewSchema}. */
export type ApprovalLinkView = z.infer<typeof approvalLinkViewSchema>;

/** Body of declining through an approval link: the comment, 5 to 100 characters (it becomes the rejection reason). */
export const declineRequestSchema = z.object({
  comment: rejectCommentSchema,
  lang: langSchema.optional(),
});
/** See {@link declineRequestSchema}. */
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

/** Body of `remindSigners`: one signer by BIN/IIN, or (absent) every signer waiting on its turn. */
export const remindRequestSchema = z.object({
  identityNumber: z
    .string()
    .regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' })
    .optional(),
});
/** See {@link remindRequestSchema}. */
export type RemindRequest = z.infer<typeof remindRequestSchema>;

/** Answer of `getReminders` / `remindSigners`: per waiting signer, when last reminded and the seconds until the next. */
export const reminderStatusSchema = z.object({
  cooldownSeconds: z
    .number()
    .int()
    .meta({ description: 'The waiting time between two reminders to one signer.' }),
  signers: z.array(
    z.object({
      identityNumber: z.string(),
      remindedAt: isoDate.nullable(),
      secondsLeft: z.number().int().nonnegative().meta({ description: '0: may be reminded now.' }),
    }),
  ),
  /** The signers this call reminded (empty for `getReminders`). */
  reminded: z.array(z.string()),
});
/** See {@link reminderStatusSchema}. */
export type ReminderStatus = z.infer<typeof reminderStatusSchema>;

/** Largest interval of automatic reminders, in days. */
export const REMIND_EVERY_DAYS_MAX = 30;

/** A document's schedule: when it stops accepting signatures and how often its signers are reminded (null: never). */
export const documentScheduleSchema = z.object({
  expiresAt: isoDate.nullable(),
  remindEveryDays: z.number().int().min(1).max(REMIND_EVERY_DAYS_MAX).nullable(),
});
/** See {@link documentScheduleSchema}. */
export type DocumentSchedule = z.infer<typeof documentScheduleSchema>;

/** Body of `setDocumentSchedule`: an expiry in the future (DOCUMENT_EXPIRED otherwise) and the reminder interval. */
export const documentScheduleRequestSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true, error: 'VALIDATION_FAILED' }).nullable(),
  remindEveryDays: z
    .number()
    .int({ error: 'VALIDATION_FAILED' })
    .min(1, { error: 'VALIDATION_FAILED' })
    .max(REMIND_EVERY_DAYS_MAX, { error: 'VALIDATION_FAILED' })
    .nullable(),
});
/** See {@link documentScheduleRequestSchema}. */
export type DocumentScheduleRequest = z.infer<typeof documentScheduleRequestSchema>;
