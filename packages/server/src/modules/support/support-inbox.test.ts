import {
  apiPath,
  parseLoginTarget,
  SUPPORT_PATHS,
  type SupportInboxConversationView,
  type SupportInboxPage,
  supportSystemText,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { OPERATOR_EMAIL, useSupportSuite } from '../../testing/support.js';
import { testDatabases } from '../../testing/test-databases.js';

// The operators' inbox: the role, replies, read marks, closing and reopening, keyset pages.
describe.each(testDatabases())('support inbox on $name', (backend) => {
  const suite = useSupportSuite(backend);
  const { newVisitor, my, send, view } = suite;

  it('operators see every conversation, reply, mark read and close; everybody else is refused', async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    const a1 = await send({ visitor: alice }, 'hello');
    await send({ visitor: alice }, 'anyone?');
    await send({ visitor: bob }, 'hi');
    const stranger = await suite.user('stranger@example.kz', []);
    const status = await suite.request(stranger, 'GET', SUPPORT_PATHS.operatorStatus);
    expect(status.json()).toEqual({ operator: false });
    const conversationPath = apiPath(SUPPORT_PATHS.inboxConversation, { id: String(a1.conversationId) });
    for (const [method, path, body] of [
      ['GET', SUPPORT_PATHS.inbox, undefined],
      ['GET', conversationPath, undefined],
      ['POST', apiPath(SUPPORT_PATHS.inboxMessages, { id: String(a1.conversationId) }), { text: 'x' }],
      ['POST', apiPath(SUPPORT_PATHS.inboxRead, { id: String(a1.conversationId) }), { lastMessageId: a1.id }],
      ['POST', apiPath(SUPPORT_PATHS.inboxClose, { id: String(a1.conversationId) }), undefined],
      ['GET', `${SUPPORT_PATHS.inboxEvents}`, undefined],
    ] as const) {
      const res = await suite.request(stranger, method, `${path}?lang=en`, body);
      expect([res.statusCode, res.json().code], `${method} ${path}`).toEqual([403, 'SUPPORT_OPERATOR_ONLY']);
    }

    const op = await suite.operator();
    expect((await suite.request(op, 'GET', SUPPORT_PATHS.operatorStatus)).json()).toEqual({ operator: true });
    const inbox = (await suite.request(op, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(inbox.items.map((item) => [item.lastMessage?.text, item.unreadCount])).toEqual([
      ['hi', 1],
      ['anyone?', 2],
    ]);
    const reply = await suite.request(
      op,
      'POST',
      apiPath(SUPPORT_PATHS.inboxMessages, { id: String(a1.conversationId) }),
      {
        text: 'Сәлеметсіз бе! <b>How can I help?</b>',
      },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({
      author: 'operator',
      authorName: 'Айгерим',
      text: 'Сәлеметсіз бе! <b>How can I help?</b>',
    });
    // Replying marks the conversation read for operators; the visitor has one unread.
    const opened = (await suite.request(op, 'GET', conversationPath)).json() as SupportInboxConversationView;
    expect(opened.conversation.unreadCount).toBe(0);
    expect(opened.messages.map((m) => m.author)).toEqual(['visitor', 'visitor', 'operator']);
    expect((await view({ visitor: alice })).conversation?.unreadCount).toBe(1);
    const read = await my({ visitor: alice }, 'POST', SUPPORT_PATHS.myRead, {
      lastMessageId: reply.json().id,
    });
    expect(read.statusCode).toBe(204);
    expect((await view({ visitor: alice })).conversation?.unreadCount).toBe(0);

    // Bob's message read by an operator; a message of another conversation is refused.
    const bobView = await view({ visitor: bob });
    const bobConversation = String(bobView.conversation?.id);
    const wrong = await suite.request(
      op,
      'POST',
      `${apiPath(SUPPORT_PATHS.inboxRead, { id: bobConversation })}?lang=en`,
      {
        lastMessageId: a1.id,
      },
    );
    expect([wrong.statusCode, wrong.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const bobRead = await suite.request(
      op,
      'POST',
      apiPath(SUPPORT_PATHS.inboxRead, { id: bobConversation }),
      {
        lastMessageId: bobView.messages[0]?.id,
      },
    );
    expect(bobRead.statusCode).toBe(204);

    // Closing: the visitor sees it closed; their next message opens a new conversation.
    const closed = await suite.request(
      op,
      'POST',
      apiPath(SUPPORT_PATHS.inboxClose, { id: String(a1.conversationId) }),
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closedAt: suite.clock.now().toISOString() });
    const afterClose = await view({ visitor: alice });
    expect(afterClose.conversation?.status).toBe('closed');
    expect(afterClose.messages.at(-1)).toMatchObject({
      author: 'system',
      text: supportSystemText('closed', null),
    });
    const closedList = (
      await suite.request(op, 'GET', `${SUPPORT_PATHS.inbox}?status=closed`)
    ).json() as SupportInboxPage;
    expect(closedList.items.map((item) => item.id)).toEqual([a1.conversationId]);
    // The conversation is the visitor's latest: a reply reopens it.
    const reopened = await suite.request(
      op,
      'POST',
      apiPath(SUPPORT_PATHS.inboxMessages, { id: String(a1.conversationId) }),
      {
        text: 'One more thing',
      },
    );
    expect(reopened.statusCode).toBe(201);
    expect((await view({ visitor: alice })).conversation?.status).toBe('open');
    await suite.request(op, 'POST', apiPath(SUPPORT_PATHS.inboxClose, { id: String(a1.conversationId) }));
    const next = await send({ visitor: alice }, 'new question');
    expect(next.conversationId).not.toBe(a1.conversationId);
    // Now the old one is not the visitor's latest: replying there is refused.
    const stale = await suite.request(
      op,
      'POST',
      `${apiPath(SUPPORT_PATHS.inboxMessages, { id: String(a1.conversationId) })}?lang=en`,
      { text: 'late' },
    );
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'SUPPORT_CONVERSATION_CLOSED']);
    const missing = await suite.request(
      op,
      'GET',
      `${apiPath(SUPPORT_PATHS.inboxConversation, { id: '999999' })}?lang=en`,
    );
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);

    // A revoke takes effect at once.
    const login = parseLoginTarget(OPERATOR_EMAIL);
    if (!login) throw new Error('bad login');
    await suite.db().deleteFrom('support_operators').execute();
    expect((await suite.request(op, 'GET', SUPPORT_PATHS.inbox)).statusCode).toBe(403);
  });

  it('pages the inbox by newest activity with a keyset cursor', async () => {
    const visitors = [await newVisitor(), await newVisitor(), await newVisitor()];
    for (const [index, visitor] of visitors.entries()) {
      await send({ visitor }, `message ${index}`);
      suite.clock.advance(1);
    }
    // Activity moves the first conversation to the top.
    await send({ visitor: visitors[0] }, 'bump');
    const op = await suite.operator();
    const first = (
      await suite.request(op, 'GET', `${SUPPORT_PATHS.inbox}?limit=2`)
    ).json() as SupportInboxPage;
    expect(first.items.map((item) => item.lastMessage?.text)).toEqual(['bump', 'message 2']);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await suite.request(op, 'GET', `${SUPPORT_PATHS.inbox}?limit=2&cursor=${first.nextCursor}`)
    ).json() as SupportInboxPage;
    expect(second.items.map((item) => item.lastMessage?.text)).toEqual(['message 1']);
    expect(second.nextCursor).toBeNull();
    const bad = await suite.request(op, 'GET', `${SUPPORT_PATHS.inbox}?cursor=nonsense&lang=en`);
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    ]);
  });
});
