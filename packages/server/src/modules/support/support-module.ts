import { streamHeartbeatMs } from '../../http/client-connections.js';
import { startPeriodicJob } from '../../jobs/periodic-job.js';
import type { AppModule } from '../module.js';
import { createEventHub } from './event-hub.js';
import { registerIdentityRoutes } from './identity-routes.js';
import { identityTokenKey } from './identity-token.js';
import { registerInboxRoutes } from './inbox-routes.js';
import type { SupportContext } from './support-context.js';
import { registerVisitorRoutes } from './visitor-routes.js';

/** Replaceable parts of the support module. */
export interface SupportModuleOptions {
  /** Milliseconds between looks at the events table for other instances' events (1000 by default). */
  pollMs?: number;
  /** Milliseconds between heartbeat comments of the event streams (15000, or half the idle timeout when shorter). */
  heartbeatMs?: number;
}

/**
 * The support chat of the help widget: anonymous visitors and identity tokens (portal users, partners' users),
 * conversations with messages and attachments, live server-sent events with catch-up, and the operators' inbox.
 * See README.md.
 */
export function createSupportModule(options: SupportModuleOptions = {}): AppModule {
  return {
    name: 'support',
    register({ app, config, services, route }) {
      const { db } = services.database;
      const hub = createEventHub(db);
      const context: SupportContext = {
        route,
        db,
        blobs: services.blobs,
        clock: services.clock,
        config: config.support,
        log: app.log,
        hub,
        identityKey: identityTokenKey(config.tokenSecret),
        heartbeatMs: options.heartbeatMs ?? streamHeartbeatMs(config),
        openStreams: new Set(),
        announce: (notices) => hub.announce(notices),
      };
      registerVisitorRoutes(context);
      registerIdentityRoutes(context);
      registerInboxRoutes(context);

      // Events written by another instance on the same PostgreSQL reach this one's streams within a poll interval.
      let poller: { stop(): Promise<void> } | undefined;
      app.addHook('onReady', async () => {
        poller = startPeriodicJob({
          intervalMs: options.pollMs ?? 1000,
          run: () => hub.poll(),
          onError: (error) => app.log.warn({ err: error }, 'support events poll failed'),
        });
      });
      app.addHook('preClose', async () => {
        for (const end of context.openStreams) end();
      });
      app.addHook('onClose', async () => {
        await poller?.stop();
      });
    },
  };
}

/** The support module with its default intervals. */
export const supportModule: AppModule = createSupportModule();
