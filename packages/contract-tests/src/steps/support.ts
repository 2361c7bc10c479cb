import {
  apiKeyCreatedSchema,
  apiPath,
  helpConfigSchema,
  PARTNER_PATHS,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_PATHS,
  SUPPORT_UPLOAD_PARTS,
  SUPPORT_VISITOR_HEADER,
  type SupportConversationPage,
  type SupportConversationView,
  type SupportInboxConversation,
  type SupportInboxConversationView,
  type SupportInboxPage,
  type SupportMessage,
  type SupportMessagePage,
  supportConversationPageSchema,
  supportConversationViewSchema,
  supportIdentityIssuedSchema,
  supportInboxConversationSchema,
  supportInboxConversationViewSchema,
  supportInboxPageSchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportOperatorStatusSchema,
  supportVisitorIssuedSchema,
} from '@qoltanba/core';
import { type Context, companyPath, EMAIL, ok, refused, type Step } from '../table-support';

// The support chat (issue 11): visitors by visitor or identity token, the operators' inbox, attachments, and the
// partner's identity tokens. The event streams are not in the table (an answer that never ends); the sdk's and the
// server's own tests follow them. User A becomes the operator through each side's admin grant.

const visitor = (context: Context, name = 'visitor') => ({
  [SUPPORT_VISITOR_HEADER]: context.values[name] ?? 'qv_none',
});
const conversationPath = (template: string, context: Context, extra: Record<string, string> = {}) =>
  apiPath(template, { id: String(context.ids.conversation ?? 0), ...extra });

/** A PNG by content: its eight-byte signature, then padding. */
function png(name: string): File {
  const bytes = new Uint8Array(128);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}
function attachmentForm(file: File, text?: string): FormData {
  const form = new FormData();
  form.append(SUPPORT_UPLOAD_PARTS.file, file, file.name);
  if (text !== undefined) form.append(SUPPORT_UPLOAD_PARTS.text, text);
  return form;
}

const messageMeaning = (message: SupportMessage) => [
  message.author,
  message.text,
  message.attachment && [message.attachment.name, message.attachment.contentType, message.attachment.size],
];
const visitorViewMeaning = (view: SupportConversationView) => [
  view.conversation && [view.conversation.status, view.conversation.unreadCount],
  view.messages.map(messageMeaning),
  view.nextCursor !== null,
];
const messagePageMeaning = (page: SupportMessagePage) => [
  page.items.map(messageMeaning),
  page.nextCursor !== null,
];
const historyMeaning = (page: SupportConversationPage) => [
  page.items.map((item) => [
    item.status,
    item.unreadCount,
    item.lastMessage && messageMeaning(item.lastMessage),
  ]),
  page.nextCursor !== null,
];
/** The messages of the first conversation, as the visitor pages them. */
const myMessagesPath = (context: Context, query: string) =>
  `${conversationPath(SUPPORT_PATHS.myConversationMessages, context)}?${query}`;
const inboxMeaning = (page: SupportInboxPage) =>
  page.items.map((item) => [
    item.status,
    item.visitor.kind,
    item.unreadCount,
    item.lastMessage?.author ?? null,
  ]);

const issueVisitor = (name: string): Step => ({
  name: `support: a new visitor gets a visitor token (${name})`,
  request: () => ({ method: 'POST', path: SUPPORT_PATHS.visitors }),
  expect: { status: 201, schema: supportVisitorIssuedSchema },
  keep: (context, body: { visitorToken: string }) => {
    context.values[name] = body.visitorToken;
  },
});

/** The support chat: visitor routes, the inbox, attachments and identity tokens. */
export const supportSteps: Step[] = [
  {
    name: 'support: the help configuration is public',
    request: () => ({ method: 'GET', path: SUPPORT_PATHS.helpConfig }),
    expect: ok(helpConfigSchema),
  },
  issueVisitor('visitor'),
  {
    name: "support: a new visitor's conversation is empty",
    request: (context) => ({ method: 'GET', path: SUPPORT_PATHS.myConversation, headers: visitor(context) }),
    expect: ok(supportConversationViewSchema),
    same: visitorViewMeaning,
  },
  {
    name: 'support: writing without a visitor or identity token is refused',
    request: () => ({ method: 'POST', path: SUPPORT_PATHS.myMessages, json: { text: 'Сәлем' } }),
    expect: refused('SUPPORT_VISITOR_REQUIRED'),
  },
  {
    name: 'support: an unknown visitor token is refused',
    request: () => ({
      method: 'POST',
      path: SUPPORT_PATHS.myMessages,
      headers: { [SUPPORT_VISITOR_HEADER]: `qv_${'A'.repeat(43)}` },
      json: { text: 'Сәлем' },
    }),
    expect: refused('SUPPORT_VISITOR_REQUIRED'),
  },
  {
    name: 'support: a forged identity token is refused, even beside a good visitor token',
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myMessages,
      headers: { ...visitor(context), [SUPPORT_IDENTITY_HEADER]: 'eyJ1Ijoib3RoZXIifQ.forged' },
      json: { text: 'Сәлем' },
    }),
    expect: refused('SUPPORT_IDENTITY_INVALID'),
  },
  {
    name: 'support: an empty message is refused',
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myMessages,
      headers: visitor(context),
      json: { text: '  \n ' },
    }),
    expect: refused('SUPPORT_MESSAGE_EMPTY'),
  },
  {
    name: "support: the visitor's first message opens a conversation",
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myMessages,
      headers: visitor(context),
      json: { text: 'Как подписать <b>договор</b>?', pageUrl: 'https://shop.kz/cart', language: 'ru' },
    }),
    expect: { status: 201, schema: supportMessageSchema },
    same: messageMeaning,
    keep: (context, message: SupportMessage) => {
      context.ids.conversation = message.conversationId;
    },
  },
  {
    name: 'support: a text file is not taken as an attachment, whatever its declared type',
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myAttachments,
      headers: visitor(context),
      form: attachmentForm(new File(['just text'], 'screen.png', { type: 'image/png' })),
    }),
    expect: refused('SUPPORT_ATTACHMENT_TYPE'),
  },
  {
    name: 'support: the visitor attaches a PNG with a caption',
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myAttachments,
      headers: visitor(context),
      form: attachmentForm(png('screen.png'), 'Вот экран'),
    }),
    expect: { status: 201, schema: supportMessageSchema },
    same: messageMeaning,
    keep: (context, message: SupportMessage) => {
      context.ids.attachment = message.attachment?.id ?? 0;
      context.ids.visitorMessage = message.id;
    },
  },
  {
    name: 'support: the visitor downloads their attachment',
    request: (context) => ({
      method: 'GET',
      path: apiPath(SUPPORT_PATHS.myAttachment, { attachmentId: String(context.ids.attachment) }),
      headers: visitor(context),
    }),
    expect: { status: 200, binary: 'image/png' },
  },
  issueVisitor('stranger'),
  {
    name: 'support: another visitor cannot download it',
    request: (context) => ({
      method: 'GET',
      path: apiPath(SUPPORT_PATHS.myAttachment, { attachmentId: String(context.ids.attachment) }),
      headers: visitor(context, 'stranger'),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'support: another visitor does not see the conversation',
    request: (context) => ({
      method: 'GET',
      path: SUPPORT_PATHS.myConversation,
      headers: visitor(context, 'stranger'),
    }),
    expect: ok(supportConversationViewSchema),
    same: visitorViewMeaning,
  },
  {
    name: "support: the visitor's view holds the newest messages, with a cursor to the older ones",
    request: (context) => ({
      method: 'GET',
      path: `${SUPPORT_PATHS.myConversation}?limit=1`,
      headers: visitor(context),
    }),
    expect: ok(supportConversationViewSchema),
    same: visitorViewMeaning,
    keep: (context, view: SupportConversationView) => {
      context.values.olderMessages = view.nextCursor ?? '';
    },
  },
  {
    name: 'support: the visitor pages back to the older messages with it',
    request: (context) => ({
      method: 'GET',
      path: myMessagesPath(
        context,
        `limit=1&cursor=${encodeURIComponent(context.values.olderMessages ?? '')}`,
      ),
      headers: visitor(context),
    }),
    expect: ok(supportMessagePageSchema),
    same: messagePageMeaning,
  },
  {
    name: 'support: a made-up message cursor is refused',
    request: (context) => ({
      method: 'GET',
      path: myMessagesPath(context, 'cursor=not-a-cursor'),
      headers: visitor(context),
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: "support: another visitor cannot page the conversation's messages",
    request: (context) => ({
      method: 'GET',
      path: myMessagesPath(context, 'limit=5'),
      headers: visitor(context, 'stranger'),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'support: the inbox needs a session',
    request: () => ({ method: 'GET', path: SUPPORT_PATHS.inbox }),
    expect: refused('UNAUTHORIZED'),
  },
  {
    name: 'support: user A is not an operator yet',
    request: () => ({ method: 'GET', path: SUPPORT_PATHS.operatorStatus, as: 'a' }),
    expect: ok(supportOperatorStatusSchema),
    same: (status: { operator: boolean }) => status.operator,
  },
  {
    name: 'support: the inbox is refused to a user who is not an operator',
    request: () => ({ method: 'GET', path: SUPPORT_PATHS.inbox, as: 'a' }),
    expect: refused('SUPPORT_OPERATOR_ONLY'),
  },
  {
    name: 'support: another user cannot read a conversation by id either',
    request: (context) => ({
      method: 'GET',
      path: conversationPath(SUPPORT_PATHS.inboxConversation, context),
      as: 'b',
    }),
    expect: refused('SUPPORT_OPERATOR_ONLY'),
  },
  {
    name: 'support: the admin command makes user A an operator',
    request: async (_context, side) => {
      await side.grantSupportOperator(EMAIL.a);
      return { method: 'GET', path: SUPPORT_PATHS.operatorStatus, as: 'a' };
    },
    expect: ok(supportOperatorStatusSchema),
    same: (status: { operator: boolean }) => status.operator,
  },
  {
    name: 'support: the operator lists open conversations with their unread counts',
    request: () => ({ method: 'GET', path: `${SUPPORT_PATHS.inbox}?status=open`, as: 'a' }),
    expect: ok(supportInboxPageSchema),
    same: inboxMeaning,
  },
  {
    name: 'support: a page of more than 100 is refused',
    request: () => ({ method: 'GET', path: `${SUPPORT_PATHS.inbox}?limit=500`, as: 'a' }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: "support: the operator opens the conversation: the visitor's details and messages oldest first",
    request: (context) => ({
      method: 'GET',
      path: conversationPath(SUPPORT_PATHS.inboxConversation, context),
      as: 'a',
    }),
    expect: ok(supportInboxConversationViewSchema),
    same: (view: SupportInboxConversationView) => [
      view.conversation.visitor,
      view.conversation.unreadCount,
      view.messages.map(messageMeaning),
    ],
  },
  {
    name: "support: the operator pages the conversation's messages from the newest",
    request: (context) => ({
      method: 'GET',
      path: `${conversationPath(SUPPORT_PATHS.inboxMessages, context)}?limit=1`,
      as: 'a',
    }),
    expect: ok(supportMessagePageSchema),
    same: messagePageMeaning,
  },
  {
    name: 'support: an unknown conversation is not found',
    request: () => ({
      method: 'GET',
      path: apiPath(SUPPORT_PATHS.inboxConversation, { id: '987654321' }),
      as: 'a',
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'support: the operator downloads the attachment',
    request: (context) => ({
      method: 'GET',
      path: conversationPath(SUPPORT_PATHS.inboxAttachment, context, {
        attachmentId: String(context.ids.attachment),
      }),
      as: 'a',
    }),
    expect: { status: 200, binary: 'image/png' },
  },
  {
    name: 'support: an attachment is found only under its own conversation',
    request: (context) => ({
      method: 'GET',
      path: apiPath(SUPPORT_PATHS.inboxAttachment, {
        id: '987654321',
        attachmentId: String(context.ids.attachment),
      }),
      as: 'a',
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'support: a reply over the length limit is refused',
    request: (context) => ({
      method: 'POST',
      path: conversationPath(SUPPORT_PATHS.inboxMessages, context),
      as: 'a',
      json: { text: 'я'.repeat(SUPPORT_MESSAGE_MAX + 1) },
    }),
    expect: refused('SUPPORT_MESSAGE_TOO_LONG'),
  },
  {
    name: 'support: the operator replies',
    request: (context) => ({
      method: 'POST',
      path: conversationPath(SUPPORT_PATHS.inboxMessages, context),
      as: 'a',
      json: { text: 'Нажмите «Подписать».' },
    }),
    expect: { status: 201, schema: supportMessageSchema },
    same: messageMeaning,
    keep: (context, message: SupportMessage) => {
      context.ids.reply = message.id;
    },
  },
  {
    name: "support: the operator marks the visitor's messages read",
    request: (context) => ({
      method: 'POST',
      path: conversationPath(SUPPORT_PATHS.inboxRead, context),
      as: 'a',
      json: { lastMessageId: context.ids.visitorMessage },
    }),
    expect: { status: 204 },
  },
  {
    name: 'support: the inbox then shows nothing unread',
    request: () => ({ method: 'GET', path: SUPPORT_PATHS.inbox, as: 'a' }),
    expect: ok(supportInboxPageSchema),
    same: inboxMeaning,
  },
  {
    name: 'support: the visitor sees the reply as unread',
    request: (context) => ({ method: 'GET', path: SUPPORT_PATHS.myConversation, headers: visitor(context) }),
    expect: ok(supportConversationViewSchema),
    same: visitorViewMeaning,
  },
  {
    name: 'support: the visitor marks the reply read',
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myRead,
      headers: visitor(context),
      json: { lastMessageId: context.ids.reply },
    }),
    expect: { status: 204 },
  },
  {
    name: 'support: the operator closes the conversation',
    request: (context) => ({
      method: 'POST',
      path: conversationPath(SUPPORT_PATHS.inboxClose, context),
      as: 'a',
    }),
    expect: ok(supportInboxConversationSchema),
    same: (conversation: SupportInboxConversation) => [
      conversation.status,
      conversation.closedAt !== null,
      conversation.unreadCount,
    ],
  },
  {
    name: 'support: it is listed under closed, not under open',
    request: () => ({ method: 'GET', path: `${SUPPORT_PATHS.inbox}?status=closed`, as: 'a' }),
    expect: ok(supportInboxPageSchema),
    same: inboxMeaning,
  },
  {
    name: "support: the visitor's view shows it closed and read",
    request: (context) => ({ method: 'GET', path: SUPPORT_PATHS.myConversation, headers: visitor(context) }),
    expect: ok(supportConversationViewSchema),
    same: visitorViewMeaning,
  },
  {
    name: "support: the visitor's next message opens a new conversation",
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myMessages,
      headers: visitor(context),
      json: { text: 'И ещё вопрос' },
    }),
    expect: { status: 201, schema: supportMessageSchema },
    same: messageMeaning,
  },
  {
    name: 'support: the new conversation holds only that message',
    request: (context) => ({ method: 'GET', path: SUPPORT_PATHS.myConversation, headers: visitor(context) }),
    expect: ok(supportConversationViewSchema),
    same: visitorViewMeaning,
  },
  {
    name: 'support: the visitor lists both conversations, newest first, the earlier one closed',
    request: (context) => ({ method: 'GET', path: SUPPORT_PATHS.myConversations, headers: visitor(context) }),
    expect: ok(supportConversationPageSchema),
    same: historyMeaning,
  },
  {
    name: 'support: a page of one conversation has a cursor to the next',
    request: (context) => ({
      method: 'GET',
      path: `${SUPPORT_PATHS.myConversations}?limit=1`,
      headers: visitor(context),
    }),
    expect: ok(supportConversationPageSchema),
    same: historyMeaning,
  },
  {
    name: 'support: the earlier conversation is still there to read',
    request: (context) => ({
      method: 'GET',
      path: myMessagesPath(context, 'limit=10'),
      headers: visitor(context),
    }),
    expect: ok(supportMessagePageSchema),
    same: messagePageMeaning,
  },
  {
    name: 'support: another visitor has no history',
    request: (context) => ({
      method: 'GET',
      path: SUPPORT_PATHS.myConversations,
      headers: visitor(context, 'stranger'),
    }),
    expect: ok(supportConversationPageSchema),
    same: historyMeaning,
  },
  {
    name: 'support: identity tokens need a session',
    request: () => ({ method: 'POST', path: SUPPORT_PATHS.identityTokens }),
    expect: refused('UNAUTHORIZED'),
  },
  {
    name: 'support: user B gets an identity token for the widget',
    request: () => ({ method: 'POST', path: SUPPORT_PATHS.identityTokens, as: 'b' }),
    expect: { status: 201, schema: supportIdentityIssuedSchema },
    keep: (context, issued: { identityToken: string }) => {
      context.values.identityB = issued.identityToken;
    },
  },
  {
    name: 'support: user B writes as themself with it',
    request: (context) => ({
      method: 'POST',
      path: SUPPORT_PATHS.myMessages,
      headers: { [SUPPORT_IDENTITY_HEADER]: context.values.identityB ?? '' },
      json: { text: 'Мен Бековамын' },
    }),
    expect: { status: 201, schema: supportMessageSchema },
    same: messageMeaning,
  },
  {
    name: "support: the operator sees user B's conversation as a user's",
    request: () => ({ method: 'GET', path: SUPPORT_PATHS.inbox, as: 'a' }),
    expect: ok(supportInboxPageSchema),
    same: (page: SupportInboxPage) => page.items.map((item) => item.visitor.kind).sort(),
  },
  {
    name: 'support: the administrator creates an API key for the chat',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Chat', allowedOrigins: ['https://shop.kz'] },
    }),
    expect: { status: 201, schema: apiKeyCreatedSchema },
    keep: (context, created: { secret: string }) => {
      context.values.chatKey = created.secret;
    },
  },
  {
    name: "support: a partner's identity token needs an API key",
    request: () => ({
      method: 'POST',
      path: PARTNER_PATHS.supportIdentityTokens,
      json: { userId: 'crm-42' },
    }),
    expect: refused('API_KEY_INVALID'),
  },
  {
    name: "support: a partner's user id must not be empty",
    request: (context) => ({
      method: 'POST',
      path: PARTNER_PATHS.supportIdentityTokens,
      headers: { authorization: `Bearer ${context.values.chatKey}` },
      json: { userId: ' ' },
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'support: the partner vouches for its user',
    request: (context) => ({
      method: 'POST',
      path: PARTNER_PATHS.supportIdentityTokens,
      headers: { authorization: `Bearer ${context.values.chatKey}` },
      json: { userId: 'crm-42', name: 'Дана', ttlSeconds: 600 },
    }),
    expect: { status: 201, schema: supportIdentityIssuedSchema },
  },
];
