import {
  IDENTITY_NOTE_KEY,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
} from '@qoltanba/core';
import { testServerPerFile } from '@qoltanba/server/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SupportServer, supportServerOf } from '../test-support/support-server';
import { type ChatSessionOptions, createChatSession } from './chat-session';
import { createVisitorStore, VISITOR_FIELD } from './visitor-store';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, String(value)),
  };
}

const waits: number[] = [];
const test = testServerPerFile();
let support: SupportServer;
beforeEach(() => {
  support = supportServerOf(test.server);
});
// One server serves the whole file: a session left running would reconnect into the next test.
const sessions: Array<{ stop(): void }> = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});
/** A visitor token as the server issues them (32 random bytes, base64url). */
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function setup(storage: Storage = memoryStorage(), fetch: typeof globalThis.fetch = test.server.fetch) {
  const server = test.server;
  const visitors = createVisitorStore(storage);
  const options: ChatSessionOptions = {
    api: { api: support.origin, fetch, upload: support.upload, lang: () => 'ru' },
    visitors,
    pageUrl: () => 'https://partner.test/contacts',
    // Back-off without the time: record the delay, go on at once.
    wait: async (milliseconds) => {
      waits.push(milliseconds);
    },
  };
  const session = createChatSession(options);
  sessions.push(session);
  return { server, storage, visitors, session };
}

const file = (bytes: number[] | string, name: string, size?: number) => {
  const content = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  const made = new File([content], name);
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('the visitor', () => {
  it('asks for nothing until the first message, then gets a visitor token kept under the identity-note key', async () => {
    const { server, session, storage, visitors } = setup();
    session.start();
    expect(server.calls).toEqual([]);

    expect(await session.send('Сәлем, how do I sign?')).toBe(true);

    expect(server.callsTo(SUPPORT_PATHS.visitors)).toHaveLength(1);
    const token = visitors.get();
    expect(token).toMatch(VISITOR_TOKEN);
    expect(await support.knowsVisitor(token ?? '')).toBe(true);
    expect(JSON.parse(storage.getItem(IDENTITY_NOTE_KEY) ?? 'null')).toEqual({ [VISITOR_FIELD]: token });
    const [sent] = server.callsTo(SUPPORT_PATHS.myMessages);
    expect(sent?.headers.get(SUPPORT_VISITOR_HEADER)).toBe(token);
    expect(sent?.json()).toEqual({
      text: 'Сәлем, how do I sign?',
      pageUrl: 'https://partner.test/contacts',
      language: 'ru',
    });
    expect(session.state().messages.map((message) => message.text)).toEqual(['Сәлем, how do I sign?']);
  });

  it('starts over with a new visitor token when the server forgot the stored one (retention), without an error', async () => {
    const storage = memoryStorage();
    const first = setup(storage);
    await first.session.send('a year ago');
    const old = first.visitors.get();
    first.session.stop();
    // The purge deleted the visitor: a later page starts with the stale token.
    await support.forgetVisitors();
    const later = setup(storage);
    later.session.start();
    await vi.waitFor(() => expect(first.server.callsTo(SUPPORT_PATHS.myEvents).length).toBeGreaterThan(1));
    expect(later.session.state().error).toBeNull();

    expect(await later.session.send('hello again')).toBe(true);
    const fresh = later.visitors.get();
    expect(fresh).not.toBe(old);
    expect(await support.knowsVisitor(fresh ?? '')).toBe(true);
    expect(later.session.state().messages.map((message) => message.text)).toEqual(['hello again']);
    expect(later.session.state().error).toBeNull();
    // Live again, as the new visitor.
    await vi.waitFor(() =>
      expect(
        first.server
          .callsTo(SUPPORT_PATHS.myEvents)
          .some((request) => request.headers.get(SUPPORT_VISITOR_HEADER) === fresh),
      ).toBe(true),
    );
  });

  it('a token forgotten between two messages is replaced and the message sent once more', async () => {
    const { server, session, visitors } = setup();
    await session.send('first');
    await support.forgetVisitors();
    expect(await session.send('second')).toBe(true);
    expect(await support.knowsVisitor(visitors.get() ?? '')).toBe(true);
    expect(server.callsTo(SUPPORT_PATHS.visitors)).toHaveLength(2);
    expect(session.state().error).toBeNull();
  });

  it('keeps what else the identity note holds, and a later page reuses the stored visitor', async () => {
    const storage = memoryStorage();
    storage.setItem(IDENTITY_NOTE_KEY, JSON.stringify({ other: 'kept' }));
    const first = setup(storage);
    await first.session.send('first');
    const token = first.visitors.get();
    expect(JSON.parse(storage.getItem(IDENTITY_NOTE_KEY) ?? 'null')).toEqual({
      other: 'kept',
      [VISITOR_FIELD]: token,
    });

    const later = setup(storage);
    later.session.start();
    await vi.waitFor(() => expect(later.session.state().messages).toHaveLength(1));
    expect(first.server.callsTo(SUPPORT_PATHS.visitors)).toHaveLength(1);
    expect(
      first.server.callsTo(SUPPORT_PATHS.myConversation).at(-1)?.headers.get(SUPPORT_VISITOR_HEADER),
    ).toBe(token);
  });

  it('keeps the token in memory when storage is blocked, and leaves a note it cannot read alone', async () => {
    const blocked = memoryStorage();
    blocked.getItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    blocked.setItem = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const { session, visitors } = setup(blocked);
    expect(await session.send('hello')).toBe(true);
    expect(visitors.get()).toMatch(VISITOR_TOKEN);

    const foreign = memoryStorage();
    foreign.setItem(IDENTITY_NOTE_KEY, 'someone else');
    const other = setup(foreign);
    expect(await other.session.send('hello')).toBe(true);
    expect(foreign.getItem(IDENTITY_NOTE_KEY)).toBe('someone else');
    expect(other.visitors.get()).toMatch(VISITOR_TOKEN);
  });
});

describe('an identified user', () => {
  it('sends the identity token, and the visitor token too so the anonymous history can be claimed', async () => {
    const { server, session, visitors } = setup();
    await session.send('as a visitor');
    const visitor = visitors.get();
    const identity = await support.identityOf('aigerim');

    session.setIdentity(identity);
    session.start();
    expect(await session.send('now logged in')).toBe(true);

    const last = server.callsTo(SUPPORT_PATHS.myMessages).at(-1);
    expect(last?.headers.get(SUPPORT_IDENTITY_HEADER)).toBe(identity);
    expect(last?.headers.get(SUPPORT_VISITOR_HEADER)).toBe(visitor);
    // An identified user never needs a visitor token of their own.
    expect(server.callsTo(SUPPORT_PATHS.visitors)).toHaveLength(1);
    // The anonymous history was claimed: both messages are in the user's conversation.
    const { messages } = await support.conversationOf({ identity });
    expect(messages.map((message) => message.text)).toEqual(['as a visitor', 'now logged in']);
  });

  it('forgets the identity with null and goes back to the anonymous visitor', async () => {
    const { server, session, visitors } = setup();
    session.setIdentity(await support.identityOf('aigerim'));
    await session.send('logged in');
    expect(visitors.get()).toBeNull();

    session.setIdentity(null);
    await session.send('anonymous now');
    const last = server.callsTo(SUPPORT_PATHS.myMessages).at(-1);
    expect(last?.headers.has(SUPPORT_IDENTITY_HEADER)).toBe(false);
    expect(last?.headers.get(SUPPORT_VISITOR_HEADER)).toBe(visitors.get());
  });

  it('shows the catalogue code when the server refuses the identity, and stops the stream', async () => {
    const { server, session } = setup();
    session.setIdentity('forged');
    session.start();
    await vi.waitFor(() => expect(session.state().error?.code).toBe('SUPPORT_IDENTITY_INVALID'));
    expect(server.callsTo(SUPPORT_PATHS.myEvents)).toHaveLength(1);
  });
});

describe('live updates', () => {
  it('reconnects with back-off and asks for what it missed with Last-Event-ID', async () => {
    waits.length = 0;
    const { server, session } = setup();
    const owner = { identity: await support.identityOf('aigerim') };
    const question = await support.write(owner, 'How do I sign?');
    session.setIdentity(owner.identity);
    session.start();
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    const first = await support.reply(owner, 'Hello from support');
    await vi.waitFor(() =>
      expect(session.state().messages.map((m) => m.id)).toEqual([question.id, first.id]),
    );

    server.dropStreams();
    // Sent while the stream was down: the reconnect must bring it.
    const missed = await support.reply(owner, 'Are you still there?');
    await vi.waitFor(() =>
      expect(session.state().messages.map((m) => m.text)).toContain('Are you still there?'),
    );

    const opened = server.callsTo(SUPPORT_PATHS.myEvents);
    const resumedFrom = opened[1]?.headers.get('last-event-id');
    expect([opened[0]?.headers.get('last-event-id'), resumedFrom]).toEqual([
      null,
      expect.stringMatching(/^\d+$/),
    ]);
    expect(session.state().messages.map((m) => m.id)).toEqual([question.id, first.id, missed.id]);
    expect(session.state().unread).toBe(2);
    expect(waits[0]).toBe(1000);
  });

  it('doubles the wait while the server keeps failing, up to 30 s', async () => {
    waits.length = 0;
    const { server, session } = setup();
    for (let failures = 0; failures < 7; failures += 1)
      server.failNext(['GET', SUPPORT_PATHS.myEvents], { status: 503 });
    session.setIdentity(await support.identityOf('aigerim'));
    session.start();
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('marks operator messages read at once while the chat is shown', async () => {
    const { server, session } = setup();
    const owner = { identity: await support.identityOf('aigerim') };
    session.setIdentity(owner.identity);
    session.start();
    session.setActive(true);
    await vi.waitFor(() => expect(server.openStreams()).toBe(1));
    // Written in another tab: the conversation is new to this session.
    await support.write(owner, 'Question');
    const reply = await support.reply(owner, 'Answer');
    await vi.waitFor(() => expect(server.callsTo(SUPPORT_PATHS.myRead)).toHaveLength(1));
    // The conversation loads that were under way then do not bring the count back.
    await vi.waitFor(() => expect(server.callsTo(SUPPORT_PATHS.myConversation)).toHaveLength(2));
    expect(server.callsTo(SUPPORT_PATHS.myRead)[0]?.json()).toEqual({ lastMessageId: reply.id });
    expect(session.state().unread).toBe(0);
  });
});

describe('attachments', () => {
  const PDF = [...'%PDF-1.7\n'].map((char) => char.charCodeAt(0));

  it('refuses a file that is not an image or PDF by its content, whatever its name, before any request', async () => {
    const { server, session } = setup();
    expect(await session.attach(file('MZ executable', 'invoice.pdf'))).toBe(false);
    expect(session.state().error?.code).toBe('SUPPORT_ATTACHMENT_TYPE');
    expect(server.calls).toEqual([]);
  });

  it('refuses a file over 5 MB before any request', async () => {
    const { server, session } = setup();
    expect(await session.attach(file(PDF, 'big.pdf', 5 * 1024 * 1024 + 1))).toBe(false);
    expect(session.state().error?.code).toBe('SUPPORT_ATTACHMENT_TOO_LARGE');
    expect(server.calls).toEqual([]);
  });

  it('uploads a PDF with its text and reports progress while it goes', async () => {
    const { server, session, visitors } = setup();
    const seen: Array<number | undefined> = [];
    session.subscribe((state) => seen.push(state.upload?.progress));
    expect(await session.attach(file(PDF, 'scan.pdf'), ' see attached ')).toBe(true);

    const [upload] = server.callsTo(SUPPORT_PATHS.myAttachments);
    expect(upload?.headers.get(SUPPORT_VISITOR_HEADER)).toMatch(VISITOR_TOKEN);
    const stored = await support.conversationOf({ visitor: visitors.get() ?? '' });
    expect(stored.messages.map((m) => [m.text, m.attachment?.name])).toEqual([['see attached', 'scan.pdf']]);
    expect([...new Set(seen.filter((progress) => progress !== undefined))]).toEqual([0, 0.5, 1]);
    expect(session.state().upload).toBeNull();
    expect(session.state().messages[0]?.attachment?.name).toBe('scan.pdf');
  });
});

describe('a long conversation', () => {
  it('starts at the newest page and adds the earlier ones on demand, each once, keeping live messages', async () => {
    const owner = { identity: await support.identityOf('aigerim') };
    await support.write(owner, 'question');
    for (let n = 1; n <= 119; n += 1) await support.reply(owner, `answer ${n}`);
    const { server, session } = setup();
    session.setIdentity(owner.identity);
    session.start();
    await vi.waitFor(() => expect(session.state().messages).toHaveLength(50));
    expect(session.state().hasEarlier).toBe(true);
    const pages = () => server.calls.filter((request) => request.path.endsWith('/messages')).length;

    await Promise.all([session.loadEarlier(), session.loadEarlier()]);
    expect(pages()).toBe(1);
    expect(
      session
        .state()
        .messages.map((m) => m.text)
        .slice(0, 1),
    ).toEqual(['answer 20']);
    await support.reply(owner, 'answer 120');
    await vi.waitFor(() => expect(session.state().messages.at(-1)?.text).toBe('answer 120'));
    await session.loadEarlier();
    expect(session.state().messages.map((m) => m.text)).toEqual([
      'question',
      ...Array.from({ length: 120 }, (_, index) => `answer ${index + 1}`),
    ]);
    expect(session.state().hasEarlier).toBe(false);
    await session.loadEarlier();
    expect(pages()).toBe(2);
  });
});

describe('messages', () => {
  it('refuses an empty or overlong message with the catalogue codes, without a request', async () => {
    const { server, session } = setup();
    expect(await session.send('   ')).toBe(false);
    expect(session.state().error?.code).toBe('SUPPORT_MESSAGE_EMPTY');
    expect(await session.send('x'.repeat(2001))).toBe(false);
    expect(session.state().error?.code).toBe('SUPPORT_MESSAGE_TOO_LONG');
    expect(server.calls).toEqual([]);
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const { server, session } = setup();
    server.failNext(() => true, { networkError: true });
    expect(await session.send('hello')).toBe(false);
    expect(session.state().error?.code).toBe('NETWORK_ERROR');
  });
});
