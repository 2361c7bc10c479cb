import {
  apiPath,
  type CreateExternalLinkRequest,
  EXTERNAL_LINK_HEADER,
  EXTERNAL_LINK_PATHS,
  type ExternalDocumentView,
  type ExternalLink,
  type ExternalLinkCreated,
  externalDocumentViewSchema,
  externalLinkCreatedSchema,
  externalLinkSchema,
} from '@qoltanba/core';
import { readPdf, readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';
import { contentDispositionFileName, type DownloadedFile } from '../documents/documentsApi';
import { activeClient } from '../session/activeClient';

const linksSchema = externalLinkSchema.array();

/**
 * Shares a sent document read-only: a new external link of the acting company, valid `expiresInDays` (30 by
 * default). The answer's `url` (`…/document/<id>/by-hash#<token>`) is the only time the token is shown. Rejects
 * with ApiError DOCUMENT_NOT_SENT for a draft.
 */
export function createExternalLink(
  id: number,
  request: CreateExternalLinkRequest = {},
  scope?: CompanyScope,
): Promise<ExternalLinkCreated> {
  const { api, client } = companyRequest(EXTERNAL_LINK_PATHS.links, { id }, scope);
  return readResponse(api.post(request).json<unknown>(), externalLinkCreatedSchema, client.lang);
}

/** The acting company's external links to document `id`, newest first (revoked and expired ones too). */
export function listExternalLinks(id: number, scope?: CompanyScope): Promise<ExternalLink[]> {
  const { api, client } = companyRequest(EXTERNAL_LINK_PATHS.links, { id }, scope);
  return readResponse(api.get().json<unknown>(), linksSchema, client.lang);
}

/** Revokes an external link of the acting company at once (idempotent). */
export async function revokeExternalLink(id: number, linkId: number, scope?: CompanyScope): Promise<void> {
  const { api } = companyRequest(EXTERNAL_LINK_PATHS.link, { id, linkId }, scope);
  await api.delete().res();
}

/**
 * The token of an external link page from its URL fragment (`location.hash`, with or without the `#`), or
 * undefined when there is none.
 */
export function externalLinkToken(hash: string): string | undefined {
  const token = hash.replace(/^#/, '').trim();
  return /^[A-Za-z0-9_-]{1,128}$/.test(token) ? token : undefined;
}

/** The anonymous client on an external document path, with the link's token in its header. */
function linkRequest(
  template: string,
  params: Record<string, string | number>,
  token: string,
  signal?: AbortSignal,
) {
  const client = activeClient();
  const filled = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const base = signal ? client.publicApi.options({ signal }) : client.publicApi;
  const api = base.url(apiPath(template, filled)).headers({ [EXTERNAL_LINK_HEADER]: token });
  return { client, api };
}

/**
 * What an external link shows, without an account: the document read-only, its history and every signed file's
 * verification. Rejects with ApiError ENTITY_NOT_FOUND (404) for an unknown, revoked or expired link.
 */
export function getExternalDocument(
  id: number,
  token: string,
  options: { signal?: AbortSignal } = {},
): Promise<ExternalDocumentView> {
  const { api, client } = linkRequest(EXTERNAL_LINK_PATHS.document, { id }, token, options.signal);
  return readResponse(api.get().json<unknown>(), externalDocumentViewSchema, client.lang);
}

/** Downloads an original file through an external link (the token travels in a header, never in the URL). */
export async function downloadExternalFile(
  id: number,
  token: string,
  fileId: number,
): Promise<DownloadedFile> {
  const { api } = linkRequest(EXTERNAL_LINK_PATHS.file, { id, fileId }, token);
  const response = await api.get().res();
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName };
}

/** A file's PDF preview through an external link, as bytes for pdf.js; anything but a PDF rejects (502). */
export async function previewExternalFile(id: number, token: string, fileId: number): Promise<Uint8Array> {
  const { api, client } = linkRequest(EXTERNAL_LINK_PATHS.filePreview, { id, fileId }, token);
  return readPdf(api.get().arrayBuffer(), client.lang);
}
