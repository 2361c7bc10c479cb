// What the steps of the contract table share: the request and expectation types, the two parties, and helpers
// that build paths, uploads and the meaning of an answer both sides must agree on.
import {
  apiPath,
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  type Document,
  type DocumentDraft,
  type DocumentPage,
  type ErrorCode,
  EXTERNAL_LINK_HEADER,
  type ExternalDocumentView,
  type ExternalLink,
  errorStatus,
  VERIFICATION_PATHS,
  VERIFICATION_UPLOAD_PARTS,
} from '@qoltanba/core';
import { PARTIES, type Side } from './sides';

/** What one side remembers between the steps: tokens, ids and values its own answers gave. */
export interface Context {
  tokens: Partial<Record<User, string>>;
  ids: Record<string, number>;
  values: Record<string, string>;
}

/** The two users of the table: A acts for an individual, B for a sole proprietor. */
export type User = 'a' | 'b';

/** A request of the table, built for one side from that side's context. */
export interface TableRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Sent with this user's bearer token. */
  as?: User;
  json?: unknown;
  /** A multipart body (built anew for each side). */
  form?: FormData;
  /** Extra request headers (the external link token). */
  headers?: Record<string, string>;
}

/** The part of a zod schema the table uses. */
export interface BodySchema {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}

/** What both sides must answer. */
export type Expectation =
  | { status: number; schema?: BodySchema; binary?: undefined; code?: undefined }
  | { status: number; code: ErrorCode; schema?: undefined; binary?: undefined }
  | { status: number; binary: string; schema?: undefined; code?: undefined };

/** One row of the shared table. */
export interface Step {
  name: string;
  request(context: Context, side: Side): TableRequest | Promise<TableRequest>;
  expect: Expectation;
  /** A projection of the body that must be equal on both sides (ids and timestamps differ, meanings must not). */
  same?: (body: never) => unknown;
  /** Remembers values of this side's answer for later steps. */
  keep?: (context: Context, body: never) => void;
}

export const ok = (schema?: BodySchema, status = 200): Expectation =>
  schema ? { status, schema } : { status };
export const refused = (code: ErrorCode, status = errorStatus(code)): Expectation => ({ status, code });

export const A_BIN = PARTIES.individual.entry.bin;
export const B_BIN = PARTIES.soleProprietor.entry.bin;
export const EMAIL = { a: 'contract-a@example.kz', b: 'contract-b@example.kz' } as const;
export const PASSWORD = 'correct-horse';
export const docPath = (
  template: string,
  context: Context,
  extra: Record<string, string> = {},
  bin = A_BIN,
) => apiPath(template, { bin, id: String(context.ids.document), ...extra });
export const companyPath = (template: string, bin = A_BIN, extra: Record<string, string> = {}) =>
  apiPath(template, { bin, ...extra });

/** A file the server recognises as PDF by content. */
export function pdf(name: string, size = 256): File {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new File([bytes], name, { type: 'application/pdf' });
}

export function upload(draft: unknown, files: File[], options: { draftFirst?: boolean } = {}): FormData {
  const form = new FormData();
  if (options.draftFirst !== false && draft !== undefined) {
    form.append(DOCUMENT_UPLOAD_PARTS.document, JSON.stringify(draft));
  }
  for (const file of files) form.append(DOCUMENT_UPLOAD_PARTS.files, file, file.name);
  if (options.draftFirst === false) form.append(DOCUMENT_UPLOAD_PARTS.document, JSON.stringify(draft));
  return form;
}

/** A verification upload: one `files` part per file. */
export function verification(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(VERIFICATION_UPLOAD_PARTS.files, file, file.name);
  return form;
}

export async function sha256Of(file: File): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const storedFilePath = (docId: number, fileId: number, sha256?: string) =>
  apiPath(VERIFICATION_PATHS.storedFile, { docId: String(docId), fileId: String(fileId) }) +
  (sha256 === undefined ? '' : `?sha256=${sha256}`);

export const storedReportPath = (docId: number, fileId: number, sha256?: string) =>
  apiPath(VERIFICATION_PATHS.storedFileReport, { docId: String(docId), fileId: String(fileId) }) +
  (sha256 === undefined ? '' : `?sha256=${sha256}`);

export const signerB = { identityNumber: B_BIN, email: EMAIL.b, nameRu: 'ИП Бекова' };
export const draft: DocumentDraft = {
  name: 'Договор поставки',
  signingMethod: 'PARALLEL',
  signers: [signerB],
};

/** The document fields both servers must agree on (the rest are ids, numbers and times). */
export const documentMeaning = (document: Document) => ({
  name: document.name,
  status: document.status,
  lifecycleStatus: document.lifecycleStatus,
  role: document.role,
  allowedActions: document.allowedActions,
  files: document.files.map((file) => [file.name, file.format, file.size, file.sha256]),
  signers: document.signers.map((signer) => [
    signer.identityNumber,
    signer.order,
    signer.state,
    signer.linkDelivery?.state ?? null,
  ]),
  // Presence only: the days left depend on the millisecond the answer is made (see the README).
  inTrash: document.trash !== null,
  inFolder: document.folderId !== null,
});
export const pageMeaning = (page: DocumentPage) => ({
  names: page.items.map((item) => [item.name, item.status, item.role, item.fileCount]),
  more: page.nextCursor !== null,
});

/** One unreadable "CMS" per file of the table's document, as user B sees it on this side. */
export async function unreadableSignatures(context: Context, side: Side) {
  const response = await side.fetch(docPath(DOCUMENT_PATHS.document, context, {}, B_BIN), {
    headers: { authorization: `Bearer ${context.tokens.b}` },
  });
  const document = (await response.json()) as Document;
  return document.files.map((file) => ({ fileId: file.id, cms: btoa('not a CMS') }));
}

/** The address of the table's document as an external link shows it (token in a header). */
export const externalPath = (template: string, context: Context, extra: Record<string, string> = {}) =>
  apiPath(template, { id: String(context.ids.document), ...extra });
export const linkHeader = (token: string | undefined) => ({ [EXTERNAL_LINK_HEADER]: token ?? '' });
export const DAY_MS = 86_400_000;
export const linkMeaning = (link: ExternalLink) => ({
  label: link.label,
  days: (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / DAY_MS,
  revoked: link.revokedAt !== null,
});
export const externalMeaning = (view: ExternalDocumentView) => ({
  name: view.document.name,
  status: view.document.status,
  files: view.document.files.map((file) => [file.name, file.format, file.size, file.sha256]),
  signers: view.document.signers.map((signer) => [signer.identityNumber, signer.order, signer.state]),
  history: view.history.map((event) => [event.type, event.ip, event.actor?.userId ?? null]),
  verifications: view.verifications.length,
});
