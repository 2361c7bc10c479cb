import {
  supportConversationViewQuerySchema,
  supportInboxAttachmentParamsSchema,
  supportInboxQuerySchema,
  supportMessageRequestSchema,
  supportMessagesQuerySchema,
  supportReadRequestSchema,
} from '@qoltanba/core';
import { type FakeHandler, json, noContent, parseInput, refuse } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { inboxPage } from './inboxPaging';
import { fakeMessagePage } from './messagePages';
import type { SupportParts } from './parts';

// The operators' side of the support chat: the inbox, a conversation and its message pages, replies (reopening a
// closed one), read marks, closing, attachments and the inbox's event stream.

/** The operators' routes. */
export function inboxRoutes({
  events: { eventStream },
  visitors: { operators, operatorOf },
  conversations: { conversations, conversationOf, inboxView, post, markRead, close, reopen },
  attachments: { attachments, attachmentResponse },
}: SupportParts) {
  return {
    getSupportOperatorStatus: (context) => {
      const account = context.account;
      if (!account) refuse('UNAUTHORIZED');
      return json(200, { operator: operators.has(account.userId) });
    },
    listSupportConversations: (context) => {
      operatorOf(context);
      const query = parseInput(supportInboxQuerySchema, Object.fromEntries(context.query));
      const { page, nextCursor } = inboxPage(conversations.values(), query);
      return json(200, { items: page.map(inboxView), nextCursor });
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
      const conversation = conversationOf(context);
      const query = parseInput(supportMessagesQuerySchema, Object.fromEntries(context.query));
      return json(200, fakeMessagePage(conversation.messages, query));
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
}
