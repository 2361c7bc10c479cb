import type { QrSigningEvent } from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeEventStream } from '../../http/event-stream.js';
import { findQrSession, OPEN_QR_STATES, type QrSession } from './qr-sessions.js';
import type { SigningContext } from './signing-context.js';

function eventOf(session: QrSession): QrSigningEvent {
  return { state: session.state, errorCode: session.errorCode, at: session.updatedAt.toISOString() };
}

/**
 * The `Last-Event-ID` a reconnecting EventSource sends, else the `lastEventId` query parameter with which the sdk
 * opens a new stream after the server ended one (a new EventSource cannot set the header); 0 when absent.
 */
function lastEventId(request: FastifyRequest): number {
  const query = request.query as { lastEventId?: unknown } | undefined;
  const raw = request.headers['last-event-id'] ?? query?.lastEventId ?? '';
  const value = Number.parseInt(String(raw), 10);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/**
 * Takes the reply over and writes server-sent events of the session: its state (as event `id:` its version)
 * whenever the version grew past what the client has seen, a heartbeat comment now and then, and the end after a
 * final state. It wakes when the session moves on any instance (the live channel) and at its expiry, and reads the
 * session from the database then.
 */
export async function followQrSession(
  context: SigningContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  first: QrSession,
): Promise<void> {
  let seen = lastEventId(request);
  let session: QrSession | undefined = first;
  // The expiry in this process's time (the injectable clock may run elsewhere), plus a little: then it is past.
  const expiresAt = () =>
    session ? Date.now() + (session.expiresAt.getTime() - context.clock().getTime()) + 5 : undefined;
  let lookAt = expiresAt();
  let firstLook = true;
  await writeEventStream(context.streams, reply, {
    kind: 'qr',
    subscribe: (wake) =>
      context.live.subscribe('qr', (payload) => {
        if (payload === undefined || payload === first.idHash) wake();
      }),
    nextLookAt: () => lookAt,
    async deliver(send) {
      if (!firstLook) session = await findQrSession(context.db, sessionId, context.clock());
      firstLook = false;
      if (!session) return false;
      lookAt = expiresAt();
      if (session.version > seen) {
        send({ id: session.version, data: JSON.stringify(eventOf(session)) });
        seen = session.version;
      }
      return OPEN_QR_STATES.includes(session.state);
    },
  });
}
