import {
  AppError,
  contentDisposition,
  helpConfigSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES_PER_MINUTE,
  SUPPORT_PATHS,
  SUPPORT_UPLOAD_PARTS,
  SUPPORT_VISITOR_HEADER,
  supportAttachmentParamsSchema,
  supportConversationPageSchema,
  supportConversationParamsSchema,
  supportConversationViewQuerySchema,
  supportConversationViewSchema,
  supportEventSchema,
  supportHistoryQuerySchema,
  supportMessagePageSchema,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportMessagesQuerySchema,
  supportReadRequestSchema,
  supportVisitorIssuedSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BLOB_STREAM, blobDownload } from '../../blob/blob-download.js';
import { closeIfUnread } from '../../files/file-upload.js';
import { discardBlobs } from '../../files/pending-blobs.js';
import { defineRoute } from '../../http/route.js';
import { findAttachment } from './attachment-store.js';
import { ATTACHMENT_UPLOAD_LIMITS, readAttachmentUpload } from './attachment-upload.js';
import {
  hasConversationBefore,
  latestConversation,
  postVisitorMessage,
  toVisitorConversation,
} from './conversation-store.js';
import { eventsQuerySchema, lastEventIdOf, STREAM_ENDED, streamSupportEvents } from './event-stream.js';
import { findVisitorConversation, messagePage, visitorHistory } from './history-store.js';
import { assertUnderRate } from './message-store.js';
import { markReadAndAnnounce, type SupportContext, sendAttachment } from './support-context.js';
import { type ResolvedVisitor, resolveVisitor, visitorHeadersSchema } from './visitor-identity.js';
import { createVisitor } from './visitor-store.js';

const TAGS = ['support'];
const VISITOR =
  `The visitor is the \`${SUPPORT_IDENTITY_HEADER}\` identity token (401 SUPPORT_IDENTITY_INVALID / ` +
  `SUPPORT_IDENTITY_EXPIRED, even with a visitor token besides), else the \`${SUPPORT_VISITOR_HEADER}\` visitor ` +
  'token, else 401 SUPPORT_VISITOR_REQUIRED; never cookies. Any page may call it (CORS `*`, no credentials).';
const RATE = `At most ${SUPPORT_MESSAGES_PER_MINUTE} messages a minute per visitor (429 RATE_LIMITED with Retry-After).`;
/** New visitors one client address may create a minute. */
const VISITOR_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/** The help widget's routes: configuration, visitors, and the visitor's own conversation (`/my/...`). */
export function registerVisitorRoutes(context: SupportContext): void {
  const { route, db, config, clock } = context;
  const chatOff = () => new AppError('SUPPORT_CHAT_UNAVAILABLE', undefined, { status: 503 });

  // The visitor each request authorized as, from the route's `authorize` (before validation) to its handler.
  const visitors = new WeakMap<FastifyRequest, ResolvedVisitor>();
  const authorizeVisitor = async (request: FastifyRequest) => {
    visitors.set(request, await resolveVisitor(context, request));
  };
  const visitorOf = (request: FastifyRequest): ResolvedVisitor => {
    const visitor = visitors.get(request);
    if (!visitor) throw new AppError('SUPPORT_VISITOR_REQUIRED');
    return visitor;
  };
  const visitorRoute = {
    tags: TAGS,
    publicCors: true,
    authorize: authorizeVisitor,
    headers: visitorHeadersSchema,
  } as const;

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.helpConfig,
      operationId: 'getHelpConfig',
      summary:
        "The help widget's help page per language, WhatsApp and Telegram links, and whether chat is on",
      description:
        'From the server configuration (QOLTANBA_HELP_URL_*, QOLTANBA_SUPPORT_*). Public, CORS `*`.',
      tags: TAGS,
      publicCors: true,
      response: helpConfigSchema,
      handler: async ({ reply }) => {
        reply.header('cache-control', 'public, max-age=300');
        return {
          helpPages: config.helpPages,
          whatsapp: config.whatsapp,
          telegram: config.telegram,
          chat: config.chat,
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.visitors,
      operationId: 'createSupportVisitor',
      summary: 'A new anonymous visitor token (kept by the widget in its identity-note storage)',
      description:
        `32 random bytes, base64url; only its SHA-256 is stored. Send it as \`${SUPPORT_VISITOR_HEADER}\`. ` +
        `${VISITOR_RATE_LIMIT.max} a minute per client address. 503 SUPPORT_CHAT_UNAVAILABLE when chat is off. ` +
        'Any page may call it (CORS `*`).',
      tags: TAGS,
      publicCors: true,
      allowEmptyJsonBody: true,
      rateLimit: VISITOR_RATE_LIMIT,
      status: 201,
      response: supportVisitorIssuedSchema,
      handler: async () => {
        if (!config.chat) throw chatOff();
        return { visitorToken: await createVisitor(db, clock()) };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.myConversation,
      operationId: 'getMySupportConversation',
      summary:
        "The visitor's latest conversation (null before the first message) with its newest messages, oldest first",
      description:
        'At most `limit` messages; `nextCursor` pages back through the older ones (listMySupportMessages). ' +
        `Texts are plain text: render them as text, never as HTML. ${VISITOR}`,
      ...visitorRoute,
      query: supportConversationViewQuerySchema,
      response: supportConversationViewSchema,
      handler: async ({ request, reply, query }) => {
        reply.header('cache-control', 'no-store');
        const visitor = visitorOf(request);
        const conversation = await latestConversation(db, visitor.subject);
        if (!conversation) {
          return { conversation: null, messages: [], nextCursor: null, hasEarlierConversations: false };
        }
        const page = await messagePage(db, conversation.id, { limit: query.limit });
        return {
          conversation: await toVisitorConversation(db, conversation),
          messages: page.items,
          nextCursor: page.nextCursor,
          hasEarlierConversations: await hasConversationBefore(db, visitor.subject, conversation.id),
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.myConversations,
      operationId: 'listMySupportConversations',
      summary: "The visitor's conversations, newest first, each with its last message and unread count",
      description:
        'Keyset-paged: pass `nextCursor` as `cursor` for older ones. Earlier conversations are read-only (a new ' +
        'message goes to the open one, or opens one); their messages page with listMySupportMessages, their ' +
        `attachments download as any of the visitor's. ${VISITOR}`,
      ...visitorRoute,
      query: supportHistoryQuerySchema,
      response: supportConversationPageSchema,
      handler: async ({ request, reply, query }) => {
        reply.header('cache-control', 'no-store');
        return visitorHistory(db, visitorOf(request).subject, query);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.myConversationMessages,
      operationId: 'listMySupportMessages',
      summary: "A page of messages of one of the visitor's conversations, oldest first within the page",
      description:
        'Without `cursor` the newest messages; pass `nextCursor` as `cursor` for the page before them. Another ' +
        `visitor's conversation answers 404 ENTITY_NOT_FOUND, like a missing one. ${VISITOR}`,
      ...visitorRoute,
      params: supportConversationParamsSchema,
      query: supportMessagesQuerySchema,
      response: supportMessagePageSchema,
      handler: async ({ request, reply, params, query }) => {
        reply.header('cache-control', 'no-store');
        const conversation = await findVisitorConversation(db, visitorOf(request).subject, params.id);
        if (!conversation) throw new AppError('ENTITY_NOT_FOUND');
        return messagePage(db, conversation.id, query);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.myMessages,
      operationId: 'sendSupportMessage',
      summary:
        "Post a message; it opens a new conversation when the visitor's last one is closed (or none exists)",
      description:
        `Stored and answered verbatim. SUPPORT_MESSAGE_EMPTY, SUPPORT_MESSAGE_TOO_LONG (${SUPPORT_MESSAGE_MAX}), ` +
        `CONTROL_CHARACTERS. \`pageUrl\` (http or https only) and \`language\` describe the visitor to operators. ${RATE} ${VISITOR}`,
      ...visitorRoute,
      body: supportMessageRequestSchema,
      status: 201,
      response: supportMessageSchema,
      handler: async ({ request, body }) => {
        if (!config.chat) throw chatOff();
        const visitor = visitorOf(request);
        const written = await postVisitorMessage(
          db,
          visitor,
          {
            text: body.text,
            ...(body.language ? { language: body.language } : {}),
            ...(body.pageUrl ? { pageUrl: body.pageUrl } : {}),
          },
          clock(),
        );
        return written.value;
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.myAttachments,
      operationId: 'sendSupportAttachment',
      summary: 'Post an image (PNG, JPEG, GIF, WebP) or a PDF, with an optional text, as a message',
      description:
        `At most ${SUPPORT_ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB (413 SUPPORT_ATTACHMENT_TOO_LARGE as soon as it is ` +
        'passed, the rest not read); the type comes from the content alone (415 SUPPORT_ATTACHMENT_TYPE). The name ' +
        `is cleaned and ends with the recognised type's extension. ${RATE} ${VISITOR}`,
      ...visitorRoute,
      multipart: {
        parts: [
          {
            name: SUPPORT_UPLOAD_PARTS.file,
            kind: 'files',
            contentTypes: SUPPORT_ATTACHMENT_TYPES,
            maxCount: 1,
            description: 'The file (one).',
            required: true,
          },
          {
            name: SUPPORT_UPLOAD_PARTS.text,
            kind: 'text',
            maxLength: SUPPORT_MESSAGE_MAX,
            description: 'A message to go with it (plain text).',
            required: false,
          },
        ],
        limits: ATTACHMENT_UPLOAD_LIMITS,
      },
      status: 201,
      response: supportMessageSchema,
      handler: async ({ request, reply }) => {
        try {
          if (!config.chat) throw chatOff();
          const visitor = visitorOf(request);
          // Refused before the upload is read; counted again, exactly, when the message is written.
          await assertUnderRate(db, visitor.subject, clock());
          const { attachment, text } = await readAttachmentUpload(request, context);
          try {
            const written = await postVisitorMessage(db, visitor, { text, attachment }, clock());
            return written.value;
          } catch (error) {
            await discardBlobs(context, [attachment.blobKey]);
            throw error;
          }
        } catch (error) {
          closeIfUnread(request, reply);
          throw error;
        }
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.myAttachment,
      operationId: 'downloadMySupportAttachment',
      summary: "Download an attachment of the visitor's own conversations",
      description: `Any other attachment answers 404 ENTITY_NOT_FOUND, like a missing one. ${VISITOR}`,
      ...visitorRoute,
      params: supportAttachmentParamsSchema,
      produces: 'binary',
      binaryContentTypes: SUPPORT_ATTACHMENT_TYPES,
      response: BLOB_STREAM,
      handler: async ({ request, reply, params }) => {
        const visitor = visitorOf(request);
        const attachment = await findAttachment(db, params.attachmentId, { subject: visitor.subject });
        if (!attachment) throw new AppError('ENTITY_NOT_FOUND');
        const body = await blobDownload(context.blobs, attachment.blobKey, reply);
        return sendAttachment(reply, attachment, body, contentDisposition('attachment', attachment.name));
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.myRead,
      operationId: 'markMySupportConversationRead',
      summary: "Mark the operators' messages read up to a message of the visitor's own conversations",
      description: `The marker never moves back. Another visitor's message answers 404 ENTITY_NOT_FOUND. ${VISITOR}`,
      ...visitorRoute,
      body: supportReadRequestSchema,
      status: 204,
      response: z.undefined(),
      handler: ({ request, body }) =>
        markReadAndAnnounce(
          context,
          { side: 'visitor', subject: visitorOf(request).subject },
          body.lastMessageId,
        ),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SUPPORT_PATHS.myEvents,
      operationId: 'streamMySupportEvents',
      summary: "Live events of the visitor's conversations (server-sent events of SupportEvent)",
      description:
        "text/event-stream: `id:` is the event's `seq`. With `Last-Event-ID` (or `?lastEventId=`) every event after " +
        'it comes first, then live ones; without, the stream starts now and its first block carries only that `id:`. ' +
        'Comment heartbeats; `Cache-Control: no-store`. A stream of an identity token ends when the token expires. ' +
        VISITOR,
      ...visitorRoute,
      query: eventsQuerySchema,
      produces: 'event-stream',
      response: supportEventSchema,
      handler: async ({ request, reply }) => {
        const visitor = visitorOf(request);
        await streamSupportEvents(context, reply, {
          subject: visitor.subject,
          after: lastEventIdOf(request),
          endsAt: visitor.expiresAt,
        });
        return STREAM_ENDED;
      },
    }),
  );
}
