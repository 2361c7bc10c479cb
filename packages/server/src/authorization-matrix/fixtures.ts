import { DOCUMENT_BOXES, DOCUMENT_UPLOAD_PARTS } from '@qoltanba/core';
import { samplePdf } from '../testing/document-files.js';
import { type Part, uploadParts } from '../testing/documents.js';

// What the authorization matrix sends: the companies, the victim's secrets, resource ids (the victim's, missing
// and beyond the integer range) and, by operationId or parameter name, the bodies, queries and capability secrets
// that make a valid-looking request of each route. A new route without a fixture here fails the matrix by name.

/** The company whose resources the outsiders ask for. */
export const VICTIM_BIN = '990340005977';
/** The outsiders' company: its member is signed in, but not in the victim's company. */
export const STRANGER_BIN = '020540003431';
/** A third company: the victim's document is sent to it, so the stranger is no participant. */
export const SIGNER_BIN = '150940001238';
/** A counterparty number the requests use: neither the victim's nor the stranger's. */
const NEUTRAL_BIN = '920715401122';
/** An id no row has (within `integer`, so the database is asked). */
export const MISSING_ID = 2_000_000_000;

/** Text that only the victim's data contains; no answer to an outsider may include any of it. */
export const SECRET = {
  folder: 'Victim secret folder',
  counterparty: 'Victim secret counterparty',
  document: 'Victim secret document',
  apiKey: 'Victim secret API key',
};

/** Ids of a company's resources that a path or body may name. */
export interface ResourceIds {
  folderId: number;
  counterpartyId: number;
  /** Present when the documents module is registered (its createDocument route made the fixture). */
  documentId?: number;
  fileId?: number;
  /** The start of that file's SHA-256, which the public stored-file verification needs besides the ids. */
  fileHash?: string;
  /** An external link of the victim to that document (sent for it). */
  linkId?: number;
  /** Present when the partner module is registered (its createApiKey route made the fixture). */
  apiKeyId?: string;
  /** An order of the victim's, its payment reference and its invoice (when the billing module is registered). */
  orderId?: number;
  orderUin?: string;
  invoiceId?: number;
}

const missingIds = (id: number, apiKeyId: string, orderUin: string): Required<ResourceIds> => ({
  folderId: id,
  counterpartyId: id,
  documentId: id,
  fileId: id,
  fileHash: '0'.repeat(16),
  linkId: id,
  apiKeyId,
  orderId: id,
  orderUin,
  invoiceId: id,
});
/** Ids no row has, of every kind. */
export const MISSING = missingIds(MISSING_ID, '00000000-0000-4000-8000-000000000000', 'QT0000000000000000');
/** Ids a path accepts but no `integer` column can hold: missing too, and must answer alike (not 500). */
export const BEYOND = missingIds(Number.MAX_SAFE_INTEGER, 'k'.repeat(64), 'QT'.padEnd(40, '9'));

/** A request body: JSON, or multipart parts (document uploads). */
export type Body = { json: unknown } | { multipart: Part[] };

/** Fills each path parameter from the ids; undefined when the ids lack it (no document fixture). */
export const PATH_PARAMS: Record<string, (ids: ResourceIds) => number | string | undefined> = {
  folderId: (ids) => ids.folderId,
  counterpartyId: (ids) => ids.counterpartyId,
  id: (ids) => ids.documentId,
  fileId: (ids) => ids.fileId,
  linkId: (ids) => ids.linkId,
  keyId: (ids) => ids.apiKeyId,
  plan: () => 'monthly',
  filialId: () => 1,
};

/**
 * Routes that name one resource by `:id` and no company (orders, invoices, payment results): the resource's company
 * decides, so an anonymous caller gets 401 and a member of another company with the victim's id the very answer a
 * missing id gets (404). Which id each takes, by operationId.
 */
export const ID_OWNED: Record<string, (ids: ResourceIds) => number | undefined> = {
  getOrder: (ids) => ids.orderId,
  getPaymentResult: (ids) => ids.orderId,
  getPaymentInvoicePath: (ids) => ids.invoiceId,
};

/** Routes whose company is named in the body, not the path (filled with the caller's BIN like a `:bin`). */
export const BODY_BIN = new Set(['generatePaymentInvoice']);
const apiKeyBody = (): Body => ({
  json: { name: 'Matrix key', allowedOrigins: ['https://matrix.example.kz'] },
});

const counterpartyBody = (): Body => ({
  json: { identityNumber: NEUTRAL_BIN, nameRu: 'ТОО «Матрица»', emails: ['matrix@example.kz'] },
});
const draft = (name: string, signerBin: string) => ({
  name,
  signingMethod: 'PARALLEL',
  signers: [{ identityNumber: signerBin, email: 'signer@example.kz', nameRu: 'ТОО «Дала Софт»' }],
});
/** The parts of a document upload: the draft, then one PDF. */
export const documentUpload = (name: string): Part[] =>
  uploadParts(draft(name, SIGNER_BIN), [{ filename: 'matrix.pdf', bytes: samplePdf() }]);
const pdfPart = (): Part => ({
  name: DOCUMENT_UPLOAD_PARTS.files,
  value: samplePdf(),
  filename: 'matrix.pdf',
  contentType: 'application/pdf',
});

/**
 * Valid-looking bodies by operationId: they pass validation, so only access decides the answer. Ids in them
 * come from the caller's ids (the victim's, or missing ones).
 */
export const BODIES: Record<string, (ids: ResourceIds, bin: string) => Body> = {
  generatePaymentInvoice: (ids, bin) => ({
    json: {
      abonentId: bin,
      currency: 'KZT',
      uin: ids.orderUin ?? 'QT0000000000000000',
      lang: 'ru',
      filialId: 1,
      customerAccountCategoryId: 1,
      balance: 0,
    },
  }),
  createFolder: (ids) => ({ json: { name: 'Matrix folder', parentId: ids.folderId } }),
  updateFolder: () => ({ json: { name: 'Matrix folder', parentId: null } }),
  createCounterparty: counterpartyBody,
  updateCounterparty: counterpartyBody,
  createDocument: () => ({ multipart: documentUpload('Matrix document') }),
  updateDocument: () => ({ json: draft('Matrix document', SIGNER_BIN) }),
  addDocumentFiles: () => ({ multipart: [pdfPart()] }),
  moveDocumentToFolder: (ids) => ({ json: { folderId: ids.folderId } }),
  signDocument: (ids) => ({ json: { signatures: [{ fileId: ids.fileId ?? 1, cms: 'MIIBAA==' }] } }),
  rejectDocument: () => ({ json: { reason: 'Matrix reason' } }),
  resendSigningLink: () => ({ json: { identityNumber: SIGNER_BIN } }),
  resendApprovalLink: () => ({ json: { identityNumber: SIGNER_BIN } }),
  remindSigners: () => ({ json: { identityNumber: SIGNER_BIN } }),
  setDocumentSchedule: () => ({ json: { expiresAt: null, remindEveryDays: 3 } }),
  createApiKey: apiKeyBody,
  updateApiKey: apiKeyBody,
  // Capability routes (no :bin): their path secret is the only credential.
  signByLink: () => ({ json: { signatures: [{ fileId: 1, cms: 'MIIBAA==' }] } }),
  rejectByLink: () => ({ json: { reason: 'Matrix reason' } }),
  declineByLink: () => ({ json: { comment: 'Matrix reason' } }),
  putEgovSignatures: () => ({
    json: {
      signMethod: 'CMS_SIGN_ONLY',
      documentsToSign: [
        {
          id: 1,
          nameRu: 'a',
          nameKz: 'a',
          nameEn: 'a',
          meta: [],
          document: { file: { mime: 'x', data: 'MA==' } },
        },
      ],
    },
  }),
};

/**
 * Path secrets of public capability routes (personal signing links, eGov mobile QR sessions): such a route has
 * no :bin; with a made-up secret it must answer 404 like any unknown one, and show nothing.
 */
export const CAPABILITY_PARAMS: Record<string, string> = {
  token: 'matrixUnknownToken0000000000000000000000000',
  sessionId: 'matrixUnknownSession000000000000000000000000',
};

/**
 * Public capability routes whose secret travels in a header (external document links): called with the victim's
 * document and file ids and a made-up token, they must answer 404 exactly as for missing ids.
 */
export const HEADER_CAPABILITIES = new Set([
  'getExternalDocument',
  'downloadExternalFile',
  'previewExternalFile',
]);
/** The token those routes get in their header: no link has it. */
export const MADE_UP_LINK_TOKEN = 'matrixUnknownLinkToken00000000000000000000';

/** Query strings of routes whose query has required fields, by operationId. */
export const QUERIES: Record<string, string> = {
  listDocuments: `box=${DOCUMENT_BOXES[0]}`,
  generatePaymentInvoice: 'qoltanbaDocs=true&qoltanbaDocsTariff=1',
};

/**
 * Public capability routes whose secret travels in the query (the invoice download's signed path): with a made-up
 * secret they must answer 404 to anybody, and show nothing.
 */
export const QUERY_CAPABILITIES: Record<string, string> = {
  downloadPaymentInvoice: `path=1.${'A'.repeat(43)}&download=true`,
};

/** Routes of the service that hold no company's data at all, so there is nothing to refuse (with the reason). */
export const PUBLIC_WITHOUT_DATA: Record<string, string> = {
  getSigningConfig: "NCALayer's address and the test-signer flag, the same for everyone",
  verifySignatures:
    'answers about the uploaded bytes only; a document signed here is found by its SHA-256, so only by someone ' +
    'who holds the document itself (the verification tests show an unsigned one answers DOCUMENT_NOT_SIGNED)',
  downloadVerificationReport: 'the same upload and answer as verifySignatures, printed as a PDF',
  getTariffPlans: 'the plan catalogue and its prices, the same for everyone',
};

/**
 * Public routes that name a document by its ids and answer only for a file that carries a signature: the
 * victim's document (sent, unsigned) must answer exactly like missing ids, to anybody.
 */
export const PUBLIC_SIGNED_ONLY = new Set(['verifyStoredFile', 'downloadStoredFileVerificationReport']);

/** Path parameters of the public verification route, from a company's resource ids. */
export const PUBLIC_PATH_PARAMS: Record<string, (ids: ResourceIds) => number | undefined> = {
  docId: (ids) => ids.documentId,
  fileId: (ids) => ids.fileId,
};
