import {
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  type Document,
  type DocumentDraft,
  type DocumentListQuery,
  type DocumentPage,
  documentPageSchema,
  documentSchema,
  type HistoryEvent,
  historyEventSchema,
} from '@qoltanba/core';
import { expectResponse, readPdf, readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';
import { multipartLayout, partProgress } from './uploadProgress';

/** Query of {@link listDocuments}: a box, and optionally a filter, search text, folder, sort and page. */
export type DocumentListParams = DocumentListQuery;

/** Options of the uploading calls ({@link createDocument}, {@link addDocumentFiles}). */
export interface UploadOptions extends CompanyScope {
  /**
   * Called on every progress event with the share (0 to 1) of each file sent, in the order of `files`.
   * The files travel in one multipart body, so the body's byte count is mapped onto them.
   */
  onProgress?: (files: number[]) => void;
}

const historySchema = historyEventSchema.array();

/** The query string of a list call: every given parameter, in a stable order. */
export function documentListSearch(params: DocumentListParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * One page of the acting company's documents in a box (SPEC section 2), newest first unless `sort` and
 * `order` say otherwise. Pass the page's `nextCursor` as `cursor` for the next one.
 *
 * @example const page = await listDocuments({ box: 'incoming', filter: 'needToSign', q: 'act' });
 */
export function listDocuments(params: DocumentListParams, scope?: CompanyScope): Promise<DocumentPage> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.documents, {}, scope, documentListSearch(params));
  return readResponse(api.get().json<unknown>(), documentPageSchema, client.lang);
}

/** One document as the acting company sees it; ApiError 404 when it is not a participant. */
export function getDocument(id: number, scope?: CompanyScope): Promise<Document> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.document, { id }, scope);
  return readResponse(api.get().json<unknown>(), documentSchema, client.lang);
}

function fileParts(form: FormData, files: readonly File[]): void {
  for (const file of files) form.append(DOCUMENT_UPLOAD_PARTS.files, file, file.name);
}

async function uploadDocumentBody(
  template: string,
  params: Record<string, number>,
  form: FormData,
  leading: { name: string; size: number }[],
  files: readonly File[],
  options: UploadOptions,
): Promise<Document> {
  const { client, path } = companyRequest(template, params, options);
  const layout = multipartLayout([
    ...leading,
    ...files.map((file) => ({
      name: DOCUMENT_UPLOAD_PARTS.files,
      size: file.size,
      fileName: file.name,
      type: file.type,
    })),
  ]);
  const { onProgress } = options;
  const body = await client.upload({
    method: 'POST',
    path,
    body: form,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(onProgress
      ? {
          onProgress: (loaded: number, total: number) =>
            onProgress(partProgress(layout, loaded, total).slice(leading.length)),
        }
      : {}),
  });
  return expectResponse(documentSchema, body, client.lang());
}

/**
 * Creates a draft from its name, signing method and signers plus its files, in one multipart request
 * (`document` JSON part first, then one `files` part per file, in order), with per-file progress.
 *
 * @example
 * const document = await createDocument(draft, [contract, annex], {
 *   onProgress: ([contractShare, annexShare]) => render(contractShare, annexShare),
 * });
 */
export function createDocument(
  draft: DocumentDraft,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<Document> {
  const form = new FormData();
  const json = JSON.stringify(draft);
  form.append(DOCUMENT_UPLOAD_PARTS.document, json);
  fileParts(form, files);
  const leading = [{ name: DOCUMENT_UPLOAD_PARTS.document, size: new TextEncoder().encode(json).length }];
  return uploadDocumentBody(DOCUMENT_PATHS.documents, {}, form, leading, files, options);
}

/** Adds files to a draft in one multipart request (one `files` part each), with per-file progress. */
export function addDocumentFiles(
  id: number,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<Document> {
  const form = new FormData();
  fileParts(form, files);
  return uploadDocumentBody(DOCUMENT_PATHS.files, { id }, form, [], files, options);
}

/** Replaces a draft's (or a rejected document's) name, signing method and signers; a rejected one becomes a draft. */
export function updateDocument(id: number, draft: DocumentDraft, scope?: CompanyScope): Promise<Document> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.document, { id }, scope);
  return readResponse(api.put(draft).json<unknown>(), documentSchema, client.lang);
}

function documentAction(template: string, id: number, scope?: CompanyScope): Promise<Document> {
  const { api, client } = companyRequest(template, { id }, scope);
  return readResponse(api.post().json<unknown>(), documentSchema, client.lang);
}

/** Sends a draft for signing: DRAFT -> AT_SIGNING. */
export function sendDocument(id: number, scope?: CompanyScope): Promise<Document> {
  return documentAction(DOCUMENT_PATHS.send, id, scope);
}

/** Makes a new draft with the same name, files and signers; resolves with the new draft. */
export function copyDocument(id: number, scope?: CompanyScope): Promise<Document> {
  return documentAction(DOCUMENT_PATHS.copy, id, scope);
}

/** Moves a document into the acting company's trash (its status then reads TRASH for that company). */
export function trashDocument(id: number, scope?: CompanyScope): Promise<Document> {
  return documentAction(DOCUMENT_PATHS.trash, id, scope);
}

/** Takes a document out of the acting company's trash. */
export function restoreDocument(id: number, scope?: CompanyScope): Promise<Document> {
  return documentAction(DOCUMENT_PATHS.restore, id, scope);
}

/** Removes a file from a draft; resolves with the document as it is now. */
export function deleteDocumentFile(id: number, fileId: number, scope?: CompanyScope): Promise<Document> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.file, { id, fileId }, scope);
  return readResponse(api.delete().json<unknown>(), documentSchema, client.lang);
}

/** The document's history, oldest event first. */
export function getDocumentHistory(id: number, scope?: CompanyScope): Promise<HistoryEvent[]> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.history, { id }, scope);
  return readResponse(api.get().json<unknown>(), historySchema, client.lang);
}

/** Puts a document into one of the acting company's folders, or (null) out of any folder. */
export function moveDocumentToFolder(
  id: number,
  folderId: number | null,
  scope?: CompanyScope,
): Promise<Document> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.folder, { id }, scope);
  return readResponse(api.put({ folderId }).json<unknown>(), documentSchema, client.lang);
}

/**
 * Address of a file's original bytes, for a link or `<a download>`. It relies on the server accepting the
 * GATEWAY cookie on GET (a link sends no bearer); {@link downloadDocumentFile} sends the bearer.
 */
export function documentFileUrl(id: number, fileId: number, scope?: Pick<CompanyScope, 'bin'>): string {
  const { client, path } = companyRequest(DOCUMENT_PATHS.file, { id, fileId }, scope);
  return `${client.baseUrl}${path}`;
}

/** Address of a file's PDF preview (the file itself for a PDF, else its conversion); see {@link documentFileUrl}. */
export function documentPreviewUrl(id: number, fileId: number, scope?: Pick<CompanyScope, 'bin'>): string {
  const { client, path } = companyRequest(DOCUMENT_PATHS.filePreview, { id, fileId }, scope);
  return `${client.baseUrl}${path}`;
}

/** A downloaded file: its bytes and the name the server gave it (Content-Disposition), when it gave one. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) wins over `filename`.
 *
 * @example contentDispositionFileName("attachment; filename*=UTF-8''%D0%90%D0%BA%D1%82.pdf") // 'Акт.pdf'
 */
export function contentDispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

/** Downloads a file's original bytes with the bearer header. */
export async function downloadDocumentFile(
  id: number,
  fileId: number,
  scope?: CompanyScope,
): Promise<DownloadedFile> {
  const { api } = companyRequest(DOCUMENT_PATHS.file, { id, fileId }, scope);
  const response = await api.get().res();
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName };
}

/**
 * Downloads a file's PDF preview as bytes (e.g. for pdf.js). Anything that is not a PDF rejects with
 * ApiError INTERNAL_ERROR (502), like a JSON answer that breaks the contract.
 */
export async function previewDocumentFile(
  id: number,
  fileId: number,
  scope?: CompanyScope,
): Promise<Uint8Array> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.filePreview, { id, fileId }, scope);
  return readPdf(api.get().arrayBuffer(), client.lang);
}
