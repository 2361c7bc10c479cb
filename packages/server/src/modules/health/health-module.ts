import { healthSchema, readinessSchema } from '@qoltanba/core';
import { pingDatabase } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import type { AppModule } from '../module.js';

/** `/healthz` (the process answers) and `/readyz` (the database answers `select 1`). */
export const healthModule: AppModule = {
  name: 'health',
  register({ route, services }) {
    route(
      defineRoute({
        method: 'GET',
        url: '/healthz',
        operationId: 'health',
        summary: 'Liveness: the process is up',
        tags: ['health'],
        response: healthSchema,
        rateLimit: { max: 6000, timeWindow: '1 minute' },
        handler: async () => ({ status: 'ok' as const }),
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: '/readyz',
        operationId: 'readiness',
        summary: 'Readiness: the database answers (503 when it does not)',
        tags: ['health'],
        response: readinessSchema,
        rateLimit: { max: 6000, timeWindow: '1 minute' },
        handler: async ({ reply }) => {
          if (await pingDatabase(services.database.db))
            return { status: 'ok' as const, database: 'ok' as const };
          reply.code(503);
          return { status: 'unavailable' as const, database: 'unavailable' as const };
        },
      }),
    );
  },
};
