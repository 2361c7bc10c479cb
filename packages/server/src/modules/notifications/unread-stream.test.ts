import { apiPath, NOTIFICATION_PATHS, type NotificationUnread } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type QoltanbaApp } from '../../app.js';
import { COMPANIES } from '../../testing/documents.js';
import {
  type EventStreamReader,
  openEventStream,
  type StreamBlock,
} from '../../testing/event-stream-reader.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

const pki = createSigningPki();
const unreadOf = (block: StreamBlock) => (JSON.parse(block.data ?? '{}') as NotificationUnread).unread;

describe.each(testDatabases())('the live unread counter on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki, env: { QOLTANBA_NOTIFICATION_MAIL_SECONDS: '0' } });
  let origin: string;
  const open: EventStreamReader[] = [];
  beforeAll(async () => {
    origin = await suite.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const stream of open) stream.close();
  });
  const stream = async (base: string, token: string) => {
    const reader = await openEventStream(`${base}${NOTIFICATION_PATHS.events}`, {
      authorization: `Bearer ${token}`,
    });
    open.push(reader);
    return reader;
  };
  const counts = (reader: EventStreamReader) =>
    reader.blocks.filter((b) => b.data !== undefined).map(unreadOf);

  it('streams the count now and each change: a signature elsewhere, then reading', async () => {
    const reader = await stream(origin, suite.tokens.sender);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect((await reader.events(1)).map(unreadOf)).toEqual([0]);
    const document = await suite.document();
    // The send tells the signer, not the sender: its stream does not move.
    const signerReader = await stream(origin, suite.tokens.signer);
    expect((await signerReader.events(1)).map(unreadOf)).toEqual([1]);
    expect((await suite.sign(document, COMPANIES.signer.bin)).statusCode).toBe(200);
    // Signed, then completed: the counter reaches 2 (one event per change it saw).
    await reader.until((block) => block.data !== undefined && unreadOf(block) === 2);
    const read = await suite.request(suite.tokens.sender, 'POST', NOTIFICATION_PATHS.readAll);
    expect(read.json()).toEqual({ unread: 0 });
    await reader.until(() => counts(reader).length > 1 && counts(reader).at(-1) === 0);
    expect(counts(reader)[0]).toBe(0);
    expect(counts(reader)).toContain(2);
    reader.close();
    signerReader.close();
  });

  it('refuses a stream without a user before streaming', async () => {
    const res = await suite.request('not-a-token', 'GET', `${NOTIFICATION_PATHS.events}?lang=en`);
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('a second instance on the same database streams a change the first one made', async () => {
    const second: QoltanbaApp = await createApp(suite.server.config, {
      database: suite.server.services.database,
      blobs: suite.server.services.blobs,
      clock: suite.clock.now,
      logStream: { write: () => undefined },
      verifyPassword: async () => true,
    });
    try {
      const secondOrigin = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const elsewhere = await stream(secondOrigin, suite.tokens.signer);
      expect((await elsewhere.events(1)).map(unreadOf)).toEqual([0]);
      // Sent through the first instance, in the sending transaction: the second hears it through LISTEN/NOTIFY.
      const document = await suite.document();
      await elsewhere.until((block) => block.data !== undefined && unreadOf(block) === 1);
      const [notification] = (await suite.request(suite.tokens.signer, 'GET', NOTIFICATION_PATHS.list)).json()
        .items as Array<{ id: number; documentId: number }>;
      expect(notification?.documentId).toBe(document.id);
      await suite.request(
        suite.tokens.signer,
        'POST',
        apiPath(NOTIFICATION_PATHS.read, { id: String(notification?.id) }),
      );
      await elsewhere.until(() => counts(elsewhere).length > 2 && counts(elsewhere).at(-1) === 0);
      elsewhere.close();
    } finally {
      await second.close();
    }
  });
});
