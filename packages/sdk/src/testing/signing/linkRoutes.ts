import { rejectRequestSchema, signCheck, signRequestSchema } from '@qoltanba/core';
import { almatyDay } from '../almatyDay';
import { partyOf, signingStateOf } from '../documents/signingState';
import { type FakeContext, json, parseInput, refuse } from '../fakeHttp';
import type { SigningParts } from './parts';

// The personal-link routes (the link's token is the credential): the document as the link shows it (a VIEW event
// once a day), its files, signing, rejecting and starting a QR session as the link's signer.

/** The routes of a personal link. */
export function linkRoutes({ options: { documents, now }, rules, links, qr }: SigningParts) {
  const { access } = documents;
  const { linkOf, linkView, linkFile } = links;

  function getSigningLink(context: FakeContext): Response {
    const { link, record, party } = linkOf(context);
    const day = almatyDay(now());
    const seen = record.history.some(
      (event) =>
        event.type === 'VIEW' && event.company?.bin === party.bin && almatyDay(new Date(event.at)) === day,
    );
    if (!seen) access.record(record, 'VIEW', { ...context, account: undefined }, party);
    return json(200, linkView(link, record));
  }

  function downloadSigningLinkFile(context: FakeContext): Response {
    const file = linkFile(context);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  function previewSigningLinkFile(context: FakeContext): Response {
    const file = linkFile(context);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { 'content-type': 'application/pdf' },
    });
  }

  function signByLink(context: FakeContext): Response {
    const { link, record, party } = linkOf(context);
    const request = parseInput(signRequestSchema, context.rawBody);
    rules.sign(record, link.identityNumber, request, { ...context, account: undefined }, party);
    return json(200, linkView(link, record));
  }

  function rejectByLink(context: FakeContext): Response {
    const { link, record, party } = linkOf(context);
    const { reason } = parseInput(rejectRequestSchema, context.rawBody);
    rules.reject(record, link.identityNumber, reason, { ...context, account: undefined }, party);
    return json(200, linkView(link, record));
  }

  function startQrSigningByLink(context: FakeContext): Response {
    const { link, record } = linkOf(context);
    // As the server: a QR code only for a party that may sign now.
    const step = signCheck(signingStateOf(record), partyOf(record, link.identityNumber));
    if (!step.ok) refuse(step.code);
    return qr.startSession(record.id, link.identityNumber);
  }

  return {
    getSigningLink,
    downloadSigningLinkFile,
    previewSigningLinkFile,
    signByLink,
    rejectByLink,
    startQrSigningByLink,
  };
}
