import {
  supportAttachmentParamsSchema,
  supportConversationViewQuerySchema,
  supportHistoryQuerySchema,
  supportMessageRequestSchema,
  supportMessagesQuerySchema,
  supportReadRequestSchema,
} from '@qoltanba/core';
import { type FakeHandler, json, noContent, parseInput, refuse } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { fakeHistoryPage, fakeMessagePage } from './messagePages';
import type { SupportParts } from './parts';

// The visitor's side of the support chat (`/my/...`): their latest conversation, their earlier ones and message
// pages, writing, attachments, read marks and their event stream.

/** The visitor's routes. */
export function visitorRoutes({
  events: { eventStream },
  visitors: { visitorOf },
  conversations: {
    conversations,
    conversationOf,
    latestOf,
    visitorConversation,
    visitorView,
    countMessage,
    openConversationOf,
    post,
    markRead,
  },
  attachments: { attachments, upload, attachmentResponse },
}: SupportParts) {
  return {
    getMySupportConversation: (context) => {
      const identity = visitorOf(context);
      const { limit } = parseInput(supportConversationViewQuerySchema, Object.fromEntries(context.query));
      return json(200, visitorView(latestOf(identity.key), limit));
    },
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
      const identity = visitorOf(context);
      const conversation = conversationOf(context);
      // Another visitor's conversation is missing, as on the server.
      if (conversation.visitorKey !== identity.key) refuse('ENTITY_NOT_FOUND');
      const query = parseInput(supportMessagesQuerySchema, Object.fromEntries(context.query));
      return json(200, fakeMessagePage(conversation.messages, query));
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
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
}
