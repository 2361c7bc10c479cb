import {
  apiPath,
  EGOV_QR_PREFIX,
  type ErrorCode,
  type QrSigningEvent,
  type QrSigningState,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { type FakeContext, json, refuse } from '../fakeHttp';
import { FAKE_QR_TTL_MS, type FakeQrSession, type SigningStore } from './records';

// eGov mobile QR sessions: starting one, the events of its states, the session a request names (an expired one
// turns EXPIRED first) and the event stream that replays its events.

/** The QR sessions of the signing service; `baseUrl` is where eGov mobile reaches the fake. */
export function createQrSessions({ sessions, next, iso, expired }: SigningStore, baseUrl: string) {
  /** Moves `session` to `state` and tells its listeners (the event streams). */
  function emit(session: FakeQrSession, state: QrSigningState, errorCode: ErrorCode | null = null): void {
    session.state = state;
    session.events.push({ id: String(session.events.length + 1), state, errorCode, at: iso() });
    for (const listener of [...session.listeners]) listener();
  }

  /** Starts a session for a signer of a document and answers it as the server's start routes do. */
  function startSession(documentId: number, identityNumber: string) {
    const session: FakeQrSession = {
      sessionId: next('qr'),
      documentId,
      identityNumber,
      authToken: next('egov'),
      expiresAt: iso(FAKE_QR_TTL_MS),
      state: 'WAITING',
      events: [],
      listeners: new Set(),
    };
    sessions.set(session.sessionId, session);
    emit(session, 'WAITING');
    const api1 = `${baseUrl}${apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })}`;
    // 201 and a relative eventsUrl, as the server's (the sdk's follower puts the client's base URL before it).
    return json(201, {
      sessionId: session.sessionId,
      qrPayload: `${EGOV_QR_PREFIX}${api1}`,
      deepLink: `https://mgovsign.page.link/?link=${encodeURIComponent(api1)}&isi=1476128386&ibi=kz.egov.mobile&apn=kz.mobile.mgov`,
      eventsUrl: apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: session.sessionId }),
      expiresAt: session.expiresAt,
    });
  }

  /** The session of a request; an expired one turns EXPIRED first. */
  function liveSession(sessionId: string | undefined): FakeQrSession {
    const session = sessions.get(sessionId ?? '');
    if (!session) refuse('QR_SESSION_NOT_FOUND');
    if (!isFinal(session.state) && expired(session.expiresAt)) emit(session, 'EXPIRED', 'QR_SIGNING_TIMEOUT');
    return session;
  }

  /** The session of an eGov mobile request: its auth token, and not over yet. */
  function egovSession(context: FakeContext): FakeQrSession {
    const session = liveSession(context.params.sessionId);
    if (context.headers.get('authorization') !== `Bearer ${session.authToken}`) refuse('UNAUTHORIZED');
    if (isFinal(session.state)) refuse('FORBIDDEN');
    return session;
  }

  /** Every event of `session` so far, as a `text/event-stream` body. */
  const eventStream = (session: FakeQrSession) =>
    new Response(
      session.events
        .map((event) => `id: ${event.id}\ndata: ${JSON.stringify(withoutId(event))}\n\n`)
        .join(''),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );

  return { emit, startSession, liveSession, egovSession, eventStream };
}

/** The QR sessions. */
export type QrSessions = ReturnType<typeof createQrSessions>;

/** A session in this state sends no more events. */
export function isFinal(state: QrSigningState): boolean {
  return state === 'SIGNED' || state === 'FAILED' || state === 'EXPIRED';
}

/** An event as sent: its id goes in the stream's `id:` field, not in the data. */
export function withoutId({ id: _id, ...event }: QrSigningEvent & { id: string }): QrSigningEvent {
  return event;
}
