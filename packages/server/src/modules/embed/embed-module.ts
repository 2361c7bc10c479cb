import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EMBED_PAGE } from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { contentSecurityPolicy } from '../../http/security-headers.js';
import { NO_CACHE, PORTAL_NOT_BUILT_HTML } from '../../http/static-files.js';
import type { AppModule } from '../module.js';
import { signingContextOf } from '../signing/index.js';
import { registerEmbedRoutes } from './embed-routes.js';
import { tokenOrigins, withLoopbackAliases } from './embed-store.js';

/** Prefix of the embed session API, the only part of the API with CORS for partner pages. */
export const EMBED_API_PREFIX = '/proxy/embed-api/';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Embedding: the embed token exchange and the session routes that `<qoltanba-sign>`, `<qoltanba-document-status>`
 * and the portal's embed page call (they act through the signing module's signer actions), CORS for those routes
 * only, and the embed page `/embed/:token` whose `frame-ancestors` are exactly the token's origins. See README.md.
 */
export const embedModule: AppModule = {
  name: 'embed',
  register(context) {
    const { app, route, services, config } = context;
    const { db } = services.database;
    registerEmbedRoutes(context, () => signingContextOf(context));

    // Preflights are answered for any origin (no credentials are ever allowed; the token or session is the
    // credential); actual answers echo the origin only when the grant allows it (embed-routes.ts).
    // (An embedded signer follows its eGov QR session from the partner's page through the signing module's events
    // route, which is `publicCors`: any origin, no credentials; http/public-cors.ts.)
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith(EMBED_API_PREFIX)) return;
      reply.header('vary', 'Origin');
      reply.header('access-control-expose-headers', 'content-disposition, x-request-id');
      if (request.method !== 'OPTIONS') return;
      const origin = request.headers.origin;
      if (typeof origin === 'string') reply.header('access-control-allow-origin', origin);
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'authorization, content-type, accept-language')
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .code(204)
        .send();
      return reply;
    });
    // Refusals are readable by any page (a catalogue code and its text, nothing of the grant), so an element on a
    // page the token does not allow shows EMBED_ORIGIN_NOT_ALLOWED (or an expired or used token's code) instead of
    // a bare network error; successful answers keep their origin-bound CORS.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith(EMBED_API_PREFIX) || reply.statusCode < 400) return payload;
      const origin = request.headers.origin;
      if (typeof origin === 'string' && !reply.hasHeader('access-control-allow-origin'))
        reply.header('access-control-allow-origin', origin);
      return payload;
    });

    const connectSources = [
      ...new Set([config.ncaLayerUrl, services.signingConfig.ncaLayerUrl].map((url) => new URL(url).origin)),
    ];

    route(
      defineRoute({
        method: 'GET',
        url: EMBED_PAGE,
        operationId: 'getEmbedPage',
        summary: "The portal's embed page (an iframe's target)",
        description:
          "The portal's index.html with `Content-Security-Policy: frame-ancestors` set to exactly the token's " +
          "origins (also for an expired or used token, so the frame can report it; 'none' for an unknown token), " +
          '`Referrer-Policy: no-referrer` and no X-Frame-Options. Every other page keeps frame-ancestors ' +
          "'none'. The token is not spent here: the page exchanges it.",
        tags: ['embed'],
        hidden: true,
        params: z.object({ token: z.string().min(1).max(200) }),
        produces: 'html',
        response: z.string(),
        handler: async ({ reply, params }) => {
          const found = await tokenOrigins(db, params.token);
          // Outside production a page at 127.0.0.1 may frame what a token allows for localhost, and back.
          const origins = found && config.env !== 'production' ? withLoopbackAliases(found) : found;
          reply
            .header('content-security-policy', contentSecurityPolicy(origins ?? ["'none'"], connectSources))
            .header('referrer-policy', 'no-referrer')
            .header('cache-control', `${NO_CACHE}, no-store`);
          if (origins) reply.removeHeader('x-frame-options');
          try {
            return await readFile(join(config.portalDir, 'index.html'), 'utf8');
          } catch {
            return PORTAL_NOT_BUILT_HTML;
          }
        },
      }),
    );
  },
};
