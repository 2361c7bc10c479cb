import { z } from 'zod';
import { buildOpenApiDocument, type OpenApiDocument } from '../../http/openapi.js';
import { defineRoute } from '../../http/route.js';
import type { AppModule } from '../module.js';

/** Serves `/api/openapi.json`, built from every route registered through the route helper. */
export const openApiModule: AppModule = {
  name: 'openapi',
  register({ route, routes }) {
    let cached: OpenApiDocument | undefined;
    route(
      defineRoute({
        method: 'GET',
        url: '/api/openapi.json',
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI 3.1 document',
        tags: ['meta'],
        response: z.record(z.string(), z.unknown()),
        handler: async () => {
          // Routes are all registered before the server answers, so the document is built once.
          cached ??= buildOpenApiDocument(routes(), {
            title: 'Qoltanba API',
            version: '0.1.0',
            description:
              'Errors are {code, message}; messages follow ?lang= (kk, ru, en), then a valid `lang` in the ' +
              'JSON body, then Accept-Language, then kk.',
          });
          return cached as unknown as Record<string, unknown>;
        },
      }),
    );
  },
};
