import {
  apiPath,
  parseLoginTarget,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportEvent,
  type SupportMessage,
} from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type QoltanbaApp } from '../../app.js';
import { call, nextIp } from '../../testing/accounts.js';
import { useDocumentsSuite } from '../../testing/documents.js';
import {
  type EventStreamReader,
  openEventStream,
  type StreamBlock,
} from '../../testing/event-stream-reader.js';
import { testDatabases } from '../../testing/test-databases.js';
import { grantSupportOperator } from './operator-store.js';

const eventOf = (block: StreamBlock) => JSON.parse(block.data ?? '{}') as SupportEvent;
const textOf = (block: StreamBlock) => {
  const event = eventOf(block);
  return event.type === 'message' ? event.message.text : `[${event.status}]`;
};

describe.each(testDatabases())('support chat live events on $name', (backend) => {
  const suite = useDocumentsSuite(backend);
  let origin: string;
  const open: EventStreamReader[] = [];
  beforeAll(async () => {
    origin = await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const stream of open) stream.close();
  });
  async function stream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
    const reader = await openEventStream(`${origin}${url}`, headers);
    open.push(reader);
    return reader;
  }

  async function newVisitor(): Promise<string> {
    const res = await call(suite.server, 'POST', SUPPORT_PATHS.visitors, { ip: nextIp() });
    return res.json().visitorToken as string;
  }
  async function send(visitor: string, text: string): Promise<SupportMessage> {
    const res = await call(suite.server, 'POST', SUPPORT_PATHS.myMessages, {
      headers: { [SUPPORT_VISITOR_HEADER]: visitor },
      body: { text },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function operator(): Promise<string> {
    const login = parseLoginTarget('operator@example.kz');
    if (!login) throw new Error('bad login');
    await grantSupportOperator(suite.server.services.database.db, login, suite.clock.now());
    return suite.user('operator@example.kz', []);
  }
  const reply = (token: string, conversationId: number, text: string) =>
    suite.request(token, 'POST', apiPath(SUPPORT_PATHS.inboxMessages, { id: String(conversationId) }), {
      text,
    });

  it("delivers an operator's reply and the closing live to the visitor, and the visitor's message to the inbox", async () => {
    const visitor = await newVisitor();
    const other = await newVisitor();
    const first = await send(visitor, 'hello');
    const op = await operator();
    const mine = await stream(SUPPORT_PATHS.myEvents, {
      [SUPPORT_VISITOR_HEADER]: visitor,
      origin: 'https://shop.example.kz',
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.headers.get('access-control-allow-origin')).toBe('*');
    // The inbox stream with the session bearer (the portal's EventSource sends the GATEWAY cookie instead).
    const inbox = await stream(SUPPORT_PATHS.inboxEvents, { authorization: `Bearer ${op}` });
    expect(inbox.status).toBe(200);
    // Both start now: the first block names where (no data), nothing of the past is replayed.
    const start = await mine.until((block) => block.id !== undefined);
    expect(start.data).toBeUndefined();
    await inbox.until((block) => block.id !== undefined);

    await reply(op, first.conversationId, 'How can I help?');
    await send(other, 'not yours');
    await suite.request(op, 'POST', apiPath(SUPPORT_PATHS.inboxClose, { id: String(first.conversationId) }));
    const delivered = await mine.events(3);
    expect(delivered.map(textOf)).toEqual([
      'How can I help?',
      expect.stringContaining('Сөйлесу'),
      '[closed]',
    ]);
    expect(eventOf(delivered[0] as StreamBlock)).toMatchObject({
      type: 'message',
      message: { author: 'operator', authorName: 'Айгерим' },
    });
    const ids = delivered.map((block) => Number(block.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(delivered.map((block) => eventOf(block).seq)).toEqual(ids);
    const everything = await inbox.events(4);
    expect(everything.map(textOf)).toEqual([
      'How can I help?',
      '[open]',
      'not yours',
      expect.stringContaining('Сөйлесу'),
    ]);
    // The visitor's stream never carries another visitor's events.
    expect(mine.blocks.filter((block) => block.data?.includes('not yours'))).toEqual([]);
    mine.close();
    inbox.close();
  });

  it('a reconnecting client sending Last-Event-ID (or ?lastEventId=) gets exactly what it missed, then live events', async () => {
    const visitor = await newVisitor();
    const first = await send(visitor, 'question');
    const op = await operator();
    const headers = { [SUPPORT_VISITOR_HEADER]: visitor };
    const before = await stream(SUPPORT_PATHS.myEvents, headers);
    await before.until((block) => block.id !== undefined);
    await reply(op, first.conversationId, 'answer 1');
    const [seen] = await before.events(1);
    before.close();
    const lastId = String(seen?.id);

    // While disconnected: two replies and the visitor's own message.
    await reply(op, first.conversationId, 'answer 2');
    await send(visitor, 'thanks');
    await reply(op, first.conversationId, 'answer 3');

    const resumed = await stream(SUPPORT_PATHS.myEvents, { ...headers, 'last-event-id': lastId });
    const missed = await resumed.events(3);
    expect(missed.map(textOf)).toEqual(['answer 2', 'thanks', 'answer 3']);
    expect(missed.every((block) => Number(block.id) > Number(lastId))).toBe(true);
    await reply(op, first.conversationId, 'live again');
    expect((await resumed.events(4)).map(textOf).at(-1)).toBe('live again');
    resumed.close();

    // A new stream (EventSource cannot set the header) passes it as a query parameter.
    const byQuery = await stream(`${SUPPORT_PATHS.myEvents}?lastEventId=${lastId}`, headers);
    expect((await byQuery.events(4)).map(textOf)).toEqual(['answer 2', 'thanks', 'answer 3', 'live again']);
    byQuery.close();
  });

  it('a second instance on the same database delivers events the first one wrote', async () => {
    const second: QoltanbaApp = await createApp(suite.server.config, {
      database: suite.server.services.database,
      blobs: suite.server.services.blobs,
      clock: suite.clock.now,
      logStream: { write: () => undefined },
      verifyPassword: async () => true,
    });
    try {
      const secondOrigin = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const visitor = await newVisitor();
      const first = await send(visitor, 'hello');
      const op = await operator();
      const elsewhere = await openEventStream(`${secondOrigin}${SUPPORT_PATHS.myEvents}`, {
        [SUPPORT_VISITOR_HEADER]: visitor,
      });
      open.push(elsewhere);
      await elsewhere.until((block) => block.id !== undefined);
      // Written through the first instance: the second hears of it through LISTEN/NOTIFY at the commit.
      expect((await reply(op, first.conversationId, 'from instance one')).statusCode).toBe(201);
      const answered = Date.now();
      expect((await elsewhere.events(1)).map(textOf)).toEqual(['from instance one']);
      expect(Date.now() - answered).toBeLessThan(1000);
      elsewhere.close();
    } finally {
      await second.close();
    }
  });

  it('refuses a stream without a visitor, and the inbox stream to non-operators, before streaming', async () => {
    const anonymous = await call(suite.server, 'GET', `${SUPPORT_PATHS.myEvents}?lang=en`);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    const user = await suite.user('someone@example.kz', []);
    const refused = await suite.request(user, 'GET', `${SUPPORT_PATHS.inboxEvents}?lang=en`);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SUPPORT_OPERATOR_ONLY']);
  });
});
