import { SUPPORT_PATHS } from '@qoltanba/core';
import { testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../api/apiError';
import { logout } from '../auth/authActions';
import {
  setupOperator as setupOperatorOn,
  sleepGate,
  visitorWrites as visitorWritesOn,
} from '../test-support/support';
import { closeSupportConversation } from './supportApi';
import { followSupportInbox } from './supportEventStream';
import { createSupportInboxStore, type SupportInboxStore } from './supportInboxStore';

const test = testServerPerFile();
const setupOperator = (operator?: boolean) => setupOperatorOn(test.server, operator);
const visitorWrites = (text: string, options?: { visitorToken?: string }) =>
  visitorWritesOn(test.server, text, options);
/** The last message an operator marked read in the conversation, as the server keeps it (0: none). */
async function operatorReadId(id: number): Promise<number> {
  const row = await test.server.server.services.database.db
    .selectFrom('support_conversations')
    .select('operator_read_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.operator_read_id ?? 0;
}

let stores: SupportInboxStore[] = [];
afterEach(() => {
  cleanStores(...stores);
  stores = [];
});

function watched(options: Parameters<typeof createSupportInboxStore>[0] = {}) {
  const store = createSupportInboxStore(options);
  stores.push(store);
  const stop = store.listen(() => undefined);
  return { store, stop };
}

const rows = (store: SupportInboxStore) =>
  store.get().items.map((item) => [item.id, item.lastMessage?.text, item.unreadCount]);
const open = async (store: SupportInboxStore) => {
  await vi.waitFor(() => expect(store.get().listStatus).toBe('loaded'));
  await vi.waitFor(() => expect(store.get().connection).toBe('open'));
};

describe('the support inbox store', () => {
  it('loads the open tab latest first and follows new messages: bumps, previews, unread counts, new conversations', async () => {
    const { server } = await setupOperator();
    const a = await visitorWrites('A1');
    server.clock.advance(1);
    const b = await visitorWrites('B1');
    const { store } = watched();
    await open(store);
    const [idA, idB] = [a.message.conversationId, b.message.conversationId];
    expect(rows(store)).toEqual([
      [idB, 'B1', 1],
      [idA, 'A1', 1],
    ]);

    server.clock.advance(1);
    await visitorWrites('A2', { visitorToken: a.visitorToken });
    await vi.waitFor(() =>
      expect(rows(store)).toEqual([
        [idA, 'A2', 2],
        [idB, 'B1', 1],
      ]),
    );
    server.clock.advance(1);
    const c = await visitorWrites('C1');
    await vi.waitFor(() => expect(rows(store)[0]).toEqual([c.message.conversationId, 'C1', 1]));
    expect(store.get().items).toHaveLength(3);
  });

  it('marks the open conversation read while the operator reads it, and again as visitor messages arrive', async () => {
    const { server } = await setupOperator();
    const a = await visitorWrites('Вопрос');
    const id = a.message.conversationId;
    const { store } = watched();
    await open(store);
    await store.open(id);
    expect(store.get().thread?.messages.map((m) => m.text)).toEqual(['Вопрос']);
    // Not reading (e.g. the tab is hidden): nothing is marked.
    expect(rows(store)).toEqual([[id, 'Вопрос', 1]]);
    expect(await operatorReadId(id)).toBe(0);

    store.setReading(true);
    expect(rows(store)).toEqual([[id, 'Вопрос', 0]]);
    await vi.waitFor(async () => expect(await operatorReadId(id)).toBe(a.message.id));
    server.clock.advance(1);
    const next = await visitorWrites('Ещё', { visitorToken: a.visitorToken });
    await vi.waitFor(async () => expect(await operatorReadId(id)).toBe(next.message.id));
    expect(store.get().thread?.messages.map((m) => m.text)).toEqual(['Вопрос', 'Ещё']);
    expect(rows(store)).toEqual([[id, 'Ещё', 0]]);

    store.setReading(false);
    await visitorWrites('Третий', { visitorToken: a.visitorToken });
    await vi.waitFor(() => expect(rows(store)).toEqual([[id, 'Третий', 1]]));
  });

  it('replies into the thread once (the echo of the stream is not a second message)', async () => {
    const { server } = await setupOperator();
    const { message } = await visitorWrites('Помогите');
    const { store } = watched();
    await open(store);
    await store.open(message.conversationId);
    const reply = await store.reply('Конечно');
    expect(reply.author).toBe('operator');
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    // The reply's own event has passed through the stream by the time a later one arrives.
    await visitorWrites('Спасибо');
    await vi.waitFor(() => expect(store.get().items).toHaveLength(2));
    expect(store.get().thread?.messages.map((m) => [m.author, m.text])).toEqual([
      ['visitor', 'Помогите'],
      ['operator', 'Конечно'],
    ]);
    expect(rows(store).find(([id]) => id === message.conversationId)).toEqual([
      message.conversationId,
      'Конечно',
      1,
    ]);
    const refused = await store.reply(' ').catch((error: unknown) => error);
    expect(isApiError(refused) && refused.code).toBe('SUPPORT_MESSAGE_EMPTY');
  });

  it('closes a conversation: it leaves the open tab and shows under closed; a close elsewhere arrives live', async () => {
    await setupOperator();
    const first = (await visitorWrites('Раз')).message.conversationId;
    const second = (await visitorWrites('Два')).message.conversationId;
    const { store } = watched();
    await open(store);
    await store.open(first);
    const closed = await store.close();
    expect(closed.status).toBe('closed');
    expect(store.get().thread?.conversation?.status).toBe('closed');
    expect(store.get().items.map((item) => item.id)).toEqual([second]);

    // Another operator closes the other one.
    await closeSupportConversation(second);
    await vi.waitFor(() => expect(store.get().items).toEqual([]));
    await store.setStatus('closed');
    expect(
      store
        .get()
        .items.map((item) => [item.id, item.status])
        .sort(),
    ).toEqual(
      [
        [first, 'closed'],
        [second, 'closed'],
      ].sort(),
    );
  });

  it('catches up after the stream was dropped: what was written meanwhile shows once reconnected', async () => {
    const { server } = await setupOperator();
    const gate = sleepGate();
    const a = await visitorWrites('до');
    const { store } = watched({ follow: (options) => followSupportInbox({ ...options, sleep: gate.sleep }) });
    await open(store);
    server.dropStreams();
    await vi.waitFor(() => expect(store.get().connection).toBe('reconnecting'));
    await visitorWrites('во время', { visitorToken: a.visitorToken });
    const other = await visitorWrites('новый');
    gate.release();
    await vi.waitFor(() =>
      expect(rows(store)).toEqual([
        [other.message.conversationId, 'новый', 1],
        [a.message.conversationId, 'во время', 2],
      ]),
    );
    expect(store.get().connection).toBe('open');
  });

  it('opens a long conversation at its newest page and loads the earlier messages on demand, once at a time', async () => {
    const { server } = await setupOperator();
    const { message, visitorToken } = await visitorWrites('1');
    // Four seconds apart on the server's clock: a visitor may write 20 messages a minute.
    for (let n = 2; n <= 55; n += 1) {
      server.clock.advance(4);
      await visitorWrites(String(n), { visitorToken });
    }
    const id = message.conversationId;
    const { store } = watched();
    await open(store);
    await store.open(id);
    const shown = () => store.get().thread?.messages.map((m) => Number(m.text)) ?? [];
    expect([shown()[0], shown().length, store.get().thread?.hasEarlier]).toEqual([6, 50, true]);

    const path = SUPPORT_PATHS.inboxMessages.replace(':id', String(id));
    const before = server.callsTo(['GET', path]).length;
    await Promise.all([store.loadEarlier(), store.loadEarlier()]);
    expect(server.callsTo(['GET', path]).length - before).toBe(1);
    expect(shown()).toEqual(Array.from({ length: 55 }, (_, index) => index + 1));
    expect(store.get().thread).toMatchObject({ hasEarlier: false, loadingEarlier: false, status: 'loaded' });
    // Nothing more to load; a live message still joins at the end.
    await store.loadEarlier();
    expect(server.callsTo(['GET', path]).length - before).toBe(1);
    await visitorWrites('56', { visitorToken });
    await vi.waitFor(() => expect(shown().at(-1)).toBe(56));
    expect(shown()).toHaveLength(56);
  });

  it('pages with the keyset cursor', async () => {
    const { server } = await setupOperator();
    for (const text of ['1', '2', '3']) {
      await visitorWrites(text);
      server.clock.advance(1);
    }
    const { store } = watched({ pageSize: 2 });
    await open(store);
    expect([rows(store).map((row) => row[1]), store.get().hasMore]).toEqual([['3', '2'], true]);
    await store.loadMore();
    expect([rows(store).map((row) => row[1]), store.get().hasMore]).toEqual([['3', '2', '1'], false]);
  });

  it('shows the refusal to a user who is not an operator, and forgets everything on logout', async () => {
    const denied = await setupOperator(false);
    const { store } = watched();
    await vi.waitFor(() => expect(store.get().listStatus).toBe('failed'));
    expect(store.get().error).toBe('SUPPORT_OPERATOR_ONLY');
    await vi.waitFor(() => expect(store.get().connectionError).toBe('SUPPORT_OPERATOR_ONLY'));
    expect(denied.server.openStreams()).toBe(0);

    const { server } = await setupOperator();
    await visitorWrites('x');
    const second = watched();
    await open(second.store);
    await logout();
    expect(second.store.get()).toMatchObject({ items: [], listStatus: 'idle', connection: 'closed' });
    await vi.waitFor(() => expect(server.openStreams()).toBe(0));
  });
});
