import { z } from 'zod';
import { LANGS, type Lang } from '../i18n/lang';
import { SUPPORT_MESSAGE_MAX } from '../limits';
import { decimalInteger, pathIdSchema } from './decimal';
import { multiLineTextSchema, singleLineTextSchema } from './text';

// The support chat of the help widget (SPEC section 1) and the operators' inbox. Who a visitor is comes from one
// of two request headers, never from a cookie (the widget runs on third-party pages): a server-signed identity
// token (a portal user, or a partner's user vouched for by the partner's API key), else an anonymous visitor
// token the server issued. See `packages/server/src/modules/support/README.md`.

const isoDate = z.string().meta({ description: 'ISO 8601 date and time (UTC).' });
const pathId = pathIdSchema;

/** Attachment types the chat takes, recognised by their first bytes. */
export const SUPPORT_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;
/** Messages one visitor may post per minute. */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
/** Seconds an identity token lives when its issuer does not say; at most {@link SUPPORT_IDENTITY_TTL}.max. */
export const SUPPORT_IDENTITY_TTL = { min: 60, max: 24 * 60 * 60, default: 60 * 60 } as const;
/** Longest external user id a partner may vouch for. */
export const SUPPORT_EXTERNAL_ID_MAX = 100;
/** Messages per page of a conversation (its view and `listMySupportMessages` / `listSupportConversationMessages`). */
export const SUPPORT_MESSAGE_PAGE = { default: 50, max: 100 } as const;
/** Conversations per page of the visitor's history (`listMySupportConversations`). */
export const SUPPORT_HISTORY_PAGE = { default: 20, max: 100 } as const;

const cursorQuery = z.string().max(200).optional();
const olderCursor = z.string().nullable().meta({
  description: 'Older messages: pass as `cursor` for the page before these; null when none are left.',
});

/** Who wrote a message: the visitor, an operator, or the system (conversation closed, reopened). */
export const SUPPORT_AUTHORS = ['visitor', 'operator', 'system'] as const;
/** See {@link SUPPORT_AUTHORS}. */
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/** A conversation is open until an operator closes it; a visitor's next message opens a new one. */
export const SUPPORT_CONVERSATION_STATUSES = ['open', 'closed'] as const;
/** See {@link SUPPORT_CONVERSATION_STATUSES}. */
export type SupportConversationStatus = (typeof SUPPORT_CONVERSATION_STATUSES)[number];

/** How the visitor was known when the conversation started. */
export const SUPPORT_VISITOR_KINDS = ['anonymous', 'user', 'partner'] as const;
/** See {@link SUPPORT_VISITOR_KINDS}. */
export type SupportVisitorKind = (typeof SUPPORT_VISITOR_KINDS)[number];

/** An attached file as a message carries it (the bytes come from the attachment route). */
export const supportAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.enum(SUPPORT_ATTACHMENT_TYPES),
  size: z.number().int(),
});
/** See {@link supportAttachmentSchema}. */
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

/** One chat message. `text` is plain text: clients render it as text, never as HTML. */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  author: z.enum(SUPPORT_AUTHORS),
  authorName: z.string().nullable().meta({ description: "The operator's first name; null for the visitor." }),
  text: z.string(),
  attachment: supportAttachmentSchema.nullable(),
  createdAt: isoDate,
});
/** See {@link supportMessageSchema}. */
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A conversation as its visitor sees it. */
export const supportConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  createdAt: isoDate,
  closedAt: isoDate.nullable(),
  unreadCount: z.number().int().meta({ description: 'Operator messages the visitor has not marked read.' }),
});
/** See {@link supportConversationSchema}. */
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/**
 * Answer of `getMySupportConversation`: the visitor's latest conversation (null before the first message) with its
 * newest messages; `nextCursor` pages back through the older ones (`listMySupportMessages`); `hasEarlierConversations`
 * says whether there is anything for the visitor to list.
 */
export const supportConversationViewSchema = z.object({
  conversation: supportConversationSchema.nullable(),
  messages: z.array(supportMessageSchema).meta({ description: 'The newest page, oldest first.' }),
  nextCursor: olderCursor,
  hasEarlierConversations: z.boolean().meta({
    description: 'Whether the visitor has conversations before this one (listMySupportConversations).',
  }),
});
/** See {@link supportConversationViewSchema}. */
export type SupportConversationView = z.infer<typeof supportConversationViewSchema>;

/** Query of the conversation views (`getMySupportConversation`, `getSupportConversation`): how many newest messages. */
export const supportConversationViewQuerySchema = z.object({
  limit: decimalInteger(z.number().int().min(1).max(SUPPORT_MESSAGE_PAGE.max)).default(
    SUPPORT_MESSAGE_PAGE.default,
  ),
});
/** See {@link supportConversationViewQuerySchema}. */
export type SupportConversationViewQuery = z.infer<typeof supportConversationViewQuerySchema>;

/** Query of a conversation's message pages: newest first by page, each page oldest first. */
export const supportMessagesQuerySchema = z.object({
  limit: decimalInteger(z.number().int().min(1).max(SUPPORT_MESSAGE_PAGE.max)).default(
    SUPPORT_MESSAGE_PAGE.default,
  ),
  cursor: cursorQuery.meta({
    description: '`nextCursor` of the view or of the previous page; without it, the newest messages.',
  }),
});
/** See {@link supportMessagesQuerySchema}. */
export type SupportMessagesQuery = z.infer<typeof supportMessagesQuerySchema>;

/** Answer of `listMySupportMessages` and `listSupportConversationMessages`: one page of a conversation's messages. */
export const supportMessagePageSchema = z.object({
  items: z.array(supportMessageSchema).meta({ description: 'Oldest first.' }),
  nextCursor: olderCursor,
});
/** See {@link supportMessagePageSchema}. */
export type SupportMessagePage = z.infer<typeof supportMessagePageSchema>;

/** One of the visitor's conversations in their history: as the visitor sees it, with its last message. */
export const supportConversationSummarySchema = supportConversationSchema.extend({
  lastMessage: supportMessageSchema.nullable(),
});
/** See {@link supportConversationSummarySchema}. */
export type SupportConversationSummary = z.infer<typeof supportConversationSummarySchema>;

/** Query of `listMySupportConversations`: newest first, keyset-paged. */
export const supportHistoryQuerySchema = z.object({
  limit: decimalInteger(z.number().int().min(1).max(SUPPORT_HISTORY_PAGE.max)).default(
    SUPPORT_HISTORY_PAGE.default,
  ),
  cursor: cursorQuery.meta({ description: '`nextCursor` of the previous page.' }),
});
/** See {@link supportHistoryQuerySchema}. */
export type SupportHistoryQuery = z.infer<typeof supportHistoryQuerySchema>;

/** Answer of `listMySupportConversations`: the visitor's conversations, newest first (read-only but the latest). */
export const supportConversationPageSchema = z.object({
  items: z.array(supportConversationSummarySchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Older conversations: pass as `cursor`; null at the end.' }),
});
/** See {@link supportConversationPageSchema}. */
export type SupportConversationPage = z.infer<typeof supportConversationPageSchema>;

/** Who the visitor is, as operators see it. */
export const supportVisitorSchema = z.object({
  kind: z.enum(SUPPORT_VISITOR_KINDS),
  name: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(LANGS).nullable(),
  pageUrl: z.string().nullable().meta({ description: 'The page the first message was sent from.' }),
});
/** See {@link supportVisitorSchema}. */
export type SupportVisitor = z.infer<typeof supportVisitorSchema>;

/** A conversation in the operators' inbox. */
export const supportInboxConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  createdAt: isoDate,
  updatedAt: isoDate.meta({ description: 'Time of the last message or status change.' }),
  closedAt: isoDate.nullable(),
  visitor: supportVisitorSchema,
  lastMessage: supportMessageSchema.nullable(),
  unreadCount: z.number().int().meta({ description: 'Visitor messages no operator has marked read.' }),
});
/** See {@link supportInboxConversationSchema}. */
export type SupportInboxConversation = z.infer<typeof supportInboxConversationSchema>;

/** Answer of `getSupportConversation` (operators): the newest messages; `nextCursor` pages back. */
export const supportInboxConversationViewSchema = z.object({
  conversation: supportInboxConversationSchema,
  messages: z.array(supportMessageSchema).meta({ description: 'The newest page, oldest first.' }),
  nextCursor: olderCursor,
});
/** See {@link supportInboxConversationViewSchema}. */
export type SupportInboxConversationView = z.infer<typeof supportInboxConversationViewSchema>;

/** Query of `listSupportConversations`: newest activity first, keyset-paged by `before` (an `updatedAt`). */
export const supportInboxQuerySchema = z.object({
  status: z.enum(SUPPORT_CONVERSATION_STATUSES).default('open'),
  limit: decimalInteger(z.number().int().min(1).max(100)).default(50),
  cursor: z.string().max(200).optional().meta({ description: '`nextCursor` of the previous page.' }),
});
/** See {@link supportInboxQuerySchema}. */
export type SupportInboxQuery = z.infer<typeof supportInboxQuerySchema>;

/** Answer of `listSupportConversations`. */
export const supportInboxPageSchema = z.object({
  items: z.array(supportInboxConversationSchema),
  nextCursor: z.string().nullable(),
});
/** See {@link supportInboxPageSchema}. */
export type SupportInboxPage = z.infer<typeof supportInboxPageSchema>;

/**
 * One server-sent event of a support stream; its SSE `id` is `seq`, which a reconnecting client sends back as
 * `Last-Event-ID` to receive what it missed. `message`: a new message; `conversation`: a status or unread change.
 */
export const supportEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), seq: z.number().int(), message: supportMessageSchema }),
  z.object({
    type: z.literal('conversation'),
    seq: z.number().int(),
    conversationId: z.number().int(),
    status: z.enum(SUPPORT_CONVERSATION_STATUSES),
  }),
]);
/** See {@link supportEventSchema}. */
export type SupportEvent = z.infer<typeof supportEventSchema>;

/** Body of `sendSupportMessage` and `replySupportConversation`. */
export const supportMessageRequestSchema = z.object({
  text: multiLineTextSchema
    .trim()
    .min(1, { error: 'SUPPORT_MESSAGE_EMPTY' })
    .max(SUPPORT_MESSAGE_MAX, { error: 'SUPPORT_MESSAGE_TOO_LONG' }),
  pageUrl: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: 'The page the visitor writes from (visitors only).' }),
  language: z.enum(LANGS).optional(),
});
/** See {@link supportMessageRequestSchema}. */
export type SupportMessageRequest = z.infer<typeof supportMessageRequestSchema>;

/** Body of `markMySupportConversationRead` and `markSupportConversationRead`: read up to this message. */
export const supportReadRequestSchema = z.object({ lastMessageId: z.number().int().positive() });
/** See {@link supportReadRequestSchema}. */
export type SupportReadRequest = z.infer<typeof supportReadRequestSchema>;

/** Answer of `createSupportVisitor`: the anonymous visitor's token, kept in the identity-note storage key. */
export const supportVisitorIssuedSchema = z.object({
  visitorToken: z
    .string()
    .meta({ description: 'Send as the `x-qoltanba-visitor` header; only its hash is kept.' }),
});
/** See {@link supportVisitorIssuedSchema}. */
export type SupportVisitorIssued = z.infer<typeof supportVisitorIssuedSchema>;

/** Body of `createPartnerSupportIdentityToken`: the partner's own user it vouches for. */
export const partnerSupportIdentityRequestSchema = z.object({
  userId: singleLineTextSchema.trim().min(1).max(SUPPORT_EXTERNAL_ID_MAX),
  name: singleLineTextSchema.trim().max(100).optional(),
  email: singleLineTextSchema.trim().max(254).optional(),
  ttlSeconds: z.number().int().min(SUPPORT_IDENTITY_TTL.min).max(SUPPORT_IDENTITY_TTL.max).optional(),
});
/** See {@link partnerSupportIdentityRequestSchema}. */
export type PartnerSupportIdentityRequest = z.infer<typeof partnerSupportIdentityRequestSchema>;

/** Answer of the identity token routes: an HMAC-signed token with its expiry. */
export const supportIdentityIssuedSchema = z.object({
  identityToken: z.string().meta({ description: 'Send as the `x-qoltanba-support-identity` header.' }),
  expiresAt: isoDate,
});
/** See {@link supportIdentityIssuedSchema}. */
export type SupportIdentityIssued = z.infer<typeof supportIdentityIssuedSchema>;

/** Answer of `getHelpConfig`: what the help widget shows besides the chat, from the server's configuration. */
export const helpConfigSchema = z.object({
  helpPages: z.object({ kk: z.string(), ru: z.string(), en: z.string() }).meta({
    description: 'Absolute URL of the help page per language.',
  }),
  whatsapp: z
    .string()
    .nullable()
    .meta({ description: 'https://wa.me/... link, or null when not configured.' }),
  telegram: z
    .string()
    .nullable()
    .meta({ description: 'https://t.me/... link, or null when not configured.' }),
  chat: z.boolean().meta({ description: 'Whether the online chat is offered.' }),
});
/** See {@link helpConfigSchema}. */
export type HelpConfig = z.infer<typeof helpConfigSchema>;

/** Answer of `getSupportOperatorStatus`: whether the signed-in user may open the inbox. */
export const supportOperatorStatusSchema = z.object({ operator: z.boolean() });
/** See {@link supportOperatorStatusSchema}. */
export type SupportOperatorStatus = z.infer<typeof supportOperatorStatusSchema>;

/** What the system says in a conversation when an operator closes it or a reply reopens it. */
export const SUPPORT_SYSTEM_TEXTS = {
  closed: {
    kk: 'Сөйлесу жабылды. Жаңа хабарлама жаңа сөйлесуді бастайды',
    ru: 'Диалог закрыт. Новое сообщение начнёт новый диалог',
    en: 'The conversation was closed. A new message starts a new one',
  },
  reopened: {
    kk: 'Сөйлесу қайта ашылды',
    ru: 'Диалог снова открыт',
    en: 'The conversation was reopened',
  },
} as const satisfies Record<string, Record<Lang, string>>;

/** The text of a system message in the visitor's language (kk when unknown); plain text, like every message. */
export function supportSystemText(what: keyof typeof SUPPORT_SYSTEM_TEXTS, lang: Lang | null): string {
  return SUPPORT_SYSTEM_TEXTS[what][lang ?? 'kk'];
}

/** Path parameters of one conversation in the inbox. */
export const supportConversationParamsSchema = z.object({ id: pathId });
/** Path parameters of one attachment of the visitor's own conversations. */
export const supportAttachmentParamsSchema = z.object({ attachmentId: pathId });
/** Path parameters of one attachment of a conversation in the inbox. */
export const supportInboxAttachmentParamsSchema = z.object({ id: pathId, attachmentId: pathId });
