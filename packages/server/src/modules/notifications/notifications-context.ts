import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventStreams } from '../../http/event-stream.js';
import type { ModuleContext } from '../module.js';
import type { NotificationsConfig } from './notifications-env.js';
import type { UnreadHub } from './unread-hub.js';

/** What the notifications module's files share. */
export interface NotificationsContext {
  route: ModuleContext['route'];
  db: Kysely<Database>;
  clock: () => Date;
  log: FastifyBaseLogger;
  config: NotificationsConfig;
  publicUrl: string;
  hub: UnreadHub;
  /** The app's open event streams. */
  streams: EventStreams;
  /** After notifications of `userIds` committed: queues their due e-mails, kicks the outbox (streams woke at commit). */
  delivered(userIds: readonly string[]): Promise<void>;
}
