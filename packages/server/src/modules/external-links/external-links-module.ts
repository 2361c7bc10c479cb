import type { RouteRateLimit } from '../../http/route.js';
import type { AppModule } from '../module.js';
import { registerExternalDocumentRoutes } from './external-document-routes.js';
import { registerExternalLinkRoutes } from './external-link-routes.js';
import { forgetLinks } from './link-store.js';

/** Reads one IP may make per window through external links: the card, its files and previews. */
export const EXTERNAL_LINK_RATE_LIMIT: RouteRateLimit = { max: 60, timeWindow: '1 minute' };

/** Replaceable parts of the external links module. */
export interface ExternalLinksModuleOptions {
  /** Per-IP limit of the public routes; {@link EXTERNAL_LINK_RATE_LIMIT} by default. */
  rateLimit?: RouteRateLimit;
}

/**
 * External document links (`/document/:id/by-hash`): a company taking part in a sent document shares it
 * read-only with whoever holds the link. Owns `external_links`; reads documents, history and verification through
 * their modules' functions, and records the links' VIEW events through the documents module (README.md).
 */
export function createExternalLinksModule(options: ExternalLinksModuleOptions = {}): AppModule {
  return {
    name: 'external-links',
    register(context) {
      registerExternalLinkRoutes(context);
      registerExternalDocumentRoutes(context, options.rateLimit ?? EXTERNAL_LINK_RATE_LIMIT);
      // The purge deletes documents nobody takes part in any more: their links go in the same transaction.
      context.hooks.documentsPurged.add(({ trx, documentIds }) => forgetLinks(trx, documentIds));
    },
  };
}

/** The external links module with the default rate limit. */
export const externalLinksModule: AppModule = createExternalLinksModule();
