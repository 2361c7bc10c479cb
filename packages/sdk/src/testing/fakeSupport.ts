import {
  type HelpConfig,
  partnerSupportIdentityRequestSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_IDENTITY_TTL,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES_PER_MINUTE,
  SUPPORT_UPLOAD_PARTS,
  SUPPORT_VISITOR_HEADER,
  type SupportAttachment,
  type SupportConversationStatus,
  type SupportConversationView,
  type SupportEvent,
  type SupportInboxConversation,
  type SupportMessage,
  type SupportVisitor,
  type SupportVisitorKind,
  supportAttachmentParamsSchema,
  supportConversationParamsSchema,
  supportConversationViewQuerySchema,
  supportHistoryQuerySchema,
  supportInboxAttachmentParamsSchema,
  supportInboxQuerySchema,
  supportMessageRequestSchema,
  supportMessagesQuerySchema,
  supportReadRequestSchema,
  supportSystemText,
} from '@qoltanba/core';
import { bytesResponse, contentDisposition } from './fakeDocuments';
import {
  type FakeAccount,
  type FakeContext,
  type FakeHandler,
  json,
  noContent,
  parseInput,
  refuse,
} from './fakeHttp';
import type { FakeApiKey } from './fakePartner';
import type { FakeOperationId } from './fakeRoutes';
import { fakeHistoryPage, fakeMessagePage } from './fakeSupportPages';

// The support chat of the fake server (`SUPPORT_PATHS` and the partner's identity tokens): visitors known by an
// identity token (a portal user, or a partner's user vouched for by an API key) or else an anonymous visitor token,
// operators (a role tests grant with `grantOperator`, as the server's admin command does), unread counts both
// ways, closing, attachments recognised by content, and the two event streams with sequence ids and Last-Event-ID
// catch-up. The streams are real `text/event-stream` bodies that stay open and push events as they happen.

/** The help configuration the fake answers unless told otherwise. */
export const FAKE_HELP_CONFIG: HelpConfig = {
  helpPages: {
    kk: 'http://qoltanba.test/kk/help',
    ru: 'http://qoltanba.test/ru/help',
    en: 'http://qoltanba.test/en/help',
  },
  whatsapp: 'https://wa.me/77010000000',
  telegram: 'https://t.me/qoltanba_support',
  chat: true,
};

/** Who writes to support: the key their conversations hang on, and what operators see of them. */
interface VisitorIdentity {
  key: string;
  kind: SupportVisitorKind;
  name: string | null;
  email: string | null;
}

/** A support conversation as the fake stores it. */
export interface FakeSupportConversation {
  id: number;
  visitorKey: string;
  visitor: SupportVisitor;
  status: SupportConversationStatus;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  messages: SupportMessage[];
  /** Visitor messages up to this id are read by operators. */
  operatorReadUpTo: number;
  /** Operator messages up to this id are read by the visitor. */
  visitorReadUpTo: number;
}

interface StoredAttachment {
  attachment: SupportAttachment;
  conversationId: number;
  bytes: Uint8Array;
}

/** Who receives an event: both streams, or only the operators' or only the visitor's (read marks). */
type Audience = 'all' | 'inbox' | 'visitor';

interface StoredEvent {
  event: SupportEvent;
  audience: Audience;
  visitorKey: string;
}

/** Options of {@link createFakeSupport}. */
export interface FakeSupportOptions {
  now: () => Date;
  /** The fake's accounts (operators are granted among them). */
  accounts: readonly FakeAccount[];
  /** The API key an `Authorization: Bearer qk_...` header names (live keys only). */
  apiKeyOf: (secret: string) => FakeApiKey | undefined;
  /** The help configuration; {@link FAKE_HELP_CONFIG} by default. */
  helpConfig?: HelpConfig;
}

const ATTACHMENT_SIGNATURES: ReadonlyArray<
  [SupportAttachment['contentType'], (bytes: Uint8Array) => boolean]
> = [
  ['image/png', (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x)],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/gif',
    (b) =>
      String.fromCharCode(...b.subarray(0, 6)) === 'GIF89a' ||
      String.fromCharCode(...b.subarray(0, 6)) === 'GIF87a',
  ],
  [
    'image/webp',
    (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  ],
  ['application/pdf', (b) => String.fromCharCode(...b.subarray(0, 5)) === '%PDF-'],
];

/** The attachment type of some bytes, by their first bytes; undefined for anything else. */
export function supportAttachmentType(bytes: Uint8Array): SupportAttachment['contentType'] | undefined {
  return ATTACHMENT_SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
}

/** The fake's support service: handlers by operationId, its records and test controls. */
export function createFakeSupport(options: FakeSupportOptions) {
  const { now } = options;
  let helpConfig = options.helpConfig ?? FAKE_HELP_CONFIG;
  const operators = new Set<string>();
  const visitorTokens = new Set<string>();
  const identityTokens = new Map<string, { identity: VisitorIdentity; expiresAt: string }>();
  const conversations = new Map<number, FakeSupportConversation>();
  const attachments = new Map<number, StoredAttachment>();
  const events: StoredEvent[] = [];
  const listeners = new Set<() => void>();
  /** Open event streams and their listeners. */
  const streams = new Map<ReadableStreamDefaultController<Uint8Array>, () => void>();
  const sentAt = new Map<string, number[]>();
  let ids = 0;
  let seq = 0;
  let counter = 0;
  const nextId = () => {
    ids += 1;
    return ids;
  };
  const token = (prefix: string) => {
    counter += 1;
    return `${prefix}${counter}${Math.random().toString(36).slice(2, 12)}`;
  };
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  function emit(event: SupportEvent, audience: Audience, visitorKey: string): void {
    events.push({ event, audience, visitorKey });
    for (const listener of [...listeners]) listener();
  }
  const newSeq = () => {
    seq += 1;
    return seq;
  };

  // ----- who is asking -----

  /** The visitor of a `/my/...` request: the identity token first, else the visitor token. */
  function visitorOf(context: FakeContext): VisitorIdentity {
    const identity = context.headers.get(SUPPORT_IDENTITY_HEADER);
    if (identity !== null) {
      const record = identityTokens.get(identity);
      if (!record) refuse('SUPPORT_IDENTITY_INVALID');
      if (Date.parse(record.expiresAt) <= now().getTime()) refuse('SUPPORT_IDENTITY_EXPIRED');
      return record.identity;
    }
    const visitor = context.headers.get(SUPPORT_VISITOR_HEADER);
    if (visitor === null || !visitorTokens.has(visitor)) refuse('SUPPORT_VISITOR_REQUIRED');
    return { key: `visitor:${visitor}`, kind: 'anonymous', name: null, email: null };
  }

  /** The signed-in operator of an inbox request (authentication is the route table's). */
  function operatorOf(context: FakeContext): FakeAccount {
    const account = context.account;
    if (!account) refuse('UNAUTHORIZED');
    if (!operators.has(account.userId)) refuse('SUPPORT_OPERATOR_ONLY');
    return account;
  }

  function issueIdentity(identity: VisitorIdentity, ttlSeconds: number) {
    const identityToken = token('qsi_');
    const expiresAt = iso(ttlSeconds * 1000);
    identityTokens.set(identityToken, { identity, expiresAt });
    return { identityToken, expiresAt };
  }

  // ----- conversations -----

  function conversationOf(context: FakeContext): FakeSupportConversation {
    const { id } = parseInput(supportConversationParamsSchema, context.params);
    const conversation = conversations.get(id);
    if (!conversation) refuse('ENTITY_NOT_FOUND');
    return conversation;
  }

  const latestOf = (visitorKey: string) =>
    [...conversations.values()].filter((c) => c.visitorKey === visitorKey).at(-1);

  const unreadBy = (conversation: FakeSupportConversation, author: 'visitor' | 'operator', upTo: number) =>
    conversation.messages.filter((message) => message.author === author && message.id > upTo).length;

  function inboxView(conversation: FakeSupportConversation): SupportInboxConversation {
    return {
      id: conversation.id,
      status: conversation.status,
      createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt,
      closedAt: conversation.closedAt,
      visitor: conversation.visitor,
      lastMessage: conversation.messages.at(-1) ?? null,
      unreadCount: unreadBy(conversation, 'visitor', conversation.operatorReadUpTo),
    };
  }

  const visitorConversation = (conversation: FakeSupportConversation) => ({
    id: conversation.id,
    status: conversation.status,
    createdAt: conversation.createdAt,
    closedAt: conversation.closedAt,
    unreadCount: unreadBy(conversation, 'operator', conversation.visitorReadUpTo),
  });

  /** The latest conversation with its newest `limit` messages (the query's) and the cursor to older ones. */
  function visitorView(
    conversation: FakeSupportConversation | undefined,
    context: FakeContext,
  ): SupportConversationView {
    if (!conversation) return { conversation: null, messages: [], nextCursor: null };
    const { limit } = parseInput(supportConversationViewQuerySchema, Object.fromEntries(context.query));
    const page = fakeMessagePage(conversation.messages, { limit });
    return {
      conversation: visitorConversation(conversation),
      messages: page.items,
      nextCursor: page.nextCursor,
    };
  }

  /** One of the visitor's conversations by the path's id; another visitor's is missing. */
  function ownConversation(context: FakeContext, identity: VisitorIdentity): FakeSupportConversation {
    const conversation = conversationOf(context);
    if (conversation.visitorKey !== identity.key) refuse('ENTITY_NOT_FOUND');
    return conversation;
  }

  const messagesPage = (conversation: FakeSupportConversation, context: FakeContext) =>
    fakeMessagePage(
      conversation.messages,
      parseInput(supportMessagesQuerySchema, Object.fromEntries(context.query)),
    );

  /** The visitor's open conversation, or a new one (the first message, or the first after a close). */
  function openConversationOf(
    identity: VisitorIdentity,
    request: { pageUrl?: string | undefined; language?: SupportVisitor['language'] | undefined },
  ): FakeSupportConversation {
    const latest = latestOf(identity.key);
    if (latest?.status === 'open') return latest;
    const at = iso();
    const conversation: FakeSupportConversation = {
      id: nextId(),
      visitorKey: identity.key,
      visitor: {
        kind: identity.kind,
        name: identity.name,
        email: identity.email,
        language: request.language ?? null,
        pageUrl: request.pageUrl ?? null,
      },
      status: 'open',
      createdAt: at,
      updatedAt: at,
      closedAt: null,
      messages: [],
      operatorReadUpTo: 0,
      visitorReadUpTo: 0,
    };
    conversations.set(conversation.id, conversation);
    return conversation;
  }

  function post(
    conversation: FakeSupportConversation,
    author: SupportMessage['author'],
    authorName: string | null,
    text: string,
    attachment: SupportAttachment | null = null,
  ): SupportMessage {
    const message: SupportMessage = {
      id: nextId(),
      conversationId: conversation.id,
      author,
      authorName,
      text,
      attachment,
      createdAt: iso(),
    };
    conversation.messages.push(message);
    conversation.updatedAt = message.createdAt;
    // A visitor has read what they wrote up to then; an operator's reply counts the visitor's as read.
    if (author === 'visitor') conversation.visitorReadUpTo = message.id;
    emit({ type: 'message', seq: newSeq(), message }, 'all', conversation.visitorKey);
    return message;
  }

  /** SUPPORT_MESSAGES_PER_MINUTE per visitor in any 60 seconds, as the server's limit. */
  function countMessage(identity: VisitorIdentity): void {
    const at = now().getTime();
    const recent = (sentAt.get(identity.key) ?? []).filter((time) => time > at - 60_000);
    if (recent.length >= SUPPORT_MESSAGES_PER_MINUTE) refuse('RATE_LIMITED');
    sentAt.set(identity.key, [...recent, at]);
  }

  function markRead(
    conversation: FakeSupportConversation,
    by: 'operator' | 'visitor',
    lastMessageId: number,
  ) {
    // As the server: the marker names a message of this conversation, else 404.
    if (!conversation.messages.some((message) => message.id === lastMessageId)) refuse('ENTITY_NOT_FOUND');
    const upTo = lastMessageId;
    const field = by === 'operator' ? 'operatorReadUpTo' : 'visitorReadUpTo';
    if (upTo <= conversation[field]) return;
    conversation[field] = upTo;
    const event: SupportEvent = {
      type: 'conversation',
      seq: newSeq(),
      conversationId: conversation.id,
      status: conversation.status,
    };
    emit(event, by === 'operator' ? 'inbox' : 'visitor', conversation.visitorKey);
  }

  function close(conversation: FakeSupportConversation): void {
    if (conversation.status === 'closed') return;
    const at = iso();
    conversation.status = 'closed';
    conversation.closedAt = at;
    conversation.updatedAt = at;
    post(conversation, 'system', null, supportSystemText('closed', conversation.visitor.language));
    emitStatus(conversation);
  }

  /** An operator's reply to a closed conversation reopens it, unless its visitor has started a newer one. */
  function reopen(conversation: FakeSupportConversation): void {
    if (conversation.status === 'open') return;
    if (latestOf(conversation.visitorKey) !== conversation) refuse('SUPPORT_CONVERSATION_CLOSED');
    conversation.status = 'open';
    conversation.closedAt = null;
    emitStatus(conversation);
    post(conversation, 'system', null, supportSystemText('reopened', conversation.visitor.language));
  }

  function emitStatus(conversation: FakeSupportConversation): void {
    const event: SupportEvent = {
      type: 'conversation',
      seq: newSeq(),
      conversationId: conversation.id,
      status: conversation.status,
    };
    emit(event, 'all', conversation.visitorKey);
  }

  // ----- inbox pages -----

  const byActivity = (a: FakeSupportConversation, b: FakeSupportConversation) =>
    b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;
  const encodeCursor = (conversation: FakeSupportConversation) =>
    btoa(JSON.stringify([conversation.updatedAt, conversation.id]));
  function decodeCursor(cursor: string): [string, number] {
    try {
      const value = JSON.parse(atob(cursor)) as unknown;
      if (Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1])) {
        return [value[0], value[1] as number];
      }
    } catch {
      // Falls through to the refusal.
    }
    refuse('VALIDATION_FAILED');
  }

  // ----- attachments -----

  async function upload(context: FakeContext, identity: VisitorIdentity) {
    if (!(context.rawBody instanceof FormData)) refuse('UNSUPPORTED_MEDIA_TYPE');
    let file: File | undefined;
    let text = '';
    for (const [name, value] of context.rawBody.entries()) {
      if (name === SUPPORT_UPLOAD_PARTS.file && typeof value !== 'string' && file === undefined) file = value;
      else if (name === SUPPORT_UPLOAD_PARTS.text && typeof value === 'string') text = value.trim();
      else refuse('MULTIPART_INVALID');
    }
    if (!file) refuse('MULTIPART_INVALID');
    if (text.length > SUPPORT_MESSAGE_MAX) refuse('SUPPORT_MESSAGE_TOO_LONG');
    if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) refuse('SUPPORT_ATTACHMENT_TOO_LARGE');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = supportAttachmentType(bytes);
    if (!contentType) refuse('SUPPORT_ATTACHMENT_TYPE');
    countMessage(identity);
    const attachment: SupportAttachment = {
      id: nextId(),
      name: file.name.trim() || 'attachment',
      contentType,
      size: bytes.length,
    };
    const conversation = openConversationOf(identity, {});
    attachments.set(attachment.id, { attachment, conversationId: conversation.id, bytes });
    return json(201, post(conversation, 'visitor', null, text, attachment));
  }

  function attachmentResponse(stored: StoredAttachment): Response {
    const { attachment, bytes } = stored;
    return bytesResponse(bytes, attachment.contentType, contentDisposition('attachment', attachment.name));
  }

  // ----- event streams -----

  /**
   * An open `text/event-stream` of the events `wanted` lets through: those after `Last-Event-ID` first (none
   * without it: a new stream starts now), then each new one as it happens, until the reader cancels or the test
   * drops the stream.
   */
  function eventStream(context: FakeContext, wanted: (stored: StoredEvent) => boolean): Response {
    const header = context.headers.get('last-event-id');
    const after = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : seq;
    const encoder = new TextEncoder();
    let sent = events.findIndex((stored) => stored.event.seq > after);
    if (sent === -1) sent = events.length;
    let listener: () => void = () => undefined;
    let own: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        listener = () => {
          while (sent < events.length) {
            const stored = events[sent] as StoredEvent;
            sent += 1;
            if (!wanted(stored)) continue;
            const { event } = stored;
            controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`));
          }
        };
        streams.set(controller, listener);
        listeners.add(listener);
        listener();
      },
      cancel() {
        listeners.delete(listener);
        if (own) streams.delete(own);
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    });
  }

  // ----- handlers -----

  const handlers = {
    getHelpConfig: () => json(200, helpConfig),
    createSupportVisitor: () => json(201, { visitorToken: newVisitor() }),
    createSupportIdentityToken: (context) => {
      const account = context.account;
      if (!account) refuse('UNAUTHORIZED');
      const name = `${account.profile.firstname} ${account.profile.lastname}`.trim();
      const identity: VisitorIdentity = {
        key: `user:${account.userId}`,
        kind: 'user',
        name: name || null,
        email: account.email || null,
      };
      return json(201, issueIdentity(identity, SUPPORT_IDENTITY_TTL.default));
    },
    createPartnerSupportIdentityToken: (context) => {
      // The key is checked before the body, as the server's partner routes do.
      const header = context.headers.get('authorization') ?? '';
      const key = header.startsWith('Bearer ') ? options.apiKeyOf(header.slice(7).trim()) : undefined;
      if (!key) refuse('API_KEY_INVALID');
      const request = parseInput(partnerSupportIdentityRequestSchema, context.rawBody);
      const identity: VisitorIdentity = {
        key: `partner:${key.bin}:${request.userId}`,
        kind: 'partner',
        name: request.name || null,
        email: request.email || null,
      };
      return json(201, issueIdentity(identity, request.ttlSeconds ?? SUPPORT_IDENTITY_TTL.default));
    },

    getMySupportConversation: (context) => json(200, visitorView(latestOf(visitorOf(context).key), context)),
    listMySupportConversations: (context) => {
      const identity = visitorOf(context);
      const query = parseInput(supportHistoryQuerySchema, Object.fromEntries(context.query));
      const own = [...conversations.values()].filter((c) => c.visitorKey === identity.key).reverse();
      const page = fakeHistoryPage(own, query);
      const items = page.items.map((c) => ({
        ...visitorConversation(c),
        lastMessage: c.messages.at(-1) ?? null,
      }));
      return json(200, { items, nextCursor: page.nextCursor });
    },
    listMySupportMessages: (context) => {
      const conversation = ownConversation(context, visitorOf(context));
      return json(200, messagesPage(conversation, context));
    },
    sendSupportMessage: (context) => {
      const identity = visitorOf(context);
      const request = parseInput(supportMessageRequestSchema, context.rawBody);
      countMessage(identity);
      const conversation = openConversationOf(identity, request);
      return json(201, post(conversation, 'visitor', null, request.text));
    },
    sendSupportAttachment: (context) => upload(context, visitorOf(context)),
    downloadMySupportAttachment: (context) => {
      const identity = visitorOf(context);
      const { attachmentId } = parseInput(supportAttachmentParamsSchema, context.params);
      const stored = attachments.get(attachmentId);
      if (!stored || conversations.get(stored.conversationId)?.visitorKey !== identity.key) {
        refuse('ENTITY_NOT_FOUND');
      }
      return attachmentResponse(stored);
    },
    markMySupportConversationRead: (context) => {
      const identity = visitorOf(context);
      const { lastMessageId } = parseInput(supportReadRequestSchema, context.rawBody);
      const latest = latestOf(identity.key);
      if (latest) markRead(latest, 'visitor', lastMessageId);
      return noContent();
    },
    streamMySupportEvents: (context) => {
      const identity = visitorOf(context);
      return eventStream(
        context,
        (stored) => stored.visitorKey === identity.key && stored.audience !== 'inbox',
      );
    },

    getSupportOperatorStatus: (context) => {
      const account = context.account;
      if (!account) refuse('UNAUTHORIZED');
      return json(200, { operator: operators.has(account.userId) });
    },
    listSupportConversations: (context) => {
      operatorOf(context);
      const query = parseInput(supportInboxQuerySchema, Object.fromEntries(context.query));
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const matching = [...conversations.values()]
        .filter((conversation) => conversation.status === query.status)
        .sort(byActivity)
        .filter(
          (conversation) =>
            !after ||
            conversation.updatedAt < after[0] ||
            (conversation.updatedAt === after[0] && conversation.id < after[1]),
        );
      const page = matching.slice(0, query.limit);
      const last = page.at(-1);
      return json(200, {
        items: page.map(inboxView),
        nextCursor: matching.length > query.limit && last ? encodeCursor(last) : null,
      });
    },
    getSupportConversation: (context) => {
      operatorOf(context);
      const conversation = conversationOf(context);
      const { limit } = parseInput(supportConversationViewQuerySchema, Object.fromEntries(context.query));
      const page = fakeMessagePage(conversation.messages, { limit });
      return json(200, {
        conversation: inboxView(conversation),
        messages: page.items,
        nextCursor: page.nextCursor,
      });
    },
    listSupportConversationMessages: (context) => {
      operatorOf(context);
      return json(200, messagesPage(conversationOf(context), context));
    },
    replySupportConversation: (context) => {
      const operator = operatorOf(context);
      const conversation = conversationOf(context);
      const { text } = parseInput(supportMessageRequestSchema, context.rawBody);
      reopen(conversation);
      const message = post(conversation, 'operator', operator.profile.firstname || null, text);
      return json(201, message);
    },
    markSupportConversationRead: (context) => {
      operatorOf(context);
      const conversation = conversationOf(context);
      const { lastMessageId } = parseInput(supportReadRequestSchema, context.rawBody);
      markRead(conversation, 'operator', lastMessageId);
      return noContent();
    },
    closeSupportConversation: (context) => {
      operatorOf(context);
      const conversation = conversationOf(context);
      close(conversation);
      return json(200, inboxView(conversation));
    },
    downloadSupportAttachment: (context) => {
      operatorOf(context);
      const { id, attachmentId } = parseInput(supportInboxAttachmentParamsSchema, context.params);
      const stored = attachments.get(attachmentId);
      if (!stored || stored.conversationId !== id) refuse('ENTITY_NOT_FOUND');
      return attachmentResponse(stored);
    },
    streamSupportInboxEvents: (context) => {
      operatorOf(context);
      return eventStream(context, (stored) => stored.audience !== 'visitor');
    },
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  /** The account with that e-mail, else the default (first) one. */
  function accountOf(email?: string): FakeAccount {
    const account = email
      ? options.accounts.find((candidate) => candidate.email === email)
      : options.accounts[0];
    if (!account) throw new Error(`fake server: no account ${email ?? ''}`);
    return account;
  }

  function newVisitor(): string {
    const visitorToken = token('qv_');
    visitorTokens.add(visitorToken);
    return visitorToken;
  }

  return {
    handlers,
    conversations,
    /** Makes an account an operator (the default account without `email`), as the server's admin command does. */
    grantOperator(email?: string): void {
      operators.add(accountOf(email).userId);
    },
    /** Takes the operator role away. */
    revokeOperator(email?: string): void {
      operators.delete(accountOf(email).userId);
    },
    /** A new anonymous visitor token, as `createSupportVisitor` issues. */
    newVisitor,
    /**
     * An anonymous visitor writes (a new visitor unless `visitorToken` names one), as the help widget would post
     * `sendSupportMessage`; resolves with the message and the visitor's token.
     */
    visitorWrites(
      text: string,
      from: { visitorToken?: string; pageUrl?: string; language?: SupportVisitor['language'] } = {},
    ): { message: SupportMessage; visitorToken: string } {
      const visitorToken = from.visitorToken ?? newVisitor();
      const identity: VisitorIdentity = {
        key: `visitor:${visitorToken}`,
        kind: 'anonymous',
        name: null,
        email: null,
      };
      const conversation = openConversationOf(identity, from);
      return { message: post(conversation, 'visitor', null, text), visitorToken };
    },
    /** Changes the help configuration the fake answers. */
    setHelpConfig(config: HelpConfig): void {
      helpConfig = config;
    },
    /** The server ends every open event stream (clients then reconnect with Last-Event-ID). */
    dropStreams(): void {
      for (const [controller, listener] of [...streams]) {
        streams.delete(controller);
        listeners.delete(listener);
        controller.close();
      }
    },
    /** Event streams open now. */
    openStreams: () => streams.size,
    /** The sequence id of the last event. */
    lastSeq: () => seq,
  };
}
