import type { AppModule } from '../module.js';
import { createEventHub } from './event-hub.js';
import { registerIdentityRoutes } from './identity-routes.js';
import { identityTokenKey } from './identity-token.js';
import { registerInboxRoutes } from './inbox-routes.js';
import type { SupportContext } from './support-context.js';
import { registerVisitorRoutes } from './visitor-routes.js';

/**
 * The support chat of the help widget: anonymous visitors and identity tokens (portal users, partners' users),
 * conversations with messages and attachments, live server-sent events with catch-up (woken through the live
 * channel, so an event written on any instance reaches the streams of all), and the operators' inbox. See README.md.
 */
export function createSupportModule(): AppModule {
  return {
    name: 'support',
    register({ config, services, route }) {
      const { db } = services.database;
      const context: SupportContext = {
        route,
        db,
        blobs: services.blobs,
        clock: services.clock,
        config: config.support,
        hub: createEventHub(services.live),
        identityKey: identityTokenKey(config.tokenSecret),
        streams: services.eventStreams,
      };
      registerVisitorRoutes(context);
      registerIdentityRoutes(context);
      registerInboxRoutes(context);
    },
  };
}

/** The support module. */
export const supportModule: AppModule = createSupportModule();
