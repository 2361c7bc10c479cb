import {
  PARTNER_PATHS,
  SUPPORT_PATHS,
  SUPPORT_UPLOAD_PARTS,
  type SupportConversationPage,
  type SupportConversationView,
  type SupportMessage,
  type SupportMessagePage,
  supportConversationViewSchema,
} from '@qoltanba/core';
import { testServerPerFile, WORLD_USERS } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/apiError';
import { createApiKey } from '../partner/partnerApi';
import {
  asVisitor,
  newVisitor,
  pngFile,
  setupOperator as setupOperatorOn,
  visitorWrites as visitorWritesOn,
} from '../test-support/support';
import {
  closeSupportConversation,
  createSupportIdentityToken,
  downloadSupportAttachment,
  getSupportConversation,
  getSupportOperatorStatus,
  listSupportConversationMessages,
  listSupportConversations,
  markSupportConversationRead,
  replySupportConversation,
  supportAttachmentUrl,
} from './supportApi';

const test = testServerPerFile();
const setupOperator = (operator?: boolean) => setupOperatorOn(test.server, operator);
const visitorWrites = (text: string, options?: Parameters<typeof visitorWritesOn>[2]) =>
  visitorWritesOn(test.server, text, options);

const codeOf = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: unknown) => (isApiError(error) ? `${error.status} ${error.code}` : String(error)),
  );

async function answerCode(response: Response): Promise<string> {
  const body = (await response.json()) as { code?: string };
  return `${response.status} ${body.code}`;
}

describe('support inbox calls', () => {
  it('tells an operator from another user, and refuses the inbox to the latter', async () => {
    const { server } = await setupOperator(false);
    expect(await getSupportOperatorStatus()).toEqual({ operator: false });
    expect(await codeOf(listSupportConversations())).toBe('403 SUPPORT_OPERATOR_ONLY');
    await server.world.grantOperator('aigerim');
    expect(await getSupportOperatorStatus()).toEqual({ operator: true });
    expect((await listSupportConversations()).items).toEqual([]);
  });

  it('lists conversations latest first with unread counts and previews, a keyset page at a time', async () => {
    const { server } = await setupOperator();
    const first = await visitorWrites('Здравствуйте', {
      pageUrl: 'https://shop.kz/cart',
      language: 'ru',
    });
    server.clock.advance(1);
    await visitorWrites('Сәлем');
    server.clock.advance(1);
    await visitorWrites('Ещё вопрос', { visitorToken: first.visitorToken });

    const page = await listSupportConversations({ limit: 1 });
    expect(page.items.map((item) => [item.lastMessage?.text, item.unreadCount])).toEqual([['Ещё вопрос', 2]]);
    expect(page.items[0]?.visitor).toEqual({
      kind: 'anonymous',
      name: null,
      email: null,
      language: 'ru',
      pageUrl: 'https://shop.kz/cart',
    });
    expect(page.nextCursor).not.toBeNull();
    const next = await listSupportConversations({ limit: 1, cursor: page.nextCursor ?? '' });
    expect(next.items.map((item) => item.lastMessage?.text)).toEqual(['Сәлем']);
    expect(next.nextCursor).toBeNull();
    expect(await codeOf(listSupportConversations({ cursor: 'not-a-cursor' }))).toBe('400 VALIDATION_FAILED');
    expect((await listSupportConversations({ status: 'closed' })).items).toEqual([]);
  });

  it('opens a conversation oldest first, replies, marks read and closes; the visitor sees it all', async () => {
    const { server } = await setupOperator();
    const { message, visitorToken } = await visitorWrites('Как подписать договор?');
    const id = message.conversationId;
    const visitor = asVisitor(server, { visitorToken });

    expect(await codeOf(replySupportConversation(id, '   '))).toBe('400 SUPPORT_MESSAGE_EMPTY');
    const reply = await replySupportConversation(id, 'Нажмите «Подписать».');
    expect([reply.author, reply.authorName, reply.attachment]).toEqual([
      'operator',
      WORLD_USERS.aigerim.firstname,
      null,
    ]);
    const view = await getSupportConversation(id);
    expect(view.messages.map((m) => [m.author, m.text])).toEqual([
      ['visitor', 'Как подписать договор?'],
      ['operator', 'Нажмите «Подписать».'],
    ]);
    // The server counts the visitor's message read once an operator answered it.
    expect(view.conversation.unreadCount).toBe(0);
    await markSupportConversationRead(id, reply.id);
    expect((await getSupportConversation(id)).conversation.unreadCount).toBe(0);

    const mine = supportConversationViewSchema.parse(
      await (await visitor(SUPPORT_PATHS.myConversation)).json(),
    ) as SupportConversationView;
    expect([mine.conversation?.status, mine.conversation?.unreadCount, mine.messages.length]).toEqual([
      'open',
      1,
      2,
    ]);

    const closed = await closeSupportConversation(id);
    expect([closed.status, closed.closedAt !== null]).toEqual(['closed', true]);
    expect((await listSupportConversations()).items).toEqual([]);
    expect((await listSupportConversations({ status: 'closed' })).items.map((item) => item.id)).toEqual([id]);
    // The visitor's next message opens a new conversation.
    const again = await visitor(SUPPORT_PATHS.myMessages, {
      method: 'POST',
      body: JSON.stringify({ text: 'И ещё…' }),
    });
    expect(again.status).toBe(201);
    expect(((await again.json()) as SupportMessage).conversationId).not.toBe(id);
    expect(await codeOf(getSupportConversation(9_999))).toBe('404 ENTITY_NOT_FOUND');
  });

  it("pages a conversation's messages back from the newest with the view's cursor", async () => {
    const { server } = await setupOperator();
    const { message, visitorToken } = await visitorWrites('m1');
    for (const text of ['m2', 'm3', 'm4', 'm5']) await visitorWrites(text, { visitorToken });
    const id = message.conversationId;
    const texts = (messages: readonly SupportMessage[]) => messages.map((m) => m.text);

    const view = await getSupportConversation(id, { limit: 2 });
    expect(texts(view.messages)).toEqual(['m4', 'm5']);
    const older = await listSupportConversationMessages(id, { limit: 2, cursor: view.nextCursor ?? '' });
    expect(texts(older.items)).toEqual(['m2', 'm3']);
    const oldest = await listSupportConversationMessages(id, { limit: 2, cursor: older.nextCursor ?? '' });
    expect([texts(oldest.items), oldest.nextCursor]).toEqual([['m1'], null]);
    expect(texts((await listSupportConversationMessages(id)).items)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect((await getSupportConversation(id)).nextCursor).toBeNull();
    expect(await codeOf(listSupportConversationMessages(id, { cursor: 'nope' }))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(await codeOf(listSupportConversationMessages(id, { limit: 101 }))).toBe('400 VALIDATION_FAILED');
    expect(await codeOf(listSupportConversationMessages(9_999))).toBe('404 ENTITY_NOT_FOUND');

    // The visitor pages the same way, and lists their conversations newest first (only their own).
    const visitor = asVisitor(server, { visitorToken });
    const mine = (await (
      await visitor(`${SUPPORT_PATHS.myConversation}?limit=1`)
    ).json()) as SupportConversationView;
    expect([texts(mine.messages), mine.nextCursor !== null]).toEqual([['m5'], true]);
    const path = SUPPORT_PATHS.myConversationMessages.replace(':id', String(id));
    const back = (await (
      await visitor(`${path}?limit=3&cursor=${mine.nextCursor}`)
    ).json()) as SupportMessagePage;
    expect(texts(back.items)).toEqual(['m2', 'm3', 'm4']);
    await closeSupportConversation(id);
    const next = await visitorWrites('new', { visitorToken });
    const history = (await (await visitor(SUPPORT_PATHS.myConversations)).json()) as SupportConversationPage;
    expect(history.items.map((item) => [item.id, item.status])).toEqual([
      [next.message.conversationId, 'open'],
      [id, 'closed'],
    ]);
    const stranger = asVisitor(server, { visitorToken: await newVisitor(server) });
    expect(await answerCode(await stranger(path))).toBe('404 ENTITY_NOT_FOUND');
    expect(await (await stranger(SUPPORT_PATHS.myConversations)).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('downloads an attachment recognised by content, and refuses other content and other visitors', async () => {
    const { server } = await setupOperator();
    const visitorToken = await newVisitor(server);
    const visitor = asVisitor(server, { visitorToken });
    const upload = (file: File, text?: string) => {
      const form = new FormData();
      form.append(SUPPORT_UPLOAD_PARTS.file, file, file.name);
      if (text !== undefined) form.append(SUPPORT_UPLOAD_PARTS.text, text);
      return visitor(SUPPORT_PATHS.myAttachments, { method: 'POST', body: form });
    };
    const refused = await upload(new File(['hello'], 'note.txt', { type: 'image/png' }));
    expect(await answerCode(refused)).toBe('415 SUPPORT_ATTACHMENT_TYPE');
    const sent = await upload(pngFile('Экран.png'), 'Вот ошибка');
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as SupportMessage;
    expect([message.text, message.attachment?.contentType, message.attachment?.name]).toEqual([
      'Вот ошибка',
      'image/png',
      'Экран.png',
    ]);
    const attachmentId = message.attachment?.id ?? 0;

    const downloaded = await downloadSupportAttachment(message.conversationId, attachmentId);
    expect([downloaded.fileName, downloaded.blob.size]).toEqual(['Экран.png', pngFile().size]);
    expect(supportAttachmentUrl(message.conversationId, attachmentId)).toBe(
      `${server.baseUrl}/proxy/support-api/api/v1/inbox/conversations/${message.conversationId}/attachments/${attachmentId}`,
    );
    expect(await codeOf(downloadSupportAttachment(message.conversationId + 1, attachmentId))).toBe(
      '404 ENTITY_NOT_FOUND',
    );
    const own = await visitor(SUPPORT_PATHS.myAttachment.replace(':attachmentId', String(attachmentId)));
    expect(own.status).toBe(200);
    const stranger = asVisitor(server, { visitorToken: await newVisitor(server) });
    const theirs = await stranger(SUPPORT_PATHS.myAttachment.replace(':attachmentId', String(attachmentId)));
    expect(await answerCode(theirs)).toBe('404 ENTITY_NOT_FOUND');
  });
});

describe('support identity', () => {
  it("issues the signed-in user's identity token, which ties the chat to the user until it expires", async () => {
    const { server } = await setupOperator();
    const issued = await createSupportIdentityToken();
    expect(Date.parse(issued.expiresAt) - server.clock.now().getTime()).toBe(60 * 60 * 1000);
    const user = asVisitor(server, { identityToken: issued.identityToken });
    const sent = await user(SUPPORT_PATHS.myMessages, {
      method: 'POST',
      body: JSON.stringify({ text: 'Салем' }),
    });
    expect(sent.status).toBe(201);
    const [row] = (await listSupportConversations()).items;
    expect(row?.visitor).toMatchObject({
      kind: 'user',
      name: `${WORLD_USERS.aigerim.firstname} ${WORLD_USERS.aigerim.lastname}`,
      email: WORLD_USERS.aigerim.email,
    });

    const forged = asVisitor(server, { identityToken: `${issued.identityToken}x` });
    expect(await answerCode(await forged(SUPPORT_PATHS.myConversation))).toBe('401 SUPPORT_IDENTITY_INVALID');
    const nobody = await server.fetch(`${server.baseUrl}${SUPPORT_PATHS.myConversation}`);
    expect(await answerCode(nobody)).toBe('401 SUPPORT_VISITOR_REQUIRED');
    server.clock.advance(60 * 60);
    expect(await answerCode(await user(SUPPORT_PATHS.myConversation))).toBe('401 SUPPORT_IDENTITY_EXPIRED');
  });

  it("issues a partner's identity token with an API key only", async () => {
    const { server } = await setupOperator();
    const { secret } = await createApiKey({ name: 'Shop', allowedOrigins: ['https://shop.kz'] });
    const partner = (authorization: string, body: unknown) =>
      server.fetch(`${server.baseUrl}${PARTNER_PATHS.supportIdentityTokens}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await answerCode(await partner('Bearer qk_unknown', { userId: 'u-1' }))).toBe(
      '401 API_KEY_INVALID',
    );
    expect(await answerCode(await partner(`Bearer ${secret}`, { userId: '' }))).toBe('400 VALIDATION_FAILED');
    const issued = await partner(`Bearer ${secret}`, { userId: 'u-1', name: 'Дана', ttlSeconds: 600 });
    expect(issued.status).toBe(201);
    const { identityToken } = (await issued.json()) as { identityToken: string };
    const user = asVisitor(server, { identityToken });
    await user(SUPPORT_PATHS.myMessages, { method: 'POST', body: JSON.stringify({ text: 'Hi' }) });
    expect((await listSupportConversations()).items[0]?.visitor).toMatchObject({
      kind: 'partner',
      name: 'Дана',
    });
  });
});
