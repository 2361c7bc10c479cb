import {
  supportAttachmentParamsSchema,
  supportMessageRequestSchema,
  supportReadRequestSchema,
} from '@qoltanba/core';
import { type FakeHandler, json, noContent, parseInput, refuse } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import type { SupportParts } from './parts';

// The visitor's side of the support chat (`/my/...`): their latest conversation, writing, attachments, read
// marks and their event stream.

/** The visitor's routes. */
export function visitorRoutes({
  events: { eventStream },
  visitors: { visitorOf },
  conversations: { conversations, latestOf, visitorView, countMessage, openConversationOf, post, markRead },
  attachments: { attachments, upload, attachmentResponse },
}: SupportParts) {
  return {
    getMySupportConversation: (context) => json(200, visitorView(latestOf(visitorOf(context).key))),
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
