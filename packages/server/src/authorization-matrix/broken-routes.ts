import { z } from 'zod';
import { defineRoute } from '../http/route.js';
import { requireUser } from '../modules/account/index.js';
import type { AppModule } from '../modules/module.js';
import { requireCompanyUser } from '../modules/registry/index.js';

/** Routes of the self-test: deliberately broken, under a prefix of their own. */
export const PROBE_PREFIX = '/proxy/matrix-probe.test/';

/**
 * Broken routes for the self-test: each misses one rule the matrix must catch. They live under their own
 * prefix, so the real matrix does not see them.
 */
export const brokenRoutesModule: AppModule = {
  name: 'matrix-probe',
  register({ route, services }) {
    const { db } = services.database;
    const base = `${PROBE_PREFIX}api/v1/companies/:bin`;
    const bin = z.object({ bin: z.string() });
    route(
      defineRoute({
        method: 'GET',
        url: `${base}/open`,
        operationId: 'probeWithoutAuth',
        summary: 'No auth (matrix self-test)',
        hidden: true,
        params: bin,
        response: z.object({}),
        handler: async () => ({}),
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: `${base}/any-company`,
        operationId: 'probeWithoutMembership',
        summary: 'Auth without a membership check (matrix self-test)',
        hidden: true,
        auth: true,
        params: bin,
        response: z.object({}),
        handler: async ({ request }) => {
          await requireUser(request);
          return {};
        },
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: `${base}/folders/:folderId`,
        operationId: 'probeUnscopedFolder',
        summary: 'Membership checked, folder read by id alone (matrix self-test)',
        hidden: true,
        auth: true,
        params: bin.extend({ folderId: z.coerce.number() }),
        response: z.object({ name: z.string() }),
        handler: async ({ request, params }) => {
          await requireCompanyUser(request, db, params.bin);
          const row = await db
            .selectFrom('folders')
            .select('name')
            .where('id', '=', params.folderId)
            .executeTakeFirst();
          return { name: row?.name ?? '' };
        },
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: `${base}/things/:thingId`,
        operationId: 'probeUnknownParameter',
        summary: 'A path parameter the matrix has no fixture for (matrix self-test)',
        hidden: true,
        auth: true,
        params: bin.extend({ thingId: z.string() }),
        response: z.object({}),
        handler: async () => ({}),
      }),
    );
  },
};
