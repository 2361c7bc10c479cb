import {
  DOCUMENT_UPLOAD_PARTS,
  type DocumentDraft,
  EMBED_PATHS,
  type EmbedCreatedDocument,
  embedCreatedDocumentSchema,
} from '@qoltanba/core';
import { ApiError, parseApiError } from '../api/apiError';
import { expectResponse } from '../api/expectResponse';
import { multipartLayout, partProgress } from '../documents/uploadProgress';
import { fetchUploadTransport, type UploadTransport, xhrUploadTransport } from '../session/upload';
import { type EmbedClientOptions, langOf, trimBase } from './embedClient';

// A module of its own, apart from the embed client: the elements, which never create, do not carry the upload.

/** Options of {@link createEmbedDocument}. */
export interface EmbedUploadOptions {
  /** The share (0 to 1) of each file sent, in the order of `files`. */
  onProgress?: (files: number[]) => void;
  signal?: AbortSignal;
}

/**
 * A 'create' session's one document: made for the token's company from `draft` and `files` (one multipart request,
 * the draft part first, per-file progress as with the portal's uploads) and sent for signing. A function of its
 * own, so the elements, which never create, do not carry it. Rejects with ApiError (EMBED_DOCUMENT_CREATED,
 * EMBED_PURPOSE_MISMATCH, the documents' own codes) or an AbortError when `signal` aborts.
 *
 * @example const made = await createEmbedDocument({ baseUrl, session: session.session }, draft, files);
 */
export async function createEmbedDocument(
  options: EmbedClientOptions,
  draft: DocumentDraft,
  files: readonly File[],
  upload: EmbedUploadOptions = {},
): Promise<EmbedCreatedDocument> {
  // XMLHttpRequest where there is one (fetch reports no upload progress); never with cookies (withCredentials off).
  const send = options.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  const transport: UploadTransport =
    typeof XMLHttpRequest === 'function' && !options.fetch
      ? xhrUploadTransport
      : fetchUploadTransport((input, init) => send(input, { ...init, credentials: 'omit' }));
  const json = JSON.stringify(draft);
  const form = new FormData();
  form.append(DOCUMENT_UPLOAD_PARTS.document, json);
  for (const file of files) form.append(DOCUMENT_UPLOAD_PARTS.files, file, file.name);
  const layout = multipartLayout([
    { name: DOCUMENT_UPLOAD_PARTS.document, size: new TextEncoder().encode(json).length },
    ...files.map((file) => ({
      name: DOCUMENT_UPLOAD_PARTS.files,
      size: file.size,
      fileName: file.name,
      type: file.type,
    })),
  ]);
  const lang = langOf(options);
  let answer: { status: number; body: string };
  try {
    answer = await transport({
      method: 'POST',
      url: `${trimBase(options.baseUrl)}${EMBED_PATHS.document}`,
      headers: { Authorization: `Bearer ${options.session}`, 'Accept-Language': lang },
      body: form,
      ...(upload.signal ? { signal: upload.signal } : {}),
      ...(upload.onProgress
        ? {
            onProgress: (loaded: number, total: number) =>
              upload.onProgress?.(partProgress(layout, loaded, total).slice(1)),
          }
        : {}),
    });
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'AbortError') throw cause;
    const error = parseApiError(undefined, 0, lang);
    throw new ApiError(0, error.code, error.message, { cause });
  }
  if (answer.status < 200 || answer.status >= 300) throw parseApiError(answer.body, answer.status, lang);
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = answer.body;
  }
  return expectResponse(embedCreatedDocumentSchema, body, lang);
}
