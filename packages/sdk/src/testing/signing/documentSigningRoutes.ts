import {
  rejectRequestSchema,
  resendSigningLinkRequestSchema,
  revokeCheck,
  signCheck,
  signRequestSchema,
} from '@qoltanba/core';
import { partyOf, signingStateOf } from '../documents/signingState';
import { type FakeContext, json, parseInput, refuse } from '../fakeHttp';
import type { SigningParts } from './parts';

/** The server's default QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS: one link e-mail per signer per 10 minutes. */
export const FAKE_RESEND_COOLDOWN_SECONDS = 600;

// A signed-in company's signing routes on a document: sign, reject, revoke, start a QR session, send a signer's
// personal link again.

/** The signing routes of a company's document. */
export function documentSigningRoutes({ options: { documents }, store, rules, links, qr }: SigningParts) {
  const { access } = documents;

  function signDocument(context: FakeContext): Response {
    const { bin, company, record } = access.documentInput(context);
    const request = parseInput(signRequestSchema, context.rawBody);
    rules.sign(record, bin, request, context, company);
    return json(200, access.documentView(record, bin));
  }

  function rejectDocument(context: FakeContext): Response {
    const { bin, company, record } = access.documentInput(context);
    const { reason } = parseInput(rejectRequestSchema, context.rawBody);
    rules.reject(record, bin, reason, context, company);
    return json(200, access.documentView(record, bin));
  }

  function revokeDocument(context: FakeContext): Response {
    const { bin, company, record } = access.documentInput(context);
    const step = revokeCheck(signingStateOf(record), partyOf(record, bin));
    if (!step.ok) refuse(step.code);
    record.status = step.to;
    access.touch(record);
    access.record(record, 'REVOKE', context, company);
    return json(200, access.documentView(record, bin));
  }

  function startQrSigning(context: FakeContext): Response {
    const { bin, record } = access.documentInput(context);
    // As the server: a QR code only for a party that may sign now (the sender included).
    const step = signCheck(signingStateOf(record), partyOf(record, bin));
    if (!step.ok) refuse(step.code);
    return qr.startSession(record.id, bin);
  }

  function resendSigningLink(context: FakeContext): Response {
    const { bin, record } = access.documentInput(context);
    const { identityNumber } = parseInput(resendSigningLinkRequestSchema, context.rawBody);
    access.senderMayChange(record, bin);
    if (record.status !== 'AT_SIGNING') refuse('DOCUMENT_CHANGE_FORBIDDEN');
    const signer = access.signerOf(record, identityNumber);
    if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
    if (signer.state === 'SIGNED') refuse('ALREADY_SIGNED_BY_BIN');
    const last = record.linkDeliveries?.get(identityNumber);
    const waitMs = last
      ? Date.parse(last.queuedAt) + FAKE_RESEND_COOLDOWN_SECONDS * 1000 - Date.parse(store.iso())
      : 0;
    if (waitMs > 0) refuse('SIGNING_LINK_RESEND_TOO_EARLY', { retryAfter: Math.ceil(waitMs / 1000) });
    const link = links.issueLink(record.id, identityNumber);
    access.mailLinks(record, identityNumber);
    return json(200, { identityNumber, email: link.email, expiresAt: link.expiresAt });
  }

  return { signDocument, rejectDocument, revokeDocument, startQrSigning, resendSigningLink };
}
