import { API_SERVICES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.js';
import { checkRoutes, rowsMentioning } from './check-routes.js';
import { VICTIM_BIN } from './fixtures.js';
import { useMatrixSuite } from './matrix-suite.js';

// The authorization matrix (see check-routes.ts) on the billing service of SPEC section 7 (`prebill-api.prebill`):
// the personal account balance, payment results and the billing history.

const PREFIX = `/proxy/${API_SERVICES.prebill}/`;

describe.each(testDatabases())('authorization matrix of the prebill service on $name', (backend) => {
  const suite = useMatrixSuite(backend);

  it('refuses every outsider on the balance and the payment results, and leaks nothing', async () => {
    const { server, world } = suite;
    const routes = suite.routesUnder(PREFIX);
    expect(routes.map((route) => route.operationId).sort()).toEqual([
      'getBalance',
      'getPaymentResult',
      'listBillingHistory',
    ]);
    const before = await rowsMentioning(server, VICTIM_BIN);
    const { cases, problems } = await checkRoutes(server, routes, world);
    expect(problems).toEqual([]);
    expect(cases).toBe(routes.length * 3);
    expect(await rowsMentioning(server, VICTIM_BIN)).toEqual(before);
  });
});
