import {
  apiPath,
  type QrSigningSession,
  qrSigningSessionSchema,
  type RejectRequest,
  SIGNING_PATHS,
  type SigningLinkView,
  type SignRequest,
  signingLinkViewSchema,
} from '@qoltanba/core';
import { readPdf, readResponse } from '../api/expectResponse';
import { activeClient } from '../session/activeClient';
import { type NcaLayerSigning, signFilesWithNcaLayer } from './signFiles';

// A signer without an account: the link's token is the only credential, so every call is anonymous.

function linkRequest(template: string, token: string, params: Record<string, string> = {}) {
  const client = activeClient();
  return { client, api: client.publicApi.url(apiPath(template, { ...params, token })) };
}

/**
 * What the personal link `token` opens: the document and the signer's own place in it. Rejects with
 * ApiError SIGNING_LINK_NOT_FOUND (404) for an unknown, replaced or expired link.
 */
export function getSigningLink(token: string): Promise<SigningLinkView> {
  const { api, client } = linkRequest(SIGNING_PATHS.signingLink, token);
  return readResponse(api.get().json<unknown>(), signingLinkViewSchema, client.lang);
}

/** Address of a linked document's file preview (PDF), for the viewer. */
export function signingLinkPreviewUrl(token: string, fileId: number): string {
  const client = activeClient();
  const path = apiPath(SIGNING_PATHS.signingLinkFilePreview, { token, fileId: String(fileId) });
  return `${client.baseUrl}${path}`;
}

/** Address of a linked document's original file, for `<a download>`. */
export function signingLinkFileUrl(token: string, fileId: number): string {
  const client = activeClient();
  return `${client.baseUrl}${apiPath(SIGNING_PATHS.signingLinkFile, { token, fileId: String(fileId) })}`;
}

/** A linked document's file as a PDF preview, bytes for pdf.js; anything but a PDF rejects (502). */
export async function previewSigningLinkFile(token: string, fileId: number): Promise<Uint8Array> {
  const { api, client } = linkRequest(SIGNING_PATHS.signingLinkFilePreview, token, {
    fileId: String(fileId),
  });
  return readPdf(api.get().arrayBuffer(), client.lang);
}

/** Downloads one original file of the linked document. */
export function downloadSigningLinkFile(token: string, fileId: number): Promise<Blob> {
  const { api } = linkRequest(SIGNING_PATHS.signingLinkFile, token, { fileId: String(fileId) });
  return api.get().blob();
}

/** Posts the signer's signatures (one detached CMS per file); resolves with the link's view as it is now. */
export function submitSigningLinkSignatures(token: string, request: SignRequest): Promise<SigningLinkView> {
  const { api, client } = linkRequest(SIGNING_PATHS.signingLinkSign, token);
  return readResponse(
    api.post({ lang: client.lang(), ...request }).json<unknown>(),
    signingLinkViewSchema,
    client.lang,
  );
}

/**
 * Signs every file of the linked document with NCALayer as the link's signer (their BIN or IIN as filter)
 * and posts the signatures, free of charge. Resolves with the new view, or `'cancelled'`.
 */
export async function signByLink(
  token: string,
  view: SigningLinkView,
  signing: NcaLayerSigning,
): Promise<SigningLinkView | 'cancelled'> {
  const signatures = await signFilesWithNcaLayer(
    view.document.files,
    view.signer.identityNumber,
    (file) => downloadSigningLinkFile(token, file.id),
    signing,
  );
  if (signatures === 'cancelled') return 'cancelled';
  return submitSigningLinkSignatures(token, { signatures, lang: signing.lang });
}

/** Rejects the linked document with a reason (5 to 100 characters). */
export function rejectByLink(token: string, reason: string): Promise<SigningLinkView> {
  const { api, client } = linkRequest(SIGNING_PATHS.signingLinkReject, token);
  const body: RejectRequest = { reason, lang: client.lang() };
  return readResponse(api.post(body).json<unknown>(), signingLinkViewSchema, client.lang);
}

/** Opens an eGov mobile QR session for the link's signer. */
export function startQrSigningByLink(token: string): Promise<QrSigningSession> {
  const { api, client } = linkRequest(SIGNING_PATHS.signingLinkQrSigning, token);
  return readResponse(api.post().json<unknown>(), qrSigningSessionSchema, client.lang);
}
