import { healthSchema, readinessSchema } from '@qoltanba/core';
import { pingDatabase } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import type { AppModule } from '../module.js';

/** `/healthz` (the process answers) and `/readyz` (the database answers `select 1`, the object store its bucket). */
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
        summary: 'Readiness: the database and the object store answer (503 when either does not)',
        tags: ['health'],
        response: readinessSchema,
        rateLimit: { max: 6000, timeWindow: '1 minute' },
        handler: async ({ reply }) => {
          const [database, storage] = await Promise.all([
            pingDatabase(services.database.db),
            services.blobs.ready?.(),
          ]);
          const state = (ok: boolean) => (ok ? ('ok' as const) : ('unavailable' as const));
          const ready = database && storage !== false;
          if (!ready) reply.code(503);
          return {
            status: state(ready),
            database: state(database),
            ...(storage === undefined ? {} : { storage: state(storage) }),
          };
        },
      }),
    );
  },
};
