import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import type { SupportConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import type { AnyRouteDefinition } from '../../http/route.js';
import type { EventStreamContext } from './event-stream.js';
import { markRead, type ReadScope } from './read-markers.js';

/** What the support routes share. */
export interface SupportContext extends EventStreamContext {
  route(definition: AnyRouteDefinition): void;
  db: Kysely<Database>;
  blobs: BlobStore;
  config: SupportConfig;
  /** The HMAC key of identity tokens (HKDF of the token secret). */
  identityKey: Buffer;
}

/** Sends an attachment's bytes as a download: its recognised type, attachment disposition, nosniff, no caching. */
export function sendAttachment(
  reply: FastifyReply,
  attachment: { name: string; contentType: string },
  body: Readable,
  disposition: string,
): Readable {
  reply
    .type(attachment.contentType)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return body;
}

/**
 * The mark-read handler of both sides (`markMySupportConversationRead`, `markSupportConversationRead`): moves the
 * scope's marker up to `lastMessageId`, then wakes the streams; the route answers 204.
 */
export async function markReadAndAnnounce(
  context: SupportContext,
  scope: ReadScope,
  lastMessageId: number,
): Promise<undefined> {
  await markRead(context.db, scope, lastMessageId, context.clock());
  return undefined;
}
