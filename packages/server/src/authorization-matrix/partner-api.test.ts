import { API_SERVICES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.js';
import { checkRoutes, rowsMentioning } from './check-routes.js';
import { VICTIM_BIN } from './fixtures.js';
import { useMatrixSuite } from './matrix-suite.js';

// The authorization matrix (see check-routes.ts) on the partner API's company routes: the portal's API key
// management and webhook log.

/** The partner API's routes of a company (portal key management); its partner-backend routes have no :bin. */
const PARTNER_COMPANY_PREFIX = `/proxy/${API_SERVICES.partner}/api/v1/companies/`;

describe.each(testDatabases())(
  "authorization matrix of the partner API's company routes on $name",
  (backend) => {
    const suite = useMatrixSuite(backend);

    it("refuses every outsider on the partner API's company routes (API keys, webhook deliveries)", async () => {
      const { server, world } = suite;
      const routes = suite.routesUnder(PARTNER_COMPANY_PREFIX);
      expect(routes.map((route) => route.operationId)).toEqual(
        expect.arrayContaining([
          'listApiKeys',
          'createApiKey',
          'updateApiKey',
          'revokeApiKey',
          'listWebhookDeliveries',
        ]),
      );
      const before = await rowsMentioning(server, VICTIM_BIN);
      const { cases, problems } = await checkRoutes(server, routes, world);
      expect(problems).toEqual([]);
      expect(cases).toBe(routes.length * 3);
      expect(await rowsMentioning(server, VICTIM_BIN)).toEqual(before);
    });
  },
);
