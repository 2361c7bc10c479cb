import {
  PARTNER_PATHS,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_MESSAGES_PER_MINUTE,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportInboxPage,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { PNG, useSupportSuite } from '../../testing/support.js';
import { testDatabases } from '../../testing/test-databases.js';

// The help widget's side of the chat: the contract in OpenAPI, the help configuration, anonymous visitors, messages
// and the per-visitor rate limit, and the chat switched off.
describe.each(testDatabases())('support chat visitors on $name', (backend) => {
  const suite = useSupportSuite(backend, {
    env: {
      QOLTANBA_PUBLIC_URL: 'https://qoltanba.example.kz',
      QOLTANBA_HELP_URL_RU: 'https://help.example.kz/ru/',
      QOLTANBA_SUPPORT_WHATSAPP: '+7 (701) 234-56-78',
      QOLTANBA_SUPPORT_TELEGRAM: '@qoltanba_help',
    },
  });
  const { newVisitor, my, send, view } = suite;

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
    expect(await view({ visitor })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
      hasEarlierConversations: false,
    });
    const stored = await suite.db().selectFrom('support_visitors').selectAll().execute();
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
    expect(await view({ visitor: bob })).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
      hasEarlierConversations: false,
    });
    const read = await my({ visitor: bob }, 'POST', SUPPORT_PATHS.myRead, { lastMessageId: first.id });
    expect([read.statusCode, read.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const bobs = await send({ visitor: bob }, 'mine');
    expect(bobs.conversationId).not.toBe(first.conversationId);
    expect((await view({ visitor: alice })).messages.map((m) => m.text)).toEqual([text, 'and more']);
    // A page URL that is not http(s) is not kept (operators may open it).
    const carol = await newVisitor();
    await send({ visitor: carol }, 'x', { pageUrl: 'javascript:alert(1)' });
    const operatorToken = await suite.operator();
    const inbox = (await suite.request(operatorToken, 'GET', SUPPORT_PATHS.inbox)).json() as SupportInboxPage;
    expect(inbox.items.map((item) => item.visitor.pageUrl).sort()).toEqual([
      'https://shop.example.kz/cart',
      null,
      null,
    ]);
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
    const attachmentLimited = await suite.attach({ visitor }, [
      { name: 'file', value: PNG, filename: 'a.png' },
    ]);
    expect(attachmentLimited.statusCode).toBe(429);
    // Another visitor is not held back.
    await send({ visitor: await newVisitor() }, 'fine');
    suite.clock.advance(40);
    await send({ visitor }, 'again');
  });
});

describe.each(testDatabases())('support chat switched off on $name', (backend) => {
  const suite = useSupportSuite(backend, { env: { QOLTANBA_SUPPORT_CHAT: 'false' } });

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
