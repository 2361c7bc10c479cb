import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppModule } from '../modules/module.js';
import { type Deferred, deferred } from '../testing/deferred.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { EVENT_STREAM_RETRY_MS, writeEventStream } from './event-stream.js';
import { defineRoute } from './route.js';

/** A slow route (waits for the test) and an event stream that never ends by itself. */
function shutdownModule(slow: { reached: Deferred; release: Deferred }): AppModule {
  return {
    name: 'test-shutdown',
    register({ route, services }) {
      route(
        defineRoute({
          method: 'GET',
          url: '/api/test/slow',
          operationId: 'testSlow',
          summary: 'Answers when the test lets it (tests only)',
          response: z.object({ finished: z.boolean() }),
          handler: async () => {
            slow.reached.resolve();
            await slow.release.promise;
            return { finished: true };
          },
        }),
      );
      route(
        defineRoute({
          method: 'GET',
          url: '/api/test/stream',
          operationId: 'testStream',
          summary: 'An event stream that stays open (tests only)',
          produces: 'event-stream',
          response: z.object({}),
          handler: async ({ reply }) => {
            await writeEventStream(services.eventStreams, reply, {
              kind: 'support',
              startId: 0,
              deliver: async () => true,
            });
            return {};
          },
        }),
      );
    },
  };
}

/** A GET on `port`: its response (head), or the error of the connection. */
function get(port: number, path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, resolve).on('error', reject).end();
  });
}

/** The whole body of a response and how it ended ('end', or the error's code). */
function bodyOf(response: IncomingMessage): Promise<{ text: string; ended: string }> {
  return new Promise((resolve) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
    });
    response.on('end', () => resolve({ text, ended: 'end' }));
    response.on('error', (error: NodeJS.ErrnoException) => resolve({ text, ended: error.code ?? 'error' }));
  });
}

describe('graceful shutdown (the app close path SIGTERM takes)', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(seconds: string, slow: { reached: Deferred; release: Deferred }) {
    server = await createTestApp({
      env: { QOLTANBA_SHUTDOWN_SECONDS: seconds },
      modules: [shutdownModule(slow)],
    });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    return { app: server, port: (server.app.server.address() as AddressInfo).port };
  }

  it('stops accepting, ends event streams with a retry hint, and lets a request in flight finish', async () => {
    const slow = { reached: deferred(), release: deferred() };
    const { app, port } = await start('30', slow);
    const stream = await get(port, '/api/test/stream');
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const streamBody = bodyOf(stream);
    const inFlight = get(port, '/api/test/slow');
    await slow.reached.promise;

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // The stream ends at once, telling the client when to come back (to another instance).
    const ended = await streamBody;
    expect(ended.ended).toBe('end');
    expect(ended.text).toContain(`: server closing\nretry: ${EVENT_STREAM_RETRY_MS}\n\n`);
    // No new connection is taken.
    await expect(get(port, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(closed).toBe(false);

    slow.release.resolve();
    const response = await inFlight;
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await bodyOf(response)).text)).toEqual({ finished: true });
    await closing;
    expect(app.logRecords().some((record) => String(record.msg).includes('still running'))).toBe(false);
  });

  it('cuts a request still running at the deadline (QOLTANBA_SHUTDOWN_SECONDS) so the process can exit', async () => {
    const slow = { reached: deferred(), release: deferred() };
    const { app, port } = await start('0.3', slow);
    const inFlight = get(port, '/api/test/slow').then(
      (response) => `answered ${response.statusCode}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    await slow.reached.promise;
    const logs = app.logRecords;
    await app.close();
    server = undefined;
    expect(await inFlight).toBe('ECONNRESET');
    expect(logs().find((record) => String(record.msg).includes('still running'))).toMatchObject({
      deadlineMs: 300,
      connections: 1,
    });
    slow.release.resolve();
  });
});
