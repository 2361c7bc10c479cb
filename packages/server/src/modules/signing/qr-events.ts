import type { QrSigningEvent } from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * final state. It reads the session from the database, so a session signed through another instance is seen too.
 */
export async function followQrSession(
  context: SigningContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  first: QrSession,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  let wake: () => void = () => undefined;
  const end = () => {
    closed = true;
    wake();
  };
  context.openStreams.add(end);
  raw.on('close', end);
  let seen = lastEventId(request);
  let session: QrSession | undefined = first;
  let lastBeat = Date.now();
  try {
    while (!closed && session) {
      if (session.version > seen) {
        raw.write(`id: ${session.version}\ndata: ${JSON.stringify(eventOf(session))}\n\n`);
        seen = session.version;
      }
      if (!OPEN_QR_STATES.includes(session.state)) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, context.qrPollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (closed) break;
      if (Date.now() - lastBeat >= context.qrHeartbeatMs) {
        raw.write(': heartbeat\n\n');
        lastBeat = Date.now();
      }
      session = await findQrSession(context.db, sessionId, context.clock());
    }
  } catch (error) {
    context.log.warn({ err: error }, 'QR events stream ended by an error');
  } finally {
    context.openStreams.delete(end);
    raw.end();
  }
}
