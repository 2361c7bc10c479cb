import { SUPPORT_IDENTITY_HEADER, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import type { FastifyInstance } from 'fastify';
import type { RouteRegistry } from './route.js';
import { pathOf } from './static-files.js';

const PREFLIGHT_MAX_AGE_SECONDS = 600;
// What the sdk sends (plus Last-Event-ID for a reconnecting event stream, and the help widget's visitor headers) and
// what a page may read.
const ALLOWED_HEADERS = `content-type, accept-language, last-event-id, ${SUPPORT_IDENTITY_HEADER}, ${SUPPORT_VISITOR_HEADER}`;
const EXPOSED_HEADERS = 'x-request-id, retry-after, content-disposition';

/**
 * CORS for the routes defined with `publicCors` (anonymous public API that the custom elements call from partner
 * pages: the signing config, the verification API, a QR session's events): `Access-Control-Allow-Origin: *` on
 * every answer, errors included, and preflights answered with the path's methods. Never with credentials; the
 * embed session routes have their own, origin-bound CORS (modules/embed).
 */
export function registerPublicCors(app: FastifyInstance, registry: RouteRegistry): void {
  app.addHook('onRequest', async (request, reply) => {
    const methods = registry.publicCorsMethodsFor(pathOf(request.url));
    if (methods.length === 0) return;
    reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS') return;
    reply
      .header('access-control-allow-methods', methods.join(', '))
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .code(204)
      .send();
    return reply;
  });
}
