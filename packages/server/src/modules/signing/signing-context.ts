import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import type { Config } from '../../config/config.js';
import type { LiveChannel } from '../../db/live-channel.js';
import type { Database } from '../../db/schema.js';
import type { EventStreams } from '../../http/event-stream.js';
import type { AnyRouteDefinition } from '../../http/route.js';
import type { MessageOutbox } from '../../outbox/message-outbox.js';
import type { ModuleHooks } from '../module-hooks.js';
import type { StatisticsRegister } from '../registry/index.js';
import type { SignFlowServices } from './sign-flow.js';

/** What the signing routes share. */
export interface SigningContext {
  route(definition: AnyRouteDefinition): void;
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Delivers the e-mails the routes queued (personal links), after their commit. */
  outbox: Pick<MessageOutbox, 'kick'>;
  clock: () => Date;
  config: Config;
  hooks: ModuleHooks;
  log: FastifyBaseLogger;
  statistics: StatisticsRegister;
  /** The signing flow's services (verifier, lock hook, links after a sign-and-send). */
  flow: SignFlowServices;
  /** Live updates across instances: a QR session's moves wake its event streams wherever they are. */
  live: LiveChannel;
  /** The app's open event streams (heartbeats, the end at shutdown, the count in the metrics). */
  streams: EventStreams;
}
