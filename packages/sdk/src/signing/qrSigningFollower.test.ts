import { apiPath, type DocumentDraft, EGOV_QR_PREFIX, SIGNING_PATHS } from '@qoltanba/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDocument, sendDocument } from '../documents/documentsApi';
import { FAKE_BASE_URL, FAKE_QR_TTL_MS, fakeCms, pdfFile } from '../testing/fakeServer';
import { ALFA_BIN, BETA_BIN, setupLoggedIn } from '../testing/setupSession';
import {
  followQrSigning,
  type QrEventSource,
  type QrEventSourceConstructor,
  type QrSigningFollowState,
} from './qrSigningFollower';
import { startQrSigning } from './signingApi';

const beta = { identityNumber: BETA_BIN, email: 'beta@example.kz', nameRu: 'АО Бета' };
const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [beta] };

async function qrSession() {
  const setup = await setupLoggedIn();
  const created = await createDocument(draft, [pdfFile()], { bin: ALFA_BIN });
  await sendDocument(created.id, { bin: ALFA_BIN });
  const session = await startQrSigning(created.id, { bin: BETA_BIN });
  const EventSource = setup.server.signing.EventSource as unknown as QrEventSourceConstructor;
  return { ...setup, session, EventSource, documentId: created.id };
}

/** What eGov mobile does: API #1, then API #2 GET and PUT with the token it was given. */
async function egovMobileSigns(
  fetch: (url: string, init?: RequestInit) => Promise<Response>,
  qrPayload: string,
  cms?: string,
) {
  const description = (await (await fetch(qrPayload.slice(EGOV_QR_PREFIX.length))).json()) as {
    document: { uri: string; auth_token: string };
  };
  const auth = { authorization: `Bearer ${description.document.auth_token}` };
  const documents = (await (await fetch(description.document.uri, { headers: auth })).json()) as {
    documentsToSign: Array<{ document: { file: { data: string } } }>;
  };
  for (const entry of documents.documentsToSign) entry.document.file.data = cms ?? fakeCms('signed');
  return fetch(description.document.uri, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(documents),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startQrSigning', () => {
  it('gives the mobileSign: payload of API #1, a deep link and the events address', async () => {
    const { session } = await qrSession();
    const api1 = `${FAKE_BASE_URL}${apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })}`;
    expect(session.qrPayload).toBe(`${EGOV_QR_PREFIX}${api1}`);
    expect(session.deepLink).toContain(encodeURIComponent(api1));
    expect(session.eventsUrl).toContain(session.sessionId);
  });
});

describe('followQrSigning', () => {
  it('follows the session live until eGov mobile has signed, then closes the stream', async () => {
    const { server, session, EventSource, clock } = await qrSession();
    const follower = followQrSigning(session, { EventSource, now: () => clock.now });
    const seen: QrSigningFollowState['state'][] = [];
    follower.subscribe(({ state }) => seen.push(state));

    const answer = await egovMobileSigns(server.fetch, session.qrPayload);

    expect(answer.status).toBe(200);
    const last = await follower.done;
    expect(last).toMatchObject({ state: 'SIGNED', errorCode: undefined, final: true, connection: 'closed' });
    expect(seen).toEqual(expect.arrayContaining(['WAITING', 'FETCHED', 'SIGNED']));
    expect(server.signing.openEventSources()).toHaveLength(0);
  });

  it("ends FAILED with the server's code when the signature does not match", async () => {
    const { server, session, EventSource, clock } = await qrSession();
    const follower = followQrSigning(session, { EventSource, now: () => clock.now });
    const answer = await egovMobileSigns(server.fetch, session.qrPayload, fakeCms('mismatch'));
    expect(answer.status).toBe(403);
    await expect(follower.done).resolves.toMatchObject({ state: 'FAILED', errorCode: 'SIGNATURE_MISMATCH' });
  });

  it('opens a new stream with the last event id when the server drops it', async () => {
    const { server, session, EventSource, clock } = await qrSession();
    const urls: string[] = [];
    class Recording extends (EventSource as unknown as new (
      url: string,
    ) => QrEventSource & { drop(): void }) {
      constructor(url: string) {
        super(url);
        urls.push(url);
      }
    }
    const follower = followQrSigning(session, {
      EventSource: Recording,
      reconnectDelayMs: 1,
      now: () => clock.now,
    });
    await vi.waitFor(() => expect(follower.get().connection).toBe('open'));
    const [first] = server.signing.openEventSources() as unknown as Array<{ drop(): void }>;
    first?.drop();
    expect(follower.get().connection).toBe('reconnecting');
    await vi.waitFor(() => expect(urls).toHaveLength(2));
    expect(urls[1]).toContain('lastEventId=1');
    server.signing.driveQr(session.sessionId, 'SIGNED');
    await expect(follower.done).resolves.toMatchObject({ state: 'SIGNED' });
  });

  it('ends EXPIRED with QR_SIGNING_TIMEOUT when nothing final arrives in time', async () => {
    const { session, EventSource, clock } = await qrSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const follower = followQrSigning(session, { EventSource, expiryGraceMs: 1_000, now: () => clock.now });
    vi.advanceTimersByTime(FAKE_QR_TTL_MS);
    expect(follower.get().final).toBe(false);
    vi.advanceTimersByTime(1_000);
    await expect(follower.done).resolves.toMatchObject({ state: 'EXPIRED', errorCode: 'QR_SIGNING_TIMEOUT' });
  });

  it('stops following on request', async () => {
    const { server, session, EventSource, clock } = await qrSession();
    const follower = followQrSigning(session, { EventSource, now: () => clock.now });
    await vi.waitFor(() => expect(follower.get().connection).toBe('open'));
    follower.stop();
    expect(follower.get()).toMatchObject({ final: false, connection: 'closed' });
    expect(server.signing.openEventSources()).toHaveLength(0);
    server.signing.driveQr(session.sessionId, 'SIGNED');
    expect(follower.get().state).toBe('WAITING');
  });
});
