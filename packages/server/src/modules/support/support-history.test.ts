import {
  apiPath,
  SUPPORT_MESSAGE_PAGE,
  SUPPORT_PATHS,
  type SupportConversationPage,
  type SupportInboxConversationView,
  type SupportMessagePage,
  supportSystemText,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { useSupportSuite } from '../../testing/support.js';
import { testDatabases } from '../../testing/test-databases.js';

const CLOSED = supportSystemText('closed', null);

describe.each(testDatabases())('support chat history and message pages on $name', (backend) => {
  const suite = useSupportSuite(backend);
  const texts = (page: { items: Array<{ text: string }> } | { messages: Array<{ text: string }> }) =>
    ('items' in page ? page.items : page.messages).map((message) => message.text);
  const messagesPath = (id: number, query: string) =>
    `${apiPath(SUPPORT_PATHS.myConversationMessages, { id: String(id) })}?${query}`;
  const inboxMessagesPath = (id: number, query: string) =>
    `${apiPath(SUPPORT_PATHS.inboxMessages, { id: String(id) })}?${query}&lang=en`;

  it('pages a long conversation back from its newest messages with a keyset cursor, for the visitor and operators', async () => {
    const visitor = await suite.newVisitor();
    const sent = [];
    for (let n = 1; n <= 7; n += 1) sent.push(await suite.send({ visitor }, `m${n}`));
    const id = sent[0]?.conversationId ?? 0;

    expect(texts(await suite.view({ visitor }))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect((await suite.view({ visitor })).nextCursor).toBeNull();
    const newest = await suite.view({ visitor }, 'limit=3');
    expect(texts(newest)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.nextCursor).toEqual(expect.any(String));

    // A message arriving meanwhile does not shift the older pages.
    await suite.send({ visitor }, 'm8');
    const page = async (query: string): Promise<SupportMessagePage> => {
      const res = await suite.my({ visitor }, 'GET', messagesPath(id, query));
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const second = await page(`limit=3&cursor=${newest.nextCursor}`);
    expect(texts(second)).toEqual(['m2', 'm3', 'm4']);
    const third = await page(`limit=3&cursor=${second.nextCursor}`);
    expect([texts(third), third.nextCursor]).toEqual([['m1'], null]);
    expect(texts(await page('limit=2'))).toEqual(['m7', 'm8']);

    // Operators page the same conversation the same way.
    const op = await suite.operator();
    const opened = (
      await suite.request(
        op,
        'GET',
        `${apiPath(SUPPORT_PATHS.inboxConversation, { id: String(id) })}?limit=2`,
      )
    ).json() as SupportInboxConversationView;
    expect(texts(opened)).toEqual(['m7', 'm8']);
    const older = await suite.request(
      op,
      'GET',
      inboxMessagesPath(id, `limit=5&cursor=${opened.nextCursor}`),
    );
    expect(older.statusCode, older.body).toBe(200);
    expect(texts(older.json())).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);

    // Refusals: a made-up cursor, a page too large, another visitor, an unknown conversation.
    for (const query of ['cursor=bm90LWEta2V5', 'cursor=W10', `limit=${SUPPORT_MESSAGE_PAGE.max + 1}`]) {
      const bad = await suite.my({ visitor }, 'GET', messagesPath(id, query));
      expect([bad.statusCode, bad.json().code], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    const stranger = await suite.newVisitor();
    for (const path of [messagesPath(id, 'limit=5'), messagesPath(987654321, 'limit=5')]) {
      const res = await suite.my({ visitor: stranger }, 'GET', path);
      expect([res.statusCode, res.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    }
    const missing = await suite.request(op, 'GET', inboxMessagesPath(987654321, 'limit=5'));
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const notOperator = await suite.user('someone@example.kz', []);
    const refused = await suite.request(notOperator, 'GET', inboxMessagesPath(id, 'limit=5'));
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'SUPPORT_OPERATOR_ONLY']);
  });

  it("lists the visitor's earlier conversations newest first, with last message and unread count, read-only", async () => {
    const op = await suite.operator();
    const alice = await suite.newVisitor();
    const earlierFlag = async (visitor: string) => {
      const view = await suite.my({ visitor }, 'GET', SUPPORT_PATHS.myConversation);
      return view.json().hasEarlierConversations as boolean;
    };
    expect(await earlierFlag(alice)).toBe(false);
    const first = await suite.send({ visitor: alice }, 'first question');
    expect(await earlierFlag(alice)).toBe(false);
    const reply = await suite.request(
      op,
      'POST',
      apiPath(SUPPORT_PATHS.inboxMessages, { id: String(first.conversationId) }),
      { text: 'first answer' },
    );
    const close = (id: number) =>
      suite.request(op, 'POST', apiPath(SUPPORT_PATHS.inboxClose, { id: String(id) }));
    await close(first.conversationId);
    const second = await suite.send({ visitor: alice }, 'second question');
    await close(second.conversationId);
    const third = await suite.send({ visitor: alice }, 'third question');
    // The view says there is something to list before the current conversation.
    expect(await earlierFlag(alice)).toBe(true);

    const history = async (query = ''): Promise<SupportConversationPage> => {
      const res = await suite.my({ visitor: alice }, 'GET', `${SUPPORT_PATHS.myConversations}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const newest = await history('limit=2');
    expect(newest.items.map((item) => [item.id, item.status, item.lastMessage?.text])).toEqual([
      [third.conversationId, 'open', 'third question'],
      [second.conversationId, 'closed', CLOSED],
    ]);
    const rest = await history(`limit=2&cursor=${newest.nextCursor}`);
    expect(rest.items.map((item) => [item.id, item.unreadCount])).toEqual([[first.conversationId, 1]]);
    expect(rest.nextCursor).toBeNull();

    // Its messages are there to read, and the reply can be marked read there.
    const old = await suite.my(
      { visitor: alice },
      'GET',
      `${apiPath(SUPPORT_PATHS.myConversationMessages, { id: String(first.conversationId) })}`,
    );
    expect(texts(old.json())).toEqual(['first question', 'first answer', CLOSED]);
    const read = await suite.my({ visitor: alice }, 'POST', SUPPORT_PATHS.myRead, {
      lastMessageId: reply.json().id,
    });
    expect(read.statusCode).toBe(204);
    expect((await history()).items.map((item) => item.unreadCount)).toEqual([0, 0, 0]);
    // Writing goes to the open conversation, never to an earlier one.
    expect((await suite.send({ visitor: alice }, 'more')).conversationId).toBe(third.conversationId);

    // Nobody else sees any of it; a user who signs in takes the history along (claim on identify).
    for (const path of [SUPPORT_PATHS.myConversations, messagesPath(first.conversationId, 'limit=5')]) {
      const anonymous = await suite.my({}, 'GET', path);
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    }
    const bob = await suite.newVisitor();
    const bobs = await suite.my({ visitor: bob }, 'GET', SUPPORT_PATHS.myConversations);
    expect(bobs.json()).toEqual({ items: [], nextCursor: null });
    const identity = (await suite.portalIdentity(await suite.user('alice@example.kz', []))).identityToken;
    const claimed = await suite.my({ identity, visitor: alice }, 'GET', SUPPORT_PATHS.myConversations);
    expect((claimed.json() as SupportConversationPage).items).toHaveLength(3);
  });
});
