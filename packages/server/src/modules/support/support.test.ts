import {
  apiPath,
  PARTNER_PATHS,
  parseLoginTarget,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_MESSAGES_PER_MINUTE,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportConversationView,
  type SupportIdentityIssued,
  type SupportInboxConversationView,
  type SupportInboxPage,
  type SupportMessage,
  supportSystemText,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call, nextIp } from '../../testing/accounts.js';
import { userIdOf } from '../../testing/companies.js';
import { COMPANIES, multipart, type Part, useDocumentsSuite } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { createApiKey } from '../partner/api-keys.js';
import { identityTokenKey, signIdentityToken, userSubject } from './identity-token.js';
import { grantSupportOperator } from './operator-store.js';

const { sender, outsider } = COMPANIES;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const OPERATOR_EMAIL = 'operator@example.kz';

/** Headers a widget sends: an identity token and/or a visitor token. */
interface Who {
  visitor?: string;
  identity?: string;
}
const whoHeaders = (who: Who): Record<string, string> => ({
  ...(who.visitor ? { [SUPPORT_VISITOR_HEADER]: who.visitor } : {}),
  ...(who.identity ? { [SUPPORT_IDENTITY_HEADER]: who.identity } : {}),
});

describe.each(testDatabases())('support chat on $name', (backend) => {
  const suite = useDocumentsSuite(backend, {
    env: {
      QOLTANBA_PUBLIC_URL: 'https://qoltanba.example.kz',
      QOLTANBA_HELP_URL_RU: 'https://help.example.kz/ru/',
      QOLTANBA_SUPPORT_WHATSAPP: '+7 (701) 234-56-78',
      QOLTANBA_SUPPORT_TELEGRAM: '@qoltanba_help',
    },
  });
  const db = () => suite.server.services.database.db;

  async function newVisitor(): Promise<string> {
    const res = await call(suite.server, 'POST', SUPPORT_PATHS.visitors, { ip: nextIp() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().visitorToken as string;
  }
  const my = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(suite.server, method, `${url}${url.includes('?') ? '&' : '?'}lang=en`, {
      headers: whoHeaders(who),
      body,
    });
  async function send(who: Who, text: string, extra: Record<string, unknown> = {}): Promise<SupportMessage> {
    const res = await my(who, 'POST', SUPPORT_PATHS.myMessages, { text, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const view = async (who: Who): Promise<SupportConversationView> => {
    const res = await my(who, 'GET', SUPPORT_PATHS.myConversation);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  function attach(who: Who, parts: readonly Part[]) {
    const { payload, contentType } = multipart(parts);
    return call(suite.server, 'POST', `${SUPPORT_PATHS.myAttachments}?lang=en`, {
      headers: { ...whoHeaders(who), 'content-type': contentType },
      body: payload,
    });
  }
  /** A signed-in user whose e-mail holds the operator role (granted before the account existed). */
  async function operator(email = OPERATOR_EMAIL): Promise<string> {
    const login = parseLoginTarget(email);
    if (!login) throw new Error('bad login');
    await grantSupportOperator(db(), login, suite.clock.now());
    return suite.user(email, []);
  }
  async function portalIdentity(token: string): Promise<SupportIdentityIssued> {
    const res = await suite.request(token, 'POST', SUPPORT_PATHS.identityTokens);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function partnerKey(email: string, bin: string): Promise<string> {
    const token = await suite.user(email, [{ bin, nameRu: `ТОО ${bin}`, nameKk: null }]);
    const { secret } = await createApiKey(
      db(),
      bin,
      userIdOf(token),
      { name: 'Shop', allowedOrigins: ['https://shop.example.kz'] },
      suite.clock.now(),
    );
    return secret;
  }
  async function partnerIdentity(key: string, body: Record<string, unknown>) {
    return call(suite.server, 'POST', `${PARTNER_PATHS.supportIdentityTokens}?lang=en`, { token: key, body });
  }

  it('lists every support route in OpenAPI with its operationId, the visitor headers, the streams as text/event-stream', async () => {
    interface Operation {
      operationId: string;
      parameters?: Array<{ name: string; in: string }>;
      security?: unknown[];
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    }
    const doc = (await call(suite.server, 'GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const op = (method: string, path: string) => {
      const found = doc.paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method];
      if (!found) throw new Error(`${method} ${path} is not in the document`);
      return found;
    };
    const expected: Array<[string, string, string]> = [
      ['get', SUPPORT_PATHS.helpConfig, 'getHelpConfig'],
      ['post', SUPPORT_PATHS.visitors, 'createSupportVisitor'],
      ['post', SUPPORT_PATHS.identityTokens, 'createSupportIdentityToken'],
      ['get', SUPPORT_PATHS.myConversation, 'getMySupportConversation'],
      ['get', SUPPORT_PATHS.myConversations, 'listMySupportConversations'],
      ['get', SUPPORT_PATHS.myConversationMessages, 'listMySupportMessages'],
      ['post', SUPPORT_PATHS.myMessages, 'sendSupportMessage'],
      ['post', SUPPORT_PATHS.myAttachments, 'sendSupportAttachment'],
      ['get', SUPPORT_PATHS.myAttachment, 'downloadMySupportAttachment'],
      ['post', SUPPORT_PATHS.myRead, 'markMySupportConversationRead'],
      ['get', SUPPORT_PATHS.myEvents, 'streamMySupportEvents'],
      ['get', SUPPORT_PATHS.operatorStatus, 'getSupportOperatorStatus'],
      ['get', SUPPORT_PATHS.inbox, 'listSupportConversations'],
      ['get', SUPPORT_PATHS.inboxConversation, 'getSupportConversation'],
      ['post', SUPPORT_PATHS.inboxMessages, 'replySupportConversation'],
      ['get', SUPPORT_PATHS.inboxMessages, 'listSupportConversationMessages'],
      ['post', SUPPORT_PATHS.inboxRead, 'markSupportConversationRead'],
      ['post', SUPPORT_PATHS.inboxClose, 'closeSupportConversation'],
      ['get', SUPPORT_PATHS.inboxAttachment, 'downloadSupportAttachment'],
      ['get', SUPPORT_PATHS.inboxEvents, 'streamSupportInboxEvents'],
      ['post', PARTNER_PATHS.supportIdentityTokens, 'createPartnerSupportIdentityToken'],
    ];
    for (const [method, path, operationId] of expected)
      expect(op(method, path).operationId).toBe(operationId);
    for (const path of [SUPPORT_PATHS.myEvents, SUPPORT_PATHS.inboxEvents]) {
      expect(Object.keys(op('get', path).responses['200']?.content ?? {})).toEqual(['text/event-stream']);
      expect(op('get', path).parameters?.map((p) => p.name)).toContain('lastEventId');
    }
    expect(
      op('get', SUPPORT_PATHS.myConversation)
        .parameters?.filter((p) => p.in === 'header')
        .map((p) => p.name),
    ).toEqual([SUPPORT_IDENTITY_HEADER, SUPPORT_VISITOR_HEADER]);
    const upload = op('post', SUPPORT_PATHS.myAttachments).requestBody?.content['multipart/form-data'];
    expect(Object.keys(upload?.schema.properties ?? {})).toEqual(['file', 'text']);
    expect(op('get', SUPPORT_PATHS.inbox).security).toEqual([{ bearerAuth: [] }]);
    expect(op('post', PARTNER_PATHS.supportIdentityTokens).security).toEqual([{ partnerApiKey: [] }]);
  });

  it('answers the help configuration to any origin, and preflights allow the two visitor headers', async () => {
    const res = await call(suite.server, 'GET', SUPPORT_PATHS.helpConfig, {
      headers: { origin: 'https://any.example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      helpPages: {
        kk: 'https://qoltanba.example.kz/help/kk',
        ru: 'https://help.example.kz/ru/',
        en: 'https://qoltanba.example.kz/help/en',
      },
      whatsapp: 'https://wa.me/77012345678',
      telegram: 'https://t.me/qoltanba_help',
      chat: true,
    });
    const preflight = await call(suite.server, 'OPTIONS', SUPPORT_PATHS.myAttachments, {
      headers: {
        origin: 'https://any.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': SUPPORT_VISITOR_HEADER,
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain(SUPPORT_VISITOR_HEADER);
    expect(preflight.headers['access-control-allow-headers']).toContain(SUPPORT_IDENTITY_HEADER);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // The inbox and the identity tokens are the portal's own: no CORS.
    const inbox = await call(suite.server, 'OPTIONS', SUPPORT_PATHS.inbox, {
      headers: { origin: 'https://any.example.com', 'access-control-request-method': 'GET' },
    });
    expect(inbox.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a visitor needs a token the server issued, stored as SHA-256 only, and never a cookie', async () => {
    const none = await my({}, 'GET', SUPPORT_PATHS.myConversation);
    expect([none.statusCode, none.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    const made_up = await my({ visitor: 'A'.repeat(43) }, 'GET', SUPPORT_PATHS.myConversation);
    expect([made_up.statusCode, made_up.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    const visitor = await newVisitor();
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = await call(suite.server, 'GET', SUPPORT_PATHS.myConversation, {
      headers: { cookie: `${SUPPORT_VISITOR_HEADER}=${visitor}` },
    });
    expect(cookie.statusCode).toBe(401);
    expect(await view({ visitor })).toEqual({ conversation: null, messages: [], nextCursor: null });
    const stored = await db().selectFrom('support_visitors').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(visitor);
  });

  it('keeps text verbatim as JSON, opens a conversation with the first message, and keeps visitors apart', async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    const text = '<img src=x onerror=alert(1)> Сәлем!\n  second line';
    const first = await send({ visitor: alice }, text, {
      language: 'kk',
      pageUrl: 'https://shop.example.kz/cart',
    });
    expect(first).toMatchObject({ author: 'visitor', authorName: null, text, attachment: null });
    const aliceView = await view({ visitor: alice });
    expect(aliceView.conversation).toMatchObject({
      id: first.conversationId,
      status: 'open',
      unreadCount: 0,
    });
    expect(aliceView.messages.map((m) => m.text)).toEqual([text]);
    await send({ visitor: alice }, 'and more');
    expect((await view({ visitor: alice })).messages).toHaveLength(2);

    // Bob sees nothing of Alice's, cannot mark her messages read, and cannot take her conversation by id.
    expect(await view({ visitor: bob })).toEqual({ conversation: null, messages: [], nextCursor: null });
    const read = await my({ visitor: bob }, 'POST', SUPPORT_PATHS.myRead, { lastMessageId: first.id });
    expect([read.statusCode, read.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const bobs = await send({ visitor: bob }, 'mine');
    expect(bobs.conversationId).not.toBe(first.conversationId);
    expect((await view({ visitor: alice })).messages.map((m) => m.text)).toEqual([text, 'and more']);
    // A page URL that is not http(s) is not kept (operators may open it).
    const carol = await newVisitor();
    await send({ visitor: carol }, 'x', { pageUrl: 'javascript:alert(1)' });
    const operatorToken = await operator();
    const inbox = (await suite.request(operatorToken, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(inbox.items.map((item) => item.visitor.pageUrl).sort()).toEqual([
      'https://shop.example.kz/cart',
      null,
      null,
    ]);
  });

  it('refuses forged, tampered, foreign-format and expired identity tokens, even beside a good visitor token', async () => {
    const visitor = await newVisitor();
    const userToken = await suite.user('aigerim@example.kz', []);
    const issued = await portalIdentity(userToken);
    expect(issued.identityToken).toMatch(/^qsi1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(new Date(issued.expiresAt).getTime() - suite.clock.now().getTime()).toBe(3600_000);
    expect(
      (await my({ identity: issued.identityToken }, 'GET', SUPPORT_PATHS.myConversation)).statusCode,
    ).toBe(200);

    const now = suite.clock.now();
    const expiresAt = new Date(now.getTime() + 600_000);
    const victim = {
      subject: userSubject(userIdOf(userToken)),
      kind: 'user' as const,
      name: null,
      email: null,
    };
    const forged = signIdentityToken(identityTokenKey('x'.repeat(40)), { ...victim, expiresAt }, now);
    const [version, payload, mac] = issued.identityToken.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        sub: 'user:00000000-0000-0000-0000-000000000000',
      }),
    ).toString('base64url');
    const tampered = `${version}.${otherPayload}.${mac}`;
    const truncatedMac = `${version}.${payload}.${mac?.slice(0, 20)}`;
    const otherVersion = `qsi2.${payload}.${mac}`;
    for (const token of [forged, tampered, truncatedMac, otherVersion, 'garbage', userToken]) {
      for (const who of [{ identity: token }, { identity: token, visitor }]) {
        const res = await my(who, 'GET', SUPPORT_PATHS.myConversation);
        expect([res.statusCode, res.json().code], token).toEqual([401, 'SUPPORT_IDENTITY_INVALID']);
      }
    }
    suite.clock.advance(3600);
    for (const who of [{ identity: issued.identityToken }, { identity: issued.identityToken, visitor }]) {
      const res = await my(who, 'POST', SUPPORT_PATHS.myMessages, { text: 'late' });
      expect([res.statusCode, res.json().code]).toEqual([401, 'SUPPORT_IDENTITY_EXPIRED']);
    }
    // Only a signed-in user gets a token for themselves.
    const anonymous = await call(suite.server, 'POST', SUPPORT_PATHS.identityTokens);
    expect(anonymous.statusCode).toBe(401);
  });

  it("ties a portal user's chat to the user, and a partner's token can never read it", async () => {
    const userToken = await suite.user('aigerim@example.kz', []);
    const userId = userIdOf(userToken);
    const mine = (await portalIdentity(userToken)).identityToken;
    await send({ identity: mine }, 'about my invoice');
    // Another browser, a fresh token: the same conversation.
    const again = (await portalIdentity(await suite.login('aigerim@example.kz'))).identityToken;
    expect((await view({ identity: again })).messages.map((m) => m.text)).toEqual(['about my invoice']);

    // A partner vouching for "the same" user id gets a subject of its own company, empty.
    const key = await partnerKey('shop@example.kz', sender.bin);
    const missingKey = await partnerIdentity('qk_not-a-key-at-all-000000', { userId });
    expect([missingKey.statusCode, missingKey.json().code]).toEqual([401, 'API_KEY_INVALID']);
    const issued = await partnerIdentity(key, {
      userId,
      name: 'Покупатель',
      email: 'buyer@shop.kz',
      ttlSeconds: 120,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const partnerToken = (issued.json() as SupportIdentityIssued).identityToken;
    expect(await view({ identity: partnerToken })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
    });
    await send({ identity: partnerToken }, 'from the shop');
    // Another company's key, the same external id: apart again.
    const otherKey = await partnerKey('other@example.kz', outsider.bin);
    const otherToken = ((await partnerIdentity(otherKey, { userId })).json() as SupportIdentityIssued)
      .identityToken;
    expect(await view({ identity: otherToken })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
    });
    expect((await view({ identity: mine })).messages.map((m) => m.text)).toEqual(['about my invoice']);

    const operatorToken = await operator();
    const inbox = (await suite.request(operatorToken, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(
      inbox.items.map((item) => [item.visitor.kind, item.visitor.name, item.visitor.email]).sort(),
    ).toEqual([
      ['partner', 'Покупатель', 'buyer@shop.kz'],
      ['user', 'Айгерим aigerim', 'aigerim@example.kz'],
    ]);
    const tooLong = await partnerIdentity(key, { userId, ttlSeconds: 2 * 24 * 3600 });
    expect(tooLong.statusCode).toBe(400);
  });

  it("claims an anonymous visitor's history when they identify and have no conversation of their own yet", async () => {
    const visitor = await newVisitor();
    await send({ visitor }, 'before login');
    const userToken = await suite.user('aigerim@example.kz', []);
    const identity = (await portalIdentity(userToken)).identityToken;
    const claimed = await view({ identity, visitor });
    expect(claimed.messages.map((m) => m.text)).toEqual(['before login']);
    // The conversation is the user's now: the anonymous token alone no longer shows it (a shared computer).
    expect(await view({ visitor })).toEqual({ conversation: null, messages: [], nextCursor: null });
    expect((await view({ identity })).messages.map((m) => m.text)).toEqual(['before login']);

    // The user has a conversation now: another visitor's history stays that visitor's.
    const other = await newVisitor();
    await send({ visitor: other }, 'someone else');
    expect((await view({ identity, visitor: other })).messages.map((m) => m.text)).toEqual(['before login']);
    expect((await view({ visitor: other })).messages.map((m) => m.text)).toEqual(['someone else']);
    const operatorToken = await operator();
    const inbox = (await suite.request(operatorToken, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(inbox.items.map((item) => item.visitor.kind).sort()).toEqual(['anonymous', 'user']);
  });

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

    const op = await operator();
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
    await db().deleteFrom('support_operators').execute();
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
    const op = await operator();
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

  it('takes images and PDFs by content, refuses other content and anything over 5 MiB, and serves them only to their visitor and operators', async () => {
    const alice = await newVisitor();
    const bob = await newVisitor();
    const res = await attach({ visitor: alice }, [
      { name: 'text', value: 'see the screenshot' },
      {
        name: 'file',
        value: PNG,
        filename: '../../Скрин\u202Egnp.exe.PNG',
        contentType: 'application/x-evil',
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as SupportMessage;
    expect(message.text).toBe('see the screenshot');
    expect(message.attachment).toMatchObject({
      name: 'Скринgnp.exe.png',
      contentType: 'image/png',
      size: PNG.length,
    });
    const attachmentId = String(message.attachment?.id);

    const download = await my(
      { visitor: alice },
      'GET',
      apiPath(SUPPORT_PATHS.myAttachment, { attachmentId }),
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const foreign = await my({ visitor: bob }, 'GET', apiPath(SUPPORT_PATHS.myAttachment, { attachmentId }));
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const op = await operator();
    const byOperator = await suite.request(
      op,
      'GET',
      apiPath(SUPPORT_PATHS.inboxAttachment, { id: String(message.conversationId), attachmentId }),
    );
    expect([byOperator.statusCode, byOperator.headers['content-type']]).toEqual([200, 'image/png']);
    const wrongConversation = await suite.request(
      op,
      'GET',
      apiPath(SUPPORT_PATHS.inboxAttachment, { id: String(message.conversationId + 1), attachmentId }),
    );
    expect(wrongConversation.statusCode).toBe(404);

    const renamed = await attach({ visitor: alice }, [
      {
        name: 'file',
        value: Buffer.from('just some text, honestly'),
        filename: 'photo.png',
        contentType: 'image/png',
      },
    ]);
    expect([renamed.statusCode, renamed.json().code]).toEqual([415, 'SUPPORT_ATTACHMENT_TYPE']);
    const big = Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES + 1);
    PNG.copy(big);
    const tooLarge = await attach({ visitor: alice }, [{ name: 'file', value: big, filename: 'big.png' }]);
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, 'SUPPORT_ATTACHMENT_TOO_LARGE']);
    const exact = await attach({ visitor: alice }, [
      { name: 'file', value: big.subarray(0, SUPPORT_ATTACHMENT_MAX_BYTES), filename: 'edge.png' },
    ]);
    expect(exact.statusCode, exact.body).toBe(201);
    const noFile = await attach({ visitor: alice }, [{ name: 'text', value: 'only text' }]);
    expect([noFile.statusCode, noFile.json().code]).toEqual([400, 'MULTIPART_INVALID']);
    const anonymous = await attach({}, [{ name: 'file', value: PNG, filename: 'a.png' }]);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'SUPPORT_VISITOR_REQUIRED']);
    // Refused uploads leave no rows behind (and their blobs were deleted).
    expect(await db().selectFrom('support_attachments').select('id').execute()).toHaveLength(2);
  });

  it(`limits a visitor to ${SUPPORT_MESSAGES_PER_MINUTE} messages a minute, with Retry-After`, async () => {
    const visitor = await newVisitor();
    for (let index = 0; index < SUPPORT_MESSAGES_PER_MINUTE; index += 1) {
      await send({ visitor }, `message ${index}`);
      suite.clock.advance(1);
    }
    const limited = await my({ visitor }, 'POST', SUPPORT_PATHS.myMessages, { text: 'one too many' });
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    // The oldest message (60 s window) leaves it 40 s from now.
    expect(limited.headers['retry-after']).toBe('40');
    const attachmentLimited = await attach({ visitor }, [{ name: 'file', value: PNG, filename: 'a.png' }]);
    expect(attachmentLimited.statusCode).toBe(429);
    // Another visitor is not held back.
    await send({ visitor: await newVisitor() }, 'fine');
    suite.clock.advance(40);
    await send({ visitor }, 'again');
  });
});

describe.each(testDatabases())('support chat switched off on $name', (backend) => {
  const suite = useDocumentsSuite(backend, { env: { QOLTANBA_SUPPORT_CHAT: 'false' } });

  it('says so in the help configuration and takes no new visitors or messages', async () => {
    const config = await call(suite.server, 'GET', SUPPORT_PATHS.helpConfig);
    expect(config.json().chat).toBe(false);
    const visitor = await call(suite.server, 'POST', `${SUPPORT_PATHS.visitors}?lang=en`);
    expect([visitor.statusCode, visitor.json().code]).toEqual([503, 'SUPPORT_CHAT_UNAVAILABLE']);
    const userToken = await suite.user('aigerim@example.kz', []);
    const identity = (await suite.request(userToken, 'POST', SUPPORT_PATHS.identityTokens)).json()
      .identityToken;
    const message = await call(suite.server, 'POST', `${SUPPORT_PATHS.myMessages}?lang=en`, {
      headers: { [SUPPORT_IDENTITY_HEADER]: identity },
      body: { text: 'hello?' },
    });
    expect([message.statusCode, message.json().code]).toEqual([503, 'SUPPORT_CHAT_UNAVAILABLE']);
  });
});
