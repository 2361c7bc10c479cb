import { z } from 'zod';
import { pathIdSchema } from './decimal';

// The shape of a signature verification report. The server's engine produces it, the signing flow stores it,
// the public verification API (`verifySignatures`) and the verification widget show it: partners rely on it.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });

/** ETSI EN 319 102-1 main indications. */
export const ETSI_INDICATIONS = ['TOTAL_PASSED', 'INDETERMINATE', 'TOTAL_FAILED'] as const;
/** See {@link ETSI_INDICATIONS}. */
export type EtsiIndication = (typeof ETSI_INDICATIONS)[number];

/** ETSI EN 319 102-1 sub-indications (clause 5.1.3) that this verifier can report. */
export const ETSI_SUB_INDICATIONS = [
  // TOTAL_FAILED
  'FORMAT_FAILURE',
  'HASH_FAILURE',
  'SIG_CRYPTO_FAILURE',
  'REVOKED',
  'EXPIRED',
  'NOT_YET_VALID',
  // INDETERMINATE
  'SIG_CONSTRAINTS_FAILURE',
  'CHAIN_CONSTRAINTS_FAILURE',
  'CERTIFICATE_CHAIN_GENERAL_FAILURE',
  'CRYPTO_CONSTRAINTS_FAILURE',
  'NO_SIGNING_CERTIFICATE_FOUND',
  'NO_CERTIFICATE_CHAIN_FOUND',
  'REVOKED_NO_POE',
  'REVOKED_CA_NO_POE',
  'OUT_OF_BOUNDS_NO_POE',
  'OUT_OF_BOUNDS_NOT_REVOKED',
  'SIGNED_DATA_NOT_FOUND',
  'TRY_LATER',
  // Ours, not ETSI's: the certificate's IIN (SERIALNUMBER=IIN...) or BIN (OU=BIN...) is not a well-formed number.
  'SIGNER_IDENTITY_MALFORMED',
] as const;
/** See {@link ETSI_SUB_INDICATIONS}. */
export type EtsiSubIndication = (typeof ETSI_SUB_INDICATIONS)[number];

/** Signature algorithm families as Kazakhstan's PKI uses them. */
export const SIGNATURE_TYPES = ['GOST2015', 'GOST2004', 'RSA', 'ECDSA'] as const;
/** See {@link SIGNATURE_TYPES}. */
export type SignatureType = (typeof SIGNATURE_TYPES)[number];

/**
 * Whether a CMS carries the signed content (attached) or not (detached); `enveloped`: an XMLDSig signature inside
 * the XML document it signs.
 */
export const SIGNATURE_PACKAGINGS = ['attached', 'detached', 'enveloped'] as const;
/** See {@link SIGNATURE_PACKAGINGS}. */
export type SignaturePackaging = (typeof SIGNATURE_PACKAGINGS)[number];

/**
 * A signer's role, from the extended key usage 1.2.398.3.3.4.1.x of a KZ certificate: an individual, a legal
 * entity's employee in general, its first head, someone with the right to sign, financial documents, HR.
 */
export const SIGNER_ROLES = [
  'individual',
  'legal_entity',
  'first_head',
  'right_to_sign',
  'financial',
  'hr',
  'employee',
] as const;
/** See {@link SIGNER_ROLES}. */
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** Who signed, as read from the signing certificate. */
export const certificateSignerSchema = z.object({
  iin: z
    .string()
    .nullable()
    .meta({ description: 'From SERIALNUMBER=IIN...; null on a certificate without it.' }),
  bin: z.string().nullable().meta({ description: 'From OU=BIN...; null for individuals.' }),
  fullName: z
    .string()
    .nullable()
    .meta({ description: 'Surname, name and patronymic (GIVENNAME) as printed.' }),
  surname: z.string().nullable(),
  givenName: z.string().nullable(),
  patronymic: z.string().nullable(),
  organisation: z.string().nullable(),
  email: z.string().nullable(),
  role: z
    .enum(SIGNER_ROLES)
    .nullable()
    .meta({ description: 'The most specific role the certificate carries.' }),
  roles: z.array(z.enum(SIGNER_ROLES)),
});
/** See {@link certificateSignerSchema}. */
export type CertificateSigner = z.infer<typeof certificateSignerSchema>;

/**
 * In what capacity a certificate signed (see `signingCapacity`): its role (from the EKU, else `individual` or
 * `legal_entity` by whether it names a BIN), whether it signs for a company, and whether that role may.
 */
export const signingCapacitySchema = z.object({
  role: z.enum(SIGNER_ROLES).nullable().meta({
    description:
      'The capacity: the most specific EKU role, else individual / legal_entity; null when unknown.',
  }),
  forCompany: z
    .boolean()
    .meta({ description: 'The certificate names a company (a BIN): it signs on its behalf.' }),
  maySignForCompany: z
    .boolean()
    .nullable()
    .meta({
      description:
        "For a company's certificate, whether its role may sign for the company (first head or right to sign); " +
        'false flags a financial, HR, employee or role-less certificate; null when it signs for no company.',
    }),
});
/** See {@link signingCapacitySchema}. */
export type SigningCapacity = z.infer<typeof signingCapacitySchema>;

/** The signing certificate's identity and validity. */
export const certificateInfoSchema = z.object({
  serial: z.string().meta({ description: 'Serial number, lower-case hex.' }),
  notBefore: isoDate,
  notAfter: isoDate,
  issuer: z.string().meta({ description: 'Issuer distinguished name (RFC 4514 string).' }),
  subject: z.string(),
});
/** See {@link certificateInfoSchema}. */
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;

/** Revocation status of the signing certificate and where it came from. */
export const revocationInfoSchema = z.object({
  status: z.enum(['good', 'revoked', 'unknown']),
  source: z.enum(['ocsp', 'crl']).nullable(),
  revokedAt: isoDate.nullable(),
  checkedAt: isoDate.nullable(),
});
/** See {@link revocationInfoSchema}. */
export type RevocationInfo = z.infer<typeof revocationInfoSchema>;

/** An RFC 3161 timestamp over a signature (CAdES-T signatureTimeStampToken) and what checking it found. */
export const signatureTimestampSchema = z.object({
  time: isoDate.meta({ description: "The TSA's genTime: proof that the signature existed then." }),
  tsa: z
    .string()
    .nullable()
    .meta({ description: "The time-stamping unit's certificate subject name, when found." }),
  indication: z.enum(ETSI_INDICATIONS).meta({
    description:
      'TOTAL_PASSED when the token verifies: imprint over the signature value, TSA signature and chain.',
  }),
  subIndication: z.enum(ETSI_SUB_INDICATIONS).nullable(),
});
/** See {@link signatureTimestampSchema}. */
export type SignatureTimestamp = z.infer<typeof signatureTimestampSchema>;

/** The verification result of one SignerInfo. */
export const signatureReportSchema = z.object({
  indication: z.enum(ETSI_INDICATIONS),
  subIndication: z.enum(ETSI_SUB_INDICATIONS).nullable(),
  signer: certificateSignerSchema,
  certificate: certificateInfoSchema
    .nullable()
    .meta({ description: 'Null when no signing certificate was found.' }),
  signingTime: isoDate.nullable().meta({ description: 'The signed signingTime attribute, if present.' }),
  signatureType: z.enum(SIGNATURE_TYPES).nullable(),
  packaging: z.enum(SIGNATURE_PACKAGINGS),
  revocation: revocationInfoSchema,
  capacity: signingCapacitySchema.optional().meta({
    description: 'In what capacity the certificate signed; absent in reports made before it was reported.',
  }),
  timestamp: signatureTimestampSchema
    .nullable()
    .optional()
    .meta({
      description:
        'The signature timestamp, when the signature carries one; a verified one is the best signature time, used for ' +
        'the certificate validity checks instead of the claimed signingTime.',
    }),
  archiveTimestamps: z
    .array(signatureTimestampSchema)
    .optional()
    .meta({
      description:
        'Archive timestamps (CAdES-A archive-time-stamp-v3) over the signature and its kept evidence, oldest first; a ' +
        'verified one proves the earlier timestamp and evidence existed before their certificates expired.',
    }),
});
/** See {@link signatureReportSchema}. */
export type SignatureReport = z.infer<typeof signatureReportSchema>;

/** A whole verification: the overall verdict is the worst indication of its signatures. */
export const verificationReportSchema = z.object({
  verdict: z.enum(ETSI_INDICATIONS),
  signatures: z.array(signatureReportSchema),
});
/** See {@link verificationReportSchema}. */
export type VerificationReport = z.infer<typeof verificationReportSchema>;

const INDICATION_RANK: Record<EtsiIndication, number> = {
  TOTAL_PASSED: 0,
  INDETERMINATE: 1,
  TOTAL_FAILED: 2,
};

/** The overall verdict of several signatures: the worst of their indications (INDETERMINATE for none). */
export function overallVerdict(indications: readonly EtsiIndication[]): EtsiIndication {
  if (indications.length === 0) return 'INDETERMINATE';
  return indications.reduce((worst, next) => (INDICATION_RANK[next] > INDICATION_RANK[worst] ? next : worst));
}

/**
 * What a verified file was recognised as, by content: a CMS signature, an XML document with XMLDSig signatures,
 * or an original: a document format we know (PDF, DOC, DOCX, ODT), or `other`, any file uploaded beside the
 * detached CMS that signs it.
 */
export const VERIFIED_FILE_KINDS = ['cms', 'pdf', 'doc', 'docx', 'odt', 'xml', 'other'] as const;
/** See {@link VERIFIED_FILE_KINDS}. */
export type VerifiedFileKind = (typeof VERIFIED_FILE_KINDS)[number];

const fileIndex = z.number().int().nonnegative();

/** One file of a verification: an uploaded one, the stored file of a document signed here, or one a card carries. */
export const verifiedFileSchema = z.object({
  name: z
    .string()
    .meta({ description: 'The file name as uploaded (or as stored, or as the card names it).' }),
  kind: z.enum(VERIFIED_FILE_KINDS),
  sha256: z.string().meta({ description: 'Hex SHA-256 of the bytes.' }),
  size: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .meta({ description: 'Bytes (given for files a card carries).' }),
  description: z
    .string()
    .optional()
    .meta({ description: "The card's note on an attached file (its /Desc), when it has one." }),
  inCard: fileIndex.optional().meta({
    description:
      'For a file taken out of a document card: the index in `files` of the card PDF that carries it.',
  }),
});
/** See {@link verifiedFileSchema}. */
export type VerifiedFile = z.infer<typeof verifiedFileSchema>;

/**
 * What the document card specification (SIGEX's "карточка электронного документа", kaarkz/ddcard) asks of each
 * signature beyond the usual checks, each a finding when not met: a CMS, detached, with a signatureTimeStampToken
 * that verifies (its genTime is the signature time), and embedded revocation values vouching for the signer's
 * certificate at that time (an OCSP answer whose thisUpdate is within 5 minutes of it, or a CRL whose
 * thisUpdate..nextUpdate covers it, with the delta CRL when the CA publishes them).
 */
export const CARD_FINDINGS = [
  'NOT_CMS',
  'TIMESTAMP_MISSING',
  'TIMESTAMP_FAILED',
  'REVOCATION_MISSING',
  'OCSP_NOT_AT_SIGNATURE_TIME',
  'CRL_NOT_AT_SIGNATURE_TIME',
  'DELTA_CRL_MISSING',
] as const;
/** See {@link CARD_FINDINGS}. */
export type CardFinding = (typeof CARD_FINDINGS)[number];

/** The card specification's checks of one signature in a document card. */
export const cardChecksSchema = z.object({
  signatureTime: isoDate.nullable().meta({
    description: "The signature time by the card specification: the timestamp's genTime; null without one.",
  }),
  revocationSource: z.enum(['ocsp', 'crl']).nullable().meta({
    description: "The embedded evidence of the signer's certificate status that was used; null when none.",
  }),
  revocationTime: isoDate
    .nullable()
    .meta({ description: "That evidence's thisUpdate (the OCSP answer's, or the CRL's)." }),
  findings: z.array(z.enum(CARD_FINDINGS)).meta({
    description:
      'What the card specification asks and this signature does not meet; any finding makes a signature that ' +
      'otherwise passed INDETERMINATE / SIG_CONSTRAINTS_FAILURE.',
  }),
});
/** See {@link cardChecksSchema}. */
export type CardChecks = z.infer<typeof cardChecksSchema>;

/**
 * A document card found among the uploaded files: a PDF whose attached files are the original document (the first)
 * and one detached CMS per signature, each carrying its timestamp and revocation evidence.
 */
export const verifiedCardSchema = z.object({
  file: fileIndex.meta({ description: 'Index in `files` of the card PDF.' }),
  original: fileIndex.meta({ description: 'Index in `files` of the original document the card carries.' }),
  signatureFiles: z
    .array(fileIndex)
    .meta({ description: 'Indexes in `files` of its signature files, in the order the card carries them.' }),
  verdict: z.enum(ETSI_INDICATIONS).meta({
    description:
      "The worst indication of the card's signatures: the card's data can be relied on only when TOTAL_PASSED.",
  }),
});
/** See {@link verifiedCardSchema}. */
export type VerifiedCard = z.infer<typeof verifiedCardSchema>;

/** One signature of a verification: the engine's report plus where it came from. */
export const verifiedSignatureSchema = signatureReportSchema.extend({
  signedFile: fileIndex.nullable().meta({
    description: 'Index in `files` of the document this signature covers; null when no original was found.',
  }),
  signatureFile: fileIndex.nullable().meta({
    description:
      'Index in `files` of the uploaded CMS (or signed XML) it came from; null for a signature stored here.',
  }),
  signedHere: z
    .boolean()
    .meta({ description: 'The signature was made on this service (and is stored here).' }),
  ip: z.string().nullable().meta({ description: 'IP address of the signer, for signatures made here.' }),
  signedAt: isoDate.nullable().meta({ description: 'When this service accepted it (signatures made here).' }),
  document: z.number().int().nonnegative().nullable().optional().meta({
    description:
      'Index in `documents` of the document signed here this signature belongs to; null (or absent) when none.',
  }),
  expectedIdentity: z
    .object({
      identityNumber: z
        .string()
        .meta({ description: 'The BIN (or IIN of an individual) the document expected.' }),
      matches: z.boolean().meta({ description: "Whether the certificate's BIN (else IIN) is that number." }),
    })
    .nullable()
    .optional()
    .meta({
      description:
        'For a signature kept here: the party it was accepted for, and whether the certificate signs for it; ' +
        'null (or absent) when the document expected nobody in particular.',
    }),
  card: cardChecksSchema.optional().meta({
    description:
      "For a signature a document card carries: the card specification's checks (absent otherwise).",
  }),
});
/** See {@link verifiedSignatureSchema}. */
export type VerifiedSignature = z.infer<typeof verifiedSignatureSchema>;

/** A document signed on this service that the verified file belongs to. */
export const verifiedDocumentSchema = z.object({
  id: z.number().int().positive(),
  number: z.number().int().positive(),
  name: z.string(),
});
/** See {@link verifiedDocumentSchema}. */
export type VerifiedDocument = z.infer<typeof verifiedDocumentSchema>;

/**
 * The answer of the public verification API (`verifySignatures`, `verifyStoredFile`): a stable shape partners and
 * the verification widget rely on; fields are only ever added. `verdict` is the worst indication of `signatures`.
 */
export const verificationResultSchema = verificationReportSchema.extend({
  signatures: z.array(verifiedSignatureSchema),
  document: verifiedDocumentSchema
    .nullable()
    .meta({ description: 'The first of `documents`, if any (kept for clients that read one document).' }),
  documents: z
    .array(verifiedDocumentSchema)
    .optional()
    .meta({
      description:
        'Every document signed here that the verified files belong to, each once: a file shared by two documents ' +
        'is two documents, and each signature says which one it belongs to (`document`).',
    }),
  files: z.array(verifiedFileSchema),
  cards: z
    .array(verifiedCardSchema)
    .optional()
    .meta({
      description:
        'The document cards among the uploaded PDFs (absent or empty when none): their original and signature files ' +
        "are in `files`, their signatures in `signatures` (each with `card`'s checks).",
    }),
});
/** See {@link verificationResultSchema}. */
export type VerificationResult = z.infer<typeof verificationResultSchema>;

/** Path parameters of the stored-file verification (`verifyStoredFile`). */
/** Hex characters of the file's SHA-256 a stored-file verification link must carry (64 bits). */
export const STORED_FILE_HASH_PREFIX = 16;

/**
 * Query of `verifyStoredFile`: the start of the file's SHA-256 (at least {@link STORED_FILE_HASH_PREFIX} hex
 * characters). Document ids are sequential, so the ids alone would let anyone walk through every signer's data;
 * the hash proves the caller holds the document or its signature sheet, whose QR codes carry it.
 */
export const verifyStoredFileQuerySchema = z.object({
  sha256: z
    .string()
    .trim()
    .toLowerCase()
    .regex(new RegExp(`^[0-9a-f]{${STORED_FILE_HASH_PREFIX},64}$`), { error: 'ENTITY_NOT_FOUND' })
    .optional()
    .meta({ description: "The start of the file's SHA-256; without it the file answers as not found." }),
  lang: z.string().optional(),
});

/** The portal page that verifies a stored file (`/check/:docId/:fileId?sha256=...`), as QR codes print it. */
export function checkPagePath(docId: number, fileId: number, sha256: string): string {
  return `/check/${docId}/${fileId}?sha256=${sha256.slice(0, STORED_FILE_HASH_PREFIX)}`;
}

export const verifyStoredFileParamsSchema = z.object({
  docId: pathIdSchema,
  fileId: pathIdSchema,
});
