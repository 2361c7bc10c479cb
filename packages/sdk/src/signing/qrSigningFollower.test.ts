import { apiPath, type DocumentDraft, EGOV_QR_PREFIX, SIGNING_PATHS } from '@qoltanba/core';
import { ALFA, BETA, testServerPerFile } from '@qoltanba/server/testing';
import { signWithEgovMobile } from '@qoltanba/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocument, sendDocument } from '../documents/documentsApi';
import { pdfFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import {
  followQrSigning,
  type QrEventSourceConstructor,
  type QrSigningFollowState,
} from './qrSigningFollower';
import { startQrSigning } from './signingApi';

const test = testServerPerFile();
const beta = { identityNumber: BETA.bin, email: 'beta@example.kz', nameRu: 'АО Бета' };
const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [beta] };

/** aigerim (admin of ALFA and BETA) sends for ALFA and starts a QR session for BETA. */
async function qrSession() {
  const setup = await loggedInOn(test.server);
  const created = await createDocument(draft, [pdfFile()], { bin: ALFA.bin });
  await sendDocument(created.id, { bin: ALFA.bin });
  const session = await startQrSigning(created.id, { bin: BETA.bin });
  const EventSource = setup.server.EventSource as unknown as QrEventSourceConstructor;
  const now = () => setup.server.clock.now().getTime();
  return { ...setup, session, EventSource, now, documentId: created.id };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startQrSigning', () => {
  it('gives the mobileSign: payload of API #1, a deep link and the events address', async () => {
    const { session, server } = await qrSession();
    const api1 = `${server.baseUrl}${apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })}`;
    expect(session.qrPayload).toBe(`${EGOV_QR_PREFIX}${api1}`);
    expect(session.deepLink).toContain(encodeURIComponent(api1));
    expect(session.eventsUrl).toContain(session.sessionId);
  });
});

describe('followQrSigning', () => {
  it('follows the session live until eGov mobile has signed, then closes the stream', async () => {
    const { server, session, EventSource, now } = await qrSession();
    const follower = followQrSigning(session, { EventSource, now });
    const seen: QrSigningFollowState['state'][] = [];
    follower.subscribe(({ state }) => seen.push(state));

    const answer = await server.egovMobileSigns(session, 'aigerim', BETA);

    expect(answer.status).toBe(200);
    const last = await follower.done;
    expect(last).toMatchObject({ state: 'SIGNED', errorCode: undefined, final: true, connection: 'closed' });
    // The server reports the signature, not a separate FETCHED step (its events: waiting, then the outcome).
    expect(seen).toEqual(expect.arrayContaining(['WAITING', 'SIGNED']));
    await vi.waitFor(() => expect(server.openStreams()).toBe(0));
  });

  it("ends FAILED with the server's code when the signature does not match", async () => {
    const { server, session, EventSource, now } = await qrSession();
    const follower = followQrSigning(session, { EventSource, now });
    // eGov mobile signs other bytes than the documents it was given.
    const answer = await signWithEgovMobile({
      qr: session.qrPayload,
      signer: server.world.certificate('aigerim', BETA),
      action: 'wrong-document',
      fetch: server.fetch as typeof fetch,
      now: server.clock.now(),
    });
    expect(answer.status).toBe(403);
    await expect(follower.done).resolves.toMatchObject({
      state: 'FAILED',
      errorCode: 'SIGNED_FILE_MISMATCH',
    });
  });

  it('opens a new stream with the last event id when the server drops it', async () => {
    const { server, session, EventSource, now } = await qrSession();
    const events = ['GET', new URL(session.eventsUrl, server.baseUrl).pathname] as const;
    const follower = followQrSigning(session, { EventSource, reconnectDelayMs: 1, now });
    await vi.waitFor(() => expect(follower.get().connection).toBe('open'));
    server.dropStreams();
    // The stream reconnects as a browser's does, after the server's retry time.
    await vi.waitFor(() => expect(server.callsTo(events)).toHaveLength(2), { timeout: 10_000 });
    // The new stream says where the last one ended (the header, or the query of the follower's own reconnect).
    const [, second] = server.callsTo(events);
    expect(second?.headers.get('last-event-id') ?? second?.query.get('lastEventId')).toBeTruthy();
    await vi.waitFor(() => expect(follower.get().connection).toBe('open'), { timeout: 10_000 });
    await server.egovMobileSigns(session, 'aigerim', BETA);
    await expect(follower.done).resolves.toMatchObject({ state: 'SIGNED' });
  });

  it('ends EXPIRED with QR_SIGNING_TIMEOUT when nothing final arrives in time', async () => {
    const { server, session, EventSource, now } = await qrSession();
    const ttlMs = server.server.config.qrSigningTimeoutSeconds * 1000;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const follower = followQrSigning(session, { EventSource, expiryGraceMs: 1_000, now });
    vi.advanceTimersByTime(ttlMs);
    expect(follower.get().final).toBe(false);
    vi.advanceTimersByTime(1_000);
    await expect(follower.done).resolves.toMatchObject({ state: 'EXPIRED', errorCode: 'QR_SIGNING_TIMEOUT' });
  });

  it('stops following on request', async () => {
    const { server, session, EventSource, now } = await qrSession();
    const follower = followQrSigning(session, { EventSource, now });
    await vi.waitFor(() => expect(follower.get().connection).toBe('open'));
    follower.stop();
    expect(follower.get()).toMatchObject({ final: false, connection: 'closed' });
    await vi.waitFor(() => expect(server.openStreams()).toBe(0));
    await server.egovMobileSigns(session, 'aigerim', BETA);
    expect(follower.get().state).toBe('WAITING');
  });
});
