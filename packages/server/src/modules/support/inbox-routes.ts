import {
  AppError,
  contentDisposition,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_PATHS,
  supportConversationParamsSchema,
  supportConversationViewQuerySchema,
  supportEventSchema,
  supportInboxAttachmentParamsSchema,
  supportInboxConversationSchema,
  supportInboxConversationViewSchema,
  supportInboxPageSchema,
  supportInboxQuerySchema,
  supportMessagePageSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportMessagesQuerySchema,
  supportOperatorStatusSchema,
  supportReadRequestSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BLOB_STREAM, blobDownload } from '../../blob/blob-download.js';
import { defineRoute } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import { findAttachment } from './attachment-store.js';
import { closeConversation, findConversation, postOperatorReply } from './conversation-store.js';
import { eventsQuerySchema, lastEventIdOf, STREAM_ENDED, streamSupportEvents } from './event-stream.js';
import { messagePage } from './history-store.js';
import { listInbox, toInboxConversations } from './inbox-store.js';
import { findSupportOperator, type SupportOperator } from './operator-store.js';
import { markReadAndAnnounce, type SupportContext, sendAttachment } from './support-context.js';

const TAGS = ['support'];
const OPERATORS =
  'Support operators only (a role an administrator grants with `npm run admin -- support-operator grant <login>`): ' +
  '401 without a session, 403 SUPPORT_OPERATOR_ONLY for anybody else. A missing conversation answers 404 ENTITY_NOT_FOUND.';

/** The operators' inbox (portal, session bearer). */
export function registerInboxRoutes(context: SupportContext): void {
  const { route, db, clock } = context;

  /** The signed-in user as an operator, or 403 SUPPORT_OPERATOR_ONLY (checked on every request: a revoke is at once). */
  async function requireOperator(request: FastifyRequest): Promise<SupportOperator> {
    const { userId } = await requireUser(request);
    const operator = await findSupportOperator(db, userId);
    if (!operator) throw new AppError('SUPPORT_OPERATOR_ONLY');
    return operator;
  }
  async function inboxConversation(id: number) {
    const row = await findConversation(db, id);
    if (!row) throw new AppError('ENTITY_NOT_FOUND');
    const [conversation] = await toInboxConversations(db, [row]);
    if (!conversation) throw new AppError('ENTITY_NOT_FOUND');
    return conversation;
  }

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.operatorStatus,
      operationId: 'getSupportOperatorStatus',
      summary: 'Whether the signed-in user is a support operator (may open the inbox)',
      tags: TAGS,
      auth: true,
      response: supportOperatorStatusSchema,
      handler: async ({ request }) => {
        const { userId } = await requireUser(request);
        return { operator: (await findSupportOperator(db, userId)) !== undefined };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.inbox,
      operationId: 'listSupportConversations',
      summary: 'Conversations of a status, newest activity first, with the last message and unread counts',
      description: `Keyset-paged: pass \`nextCursor\` as \`cursor\` for the next page. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      query: supportInboxQuerySchema,
      response: supportInboxPageSchema,
      handler: async ({ request, reply, query }) => {
        await requireOperator(request);
        reply.header('cache-control', 'no-store');
        return listInbox(db, query);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.inboxConversation,
      operationId: 'getSupportConversation',
      summary: 'A conversation with its visitor and its newest messages, oldest first',
      description:
        'At most `limit` messages; `nextCursor` pages back through the older ones (listSupportConversationMessages). ' +
        `Texts are plain text: render them as text, never as HTML. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      params: supportConversationParamsSchema,
      query: supportConversationViewQuerySchema,
      response: supportInboxConversationViewSchema,
      handler: async ({ request, reply, params, query }) => {
        await requireOperator(request);
        reply.header('cache-control', 'no-store');
        const conversation = await inboxConversation(params.id);
        const page = await messagePage(db, conversation.id, { limit: query.limit });
        return { conversation, messages: page.items, nextCursor: page.nextCursor };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.inboxMessages,
      operationId: 'listSupportConversationMessages',
      summary: 'A page of messages of a conversation, oldest first within the page',
      description:
        'Without `cursor` the newest messages; pass `nextCursor` (of the view or of a page) as `cursor` for the ' +
        `page before them. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      params: supportConversationParamsSchema,
      query: supportMessagesQuerySchema,
      response: supportMessagePageSchema,
      handler: async ({ request, reply, params, query }) => {
        await requireOperator(request);
        reply.header('cache-control', 'no-store');
        const conversation = await findConversation(db, params.id);
        if (!conversation) throw new AppError('ENTITY_NOT_FOUND');
        return messagePage(db, conversation.id, query);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.inboxMessages,
      operationId: 'replySupportConversation',
      summary: "Reply as an operator (named by the operator's first name); the visitor sees it live",
      description:
        'A closed conversation is reopened (a system message says so), unless the visitor has started a newer one: ' +
        `409 SUPPORT_CONVERSATION_CLOSED. Replying marks the conversation read for operators. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      params: supportConversationParamsSchema,
      body: supportMessageRequestSchema,
      status: 201,
      response: supportMessageSchema,
      handler: async ({ request, params, body }) => {
        const operator = await requireOperator(request);
        const written = await postOperatorReply(db, params.id, operator, body.text, clock());
        return written.value;
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.inboxRead,
      operationId: 'markSupportConversationRead',
      summary: "Mark the visitor's messages read up to a message of the conversation (for every operator)",
      description: `The marker never moves back; a message of another conversation answers 404 ENTITY_NOT_FOUND. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      params: supportConversationParamsSchema,
      body: supportReadRequestSchema,
      status: 204,
      response: z.undefined(),
      handler: async ({ request, params, body }) => {
        await requireOperator(request);
        return markReadAndAnnounce(
          context,
          { side: 'operator', conversationId: params.id },
          body.lastMessageId,
        );
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.inboxClose,
      operationId: 'closeSupportConversation',
      summary: 'Close a conversation; the visitor sees it live, and their next message opens a new one',
      description: `A system message notes it. Closing a closed conversation changes nothing. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      params: supportConversationParamsSchema,
      allowEmptyJsonBody: true,
      response: supportInboxConversationSchema,
      handler: async ({ request, params }) => {
        await requireOperator(request);
        await closeConversation(db, params.id, clock());
        return inboxConversation(params.id);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.inboxAttachment,
      operationId: 'downloadSupportAttachment',
      summary: 'Download an attachment of a conversation',
      description: `GET also accepts the GATEWAY cookie. ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      params: supportInboxAttachmentParamsSchema,
      produces: 'binary',
      binaryContentTypes: SUPPORT_ATTACHMENT_TYPES,
      response: BLOB_STREAM,
      handler: async ({ request, reply, params }) => {
        await requireOperator(request);
        const attachment = await findAttachment(db, params.attachmentId, { conversationId: params.id });
        if (!attachment) throw new AppError('ENTITY_NOT_FOUND');
        const body = await blobDownload(context.blobs, attachment.blobKey, reply);
        return sendAttachment(reply, attachment, body, contentDisposition('attachment', attachment.name));
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.inboxEvents,
      operationId: 'streamSupportInboxEvents',
      summary: 'Live events of every conversation (server-sent events of SupportEvent)',
      description:
        "text/event-stream: `id:` is the event's `seq`. With `Last-Event-ID` (or `?lastEventId=`) every event after " +
        'it comes first, then live ones; without, the stream starts now and its first block carries only that `id:`. ' +
        `Comment heartbeats; \`Cache-Control: no-store\`. GET also accepts the GATEWAY cookie (EventSource). ${OPERATORS}`,
      tags: TAGS,
      auth: true,
      query: eventsQuerySchema,
      produces: 'event-stream',
      response: supportEventSchema,
      handler: async ({ request, reply }) => {
        await requireOperator(request);
        await streamSupportEvents(context, reply, {
          subject: undefined,
          after: lastEventIdOf(request),
        });
        return STREAM_ENDED;
      },
    }),
  );
}
