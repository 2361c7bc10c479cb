import {
  SUPPORT_MESSAGES_PER_MINUTE,
  type SupportAttachment,
  type SupportConversationStatus,
  type SupportConversationView,
  type SupportEvent,
  type SupportInboxConversation,
  type SupportMessage,
  type SupportVisitor,
  supportConversationParamsSchema,
  supportSystemText,
} from '@qoltanba/core';
import { type FakeContext, parseInput, refuse } from '../fakeHttp';
import type { Audience, SupportEvents } from './eventStreams';
import { fakeMessagePage } from './messagePages';
import type { VisitorIdentity } from './visitors';

// Support conversations: one open conversation per visitor at a time, messages, unread counts both ways, the
// per-visitor message limit, closing and reopening; every change is an event of the streams.

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

/** The support conversations and their messages (ids shared by conversations, messages and attachments). */
export function createSupportConversations(now: () => Date, { emit, newSeq }: SupportEvents) {
  const conversations = new Map<number, FakeSupportConversation>();
  const sentAt = new Map<string, number[]>();
  let ids = 0;
  const nextId = () => {
    ids += 1;
    return ids;
  };
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

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

  /** A conversation as its visitor sees it. */
  const visitorConversation = (conversation: FakeSupportConversation) => ({
    id: conversation.id,
    status: conversation.status,
    createdAt: conversation.createdAt,
    closedAt: conversation.closedAt,
    unreadCount: unreadBy(conversation, 'operator', conversation.visitorReadUpTo),
  });

  /** The latest conversation with its newest `limit` messages and the cursor to older ones. */
  function visitorView(
    conversation: FakeSupportConversation | undefined,
    limit: number,
  ): SupportConversationView {
    if (!conversation)
      return { conversation: null, messages: [], nextCursor: null, hasEarlierConversations: false };
    const page = fakeMessagePage(conversation.messages, { limit });
    return {
      conversation: visitorConversation(conversation),
      messages: page.items,
      nextCursor: page.nextCursor,
      hasEarlierConversations: [...conversations.values()].some(
        (other) => other.visitorKey === conversation.visitorKey && other.id < conversation.id,
      ),
    };
  }

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
    if (recent.length >= SUPPORT_MESSAGES_PER_MINUTE) {
      // As the server: the seconds until the oldest of them leaves the window.
      const oldest = Math.min(...recent);
      refuse('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil((oldest + 60_000 - at) / 1000)) });
    }
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
    emitConversation(conversation, by === 'operator' ? 'inbox' : 'visitor');
  }

  function close(conversation: FakeSupportConversation): void {
    if (conversation.status === 'closed') return;
    const at = iso();
    conversation.status = 'closed';
    conversation.closedAt = at;
    conversation.updatedAt = at;
    post(conversation, 'system', null, supportSystemText('closed', conversation.visitor.language));
    emitConversation(conversation, 'all');
  }

  /** An operator's reply to a closed conversation reopens it, unless its visitor has started a newer one. */
  function reopen(conversation: FakeSupportConversation): void {
    if (conversation.status === 'open') return;
    if (latestOf(conversation.visitorKey) !== conversation) refuse('SUPPORT_CONVERSATION_CLOSED');
    conversation.status = 'open';
    conversation.closedAt = null;
    emitConversation(conversation, 'all');
    post(conversation, 'system', null, supportSystemText('reopened', conversation.visitor.language));
  }

  /** A `conversation` event (a read mark, a status change) to `audience`. */
  function emitConversation(conversation: FakeSupportConversation, audience: Audience): void {
    const event: SupportEvent = {
      type: 'conversation',
      seq: newSeq(),
      conversationId: conversation.id,
      status: conversation.status,
    };
    emit(event, audience, conversation.visitorKey);
  }

  return {
    conversations,
    nextId,
    conversationOf,
    latestOf,
    inboxView,
    visitorConversation,
    visitorView,
    openConversationOf,
    post,
    countMessage,
    markRead,
    close,
    reopen,
  };
}

/** The support conversations (see {@link createSupportConversations}). */
export type SupportConversations = ReturnType<typeof createSupportConversations>;
