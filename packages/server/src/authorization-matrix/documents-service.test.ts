import { API_SERVICES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.js';
import { checkRoutes, rowsMentioning } from './check-routes.js';
import { PUBLIC_WITHOUT_DATA, VICTIM_BIN } from './fixtures.js';
import { useMatrixSuite } from './matrix-suite.js';
import { planFor } from './plans.js';

// The authorization matrix (see check-routes.ts) on every route of the documents service: documents, files,
// history, folders, counterparties, signing, verification and external links, and whatever is added there later.

const PREFIX = `/proxy/${API_SERVICES.documents}/`;

/** The operations the matrix must find under the prefix (so a renamed prefix cannot make it pass vacuously). */
const REQUIRED_OPERATIONS = [
  'signDocument',
  'rejectDocument',
  'revokeDocument',
  'startQrSigning',
  'getSigningLink',
  'followQrSigning',
  'putEgovSignatures',
  'listFolders',
  'createFolder',
  'updateFolder',
  'deleteFolder',
  'listCounterparties',
  'createCounterparty',
  'updateCounterparty',
  'deleteCounterparty',
  'createExternalLink',
  'listExternalLinks',
  'revokeExternalLink',
  'getExternalDocument',
  'downloadExternalFile',
  'previewExternalFile',
  'getActiveTariff',
  'createOrder',
  'getOrder',
  'listOrders',
  'generatePaymentInvoice',
  'getPaymentInvoicePath',
  'downloadPaymentInvoice',
];

describe.each(testDatabases())('authorization matrix of the documents service on $name', (backend) => {
  const suite = useMatrixSuite(backend);

  it('refuses every outsider on every route of the documents service, and leaks nothing', async () => {
    const { server, world } = suite;
    const routes = suite.routesUnder(PREFIX);
    const operations = routes.map((route) => route.operationId);
    expect(operations).toEqual(expect.arrayContaining(REQUIRED_OPERATIONS));
    const before = await rowsMentioning(server, VICTIM_BIN);
    const { cases, problems } = await checkRoutes(server, routes, world);
    expect(problems).toEqual([]);
    const capabilities = routes.filter((route) => {
      const plan = planFor(route);
      return 'capability' in plan || ('signedOnly' in plan && plan.signedOnly === true);
    }).length;
    const exempt = routes.filter((route) => 'exempt' in planFor(route)).length;
    expect(capabilities).toBeGreaterThan(0);
    expect(exempt).toBe(Object.keys(PUBLIC_WITHOUT_DATA).length);
    expect(cases).toBe((routes.length - capabilities - exempt) * 3 + capabilities);
    // Nothing the outsiders sent changed a row of the victim's.
    expect(await rowsMentioning(server, VICTIM_BIN)).toEqual(before);
  });
});
