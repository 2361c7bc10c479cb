import { describe, expect, it } from 'vitest';
import * as testing from './index';

describe('@qoltanba/sdk/testing entry', () => {
  // An added or removed export shows up in review through this list.
  it('exports exactly this list', () => {
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "FAKE_BASE_URL",
        "FAKE_CODE",
        "FAKE_CONVERTED_PDF",
        "FAKE_HELP_CONFIG",
        "FAKE_IIN",
        "FAKE_LINK_TTL_MS",
        "FAKE_QR_TTL_MS",
        "FAKE_REGISTER",
        "FAKE_ROUTES",
        "FAKE_TEST_BIN",
        "company",
        "createFakeServer",
        "detectFormat",
        "failure",
        "fakeCms",
        "json",
        "pdfFile",
        "supportAttachmentType",
        "textFile",
      ]
    `);
  });

  it('plays every route of its table', async () => {
    const server = testing.createFakeServer();
    for (const route of testing.FAKE_ROUTES) {
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      const response = await server.fetch(`${testing.FAKE_BASE_URL}${path}`, { method: route.method });
      const body: { code?: string } | undefined = await response.json().catch(() => undefined);
      // Every route answers as itself (here 401: no token), never as an unknown route or method.
      expect(body?.code, route.operationId).not.toBe('ROUTE_NOT_FOUND');
      expect(response.status, route.operationId).not.toBe(405);
    }
  });
});
