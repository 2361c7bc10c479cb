import {
  type Document,
  documentSchema,
  type QrSigningSession,
  qrSigningSessionSchema,
  type RejectRequest,
  SIGNING_PATHS,
  type SigningLinkIssued,
  type SignRequest,
  signingLinkIssuedSchema,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { actingCompanyBin } from '../company/actingCompany';
import { type CompanyScope, companyRequest } from '../company/companyScope';
import { downloadDocumentFile } from '../documents/documentsApi';
import { type NcaLayerSigning, signFilesWithNcaLayer } from './signFiles';

/** Posts one detached CMS per file for the acting company; resolves with the document as it is now. */
export function submitDocumentSignatures(
  id: number,
  request: SignRequest,
  scope?: CompanyScope,
): Promise<Document> {
  const { api, client } = companyRequest(SIGNING_PATHS.sign, { id }, scope);
  return readResponse(
    api.post({ lang: client.lang(), ...request }).json<unknown>(),
    documentSchema,
    client.lang,
  );
}

/**
 * Signs every file of `document` with NCALayer for the acting company (or `scope.bin`) and posts the
 * signatures: downloads each original, lets NCALayer sign them all with the company's key (BIN filter for
 * a legal entity, IIN for a person), then sends them. Resolves with the updated document, or `'cancelled'`
 * when the person closed NCALayer's dialog. On a sender's draft this is "sign and send".
 *
 * @example
 * const result = await signDocument(document, { ncaLayer, signingConfig, lang, onProgress: show });
 */
export async function signDocument(
  document: Pick<Document, 'id' | 'files'>,
  signing: NcaLayerSigning,
  scope: CompanyScope = {},
): Promise<Document | 'cancelled'> {
  const bin = actingCompanyBin(scope.bin);
  const signatures = await signFilesWithNcaLayer(
    document.files,
    bin,
    async (file) => (await downloadDocumentFile(document.id, file.id, { ...scope, bin })).blob,
    signing,
  );
  if (signatures === 'cancelled') return 'cancelled';
  return submitDocumentSignatures(document.id, { signatures, lang: signing.lang }, { ...scope, bin });
}

/** Rejects a document in signing with a reason (5 to 100 characters): AT_SIGNING -> REJECTED. */
export function rejectDocument(id: number, reason: string, scope?: CompanyScope): Promise<Document> {
  const { api, client } = companyRequest(SIGNING_PATHS.reject, { id }, scope);
  const body: RejectRequest = { reason, lang: client.lang() };
  return readResponse(api.post(body).json<unknown>(), documentSchema, client.lang);
}

/** Revokes a document: only its sender, and only while nobody has signed (AT_SIGNING -> REVOKED). */
export function revokeDocument(id: number, scope?: CompanyScope): Promise<Document> {
  const { api, client } = companyRequest(SIGNING_PATHS.revoke, { id }, scope);
  return readResponse(api.post().json<unknown>(), documentSchema, client.lang);
}

/** Sends a signer without an account a new personal link by e-mail (the sender only). */
export function resendSigningLink(
  id: number,
  identityNumber: string,
  scope?: CompanyScope,
): Promise<SigningLinkIssued> {
  const { api, client } = companyRequest(SIGNING_PATHS.resendSigningLink, { id }, scope);
  return readResponse(api.post({ identityNumber }).json<unknown>(), signingLinkIssuedSchema, client.lang);
}

/** Opens an eGov mobile QR session to sign `id` for the acting company; follow it with `followQrSigning`. */
export function startQrSigning(id: number, scope?: CompanyScope): Promise<QrSigningSession> {
  const { api, client } = companyRequest(SIGNING_PATHS.qrSigning, { id }, scope);
  return readResponse(api.post().json<unknown>(), qrSigningSessionSchema, client.lang);
}
