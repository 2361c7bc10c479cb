import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.js';
import { brokenRoutesModule, PROBE_PREFIX } from './broken-routes.js';
import { checkRoutes } from './check-routes.js';
import { SECRET } from './fixtures.js';
import { useMatrixSuite } from './matrix-suite.js';

// The matrix's own test: on routes that each break one rule, it must report exactly that rule.

describe.each(testDatabases())('authorization matrix self-test on $name', (backend) => {
  const suite = useMatrixSuite(backend, [brokenRoutesModule]);

  it('catches a route without auth, without a membership check, with an unscoped id, or without a fixture', async () => {
    const { problems } = await checkRoutes(suite.server, suite.routesUnder(PROBE_PREFIX), suite.world);
    const about = (fragment: string) => problems.filter((problem) => problem.includes(fragment));
    expect(about('probeWithoutAuth) anonymous: expected 401')).toHaveLength(1);
    expect(about("probeWithoutMembership) stranger with the victim's BIN: expected 403")).toHaveLength(1);
    expect(
      about("probeUnscopedFolder) stranger with own BIN and the victim's ids: expected 404"),
    ).toHaveLength(1);
    expect(about(`shows ${SECRET.folder}`)).toHaveLength(1);
    expect(about('no fixture for path parameter :thingId')).toHaveLength(1);
  });
});
