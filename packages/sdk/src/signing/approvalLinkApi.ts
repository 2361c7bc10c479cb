import { type ApprovalLinkView, apiPath, approvalLinkViewSchema, SIGNING_PATHS } from '@qoltanba/core';
import { readPdf, readResponse } from '../api/expectResponse';
import { activeClient } from '../session/activeClient';

// An approver without an account: the approval link's token is the only credential, so every call is anonymous.

function approvalRequest(template: string, token: string, params: Record<string, string> = {}) {
  const client = activeClient();
  return { client, api: client.publicApi.url(apiPath(template, { ...params, token })) };
}

/**
 * What the approval link `token` opens: the document, the signer it is approved for (`approval`: PENDING, APPROVED,
 * DECLINED) and the approver's e-mail. Rejects with ApiError APPROVAL_LINK_NOT_FOUND (404) for an unknown, replaced
 * or expired link.
 */
export function getApprovalLink(token: string): Promise<ApprovalLinkView> {
  const { api, client } = approvalRequest(SIGNING_PATHS.approvalLink, token);
  return readResponse(api.get().json<unknown>(), approvalLinkViewSchema, client.lang);
}

/** Approves the document for the signer (it may sign then); resolves with the link's view as it is now. */
export function approveByLink(token: string): Promise<ApprovalLinkView> {
  const { api, client } = approvalRequest(SIGNING_PATHS.approvalLinkApprove, token);
  return readResponse(api.post({}).json<unknown>(), approvalLinkViewSchema, client.lang);
}

/** Declines with a comment (5 to 100 characters): the document is rejected with it as the reason. */
export function declineByLink(token: string, comment: string): Promise<ApprovalLinkView> {
  const { api, client } = approvalRequest(SIGNING_PATHS.approvalLinkDecline, token);
  return readResponse(
    api.post({ comment, lang: client.lang() }).json<unknown>(),
    approvalLinkViewSchema,
    client.lang,
  );
}

/** Address of a file preview (PDF) of the document awaiting approval, for the viewer. */
export function approvalLinkPreviewUrl(token: string, fileId: number): string {
  const client = activeClient();
  return `${client.baseUrl}${apiPath(SIGNING_PATHS.approvalLinkFilePreview, { token, fileId: String(fileId) })}`;
}

/** Address of an original file of the document awaiting approval, for `<a download>`. */
export function approvalLinkFileUrl(token: string, fileId: number): string {
  const client = activeClient();
  return `${client.baseUrl}${apiPath(SIGNING_PATHS.approvalLinkFile, { token, fileId: String(fileId) })}`;
}

/** A file of the document awaiting approval as a PDF preview, bytes for pdf.js; anything but a PDF rejects (502). */
export function previewApprovalLinkFile(token: string, fileId: number): Promise<Uint8Array> {
  const { api, client } = approvalRequest(SIGNING_PATHS.approvalLinkFilePreview, token, {
    fileId: String(fileId),
  });
  return readPdf(api.get().arrayBuffer(), client.lang);
}

/** Downloads one original file of the document awaiting approval. */
export function downloadApprovalLinkFile(token: string, fileId: number): Promise<Blob> {
  const { api } = approvalRequest(SIGNING_PATHS.approvalLinkFile, token, { fileId: String(fileId) });
  return api.get().blob();
}
