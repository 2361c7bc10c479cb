import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveChannel, type LiveChannel } from '../../db/live-channel.js';
import { createEventStreams } from '../../http/event-stream.js';
import { openEventStream } from '../../testing/event-stream-reader.js';
import { useSuiteDatabase } from '../../testing/suite-database.js';
import { testDatabases } from '../../testing/test-databases.js';
import { createEventHub } from './event-hub.js';
import { type EventStreamContext, streamSupportEvents } from './event-stream.js';

describe.each(testDatabases())('the support event stream writer on $name', (backend) => {
  const suite = useSuiteDatabase(backend);
  let app: FastifyInstance | undefined;
  let live: LiveChannel | undefined;
  afterEach(async () => {
    await app?.close();
    await live?.close();
  });

  /** A bare server with one stream route, heartbeats every few milliseconds and the given end. */
  async function serve(endsAt: () => Date | null): Promise<{ url: string; context: EventStreamContext }> {
    live = createLiveChannel(suite.shared());
    await live.start();
    const context: EventStreamContext = {
      db: suite.db,
      hub: createEventHub(live),
      clock: () => new Date(),
      streams: createEventStreams({ heartbeatMs: 20, log: Fastify().log }),
    };
    app = Fastify();
    app.get('/events', async (_request, reply) => {
      await streamSupportEvents(context, reply, { subject: 'visitor:1', after: undefined, endsAt: endsAt() });
    });
    app.addHook('preClose', async () => {
      context.streams.endAll();
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `${origin}/events`, context };
  }

  it('starts at the newest event with an id-only block, then sends heartbeat comments', async () => {
    const { url } = await serve(() => null);
    const stream = await openEventStream(url);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    const first = await stream.until(() => true);
    expect(first).toEqual({ id: '0', data: undefined, comment: false });
    await stream.until((block) => block.comment);
    stream.close();
  });

  it('ends the stream at the identity token expiry, and every stream when the server closes', async () => {
    const { url, context } = await serve(() => new Date(Date.now() + 100));
    const expiring = await openEventStream(url);
    await expiring.ended;
    expect(context.streams.counts().support).toBe(0);
    await app?.close();
    await live?.close();
    const { url: url2, context: context2 } = await serve(() => null);
    const open = await openEventStream(url2);
    await open.until(() => true);
    expect(context2.streams.counts().support).toBe(1);
    await app?.close();
    app = undefined;
    await open.ended;
    expect(context2.streams.counts().support).toBe(0);
  });
});
