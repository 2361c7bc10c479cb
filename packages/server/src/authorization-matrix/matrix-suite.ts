import { apiPath, BILLING_PATHS, DOCUMENT_PATHS, EXTERNAL_LINK_PATHS, PARTNER_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll } from 'vitest';
import type { AnyRouteDefinition } from '../http/route.js';
import type { AppModule } from '../modules/module.js';
import { call } from '../testing/accounts.js';
import { type CompanyMember, registerMember } from '../testing/companies.js';
import { multipart } from '../testing/documents.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { TestBackend } from '../testing/test-databases.js';
import type { World } from './check-routes.js';
import {
  documentUpload,
  type ResourceIds,
  SECRET,
  SIGNER_BIN,
  STRANGER_BIN,
  VICTIM_BIN,
} from './fixtures.js';

/** The server of a matrix suite, its routes and the victim and stranger the fixtures made. */
export interface MatrixSuite {
  readonly server: TestApp;
  readonly world: World;
  /** The app's routes whose path starts with `prefix`, read from its own route registry. */
  routesUnder(prefix: string): readonly AnyRouteDefinition[];
}

/**
 * Starts a test server on `backend` with every built-in module (and `modules`, e.g. the self-test's broken
 * routes), registers the victim and the stranger, and makes the victim's resources.
 */
export function useMatrixSuite(backend: TestBackend, modules: readonly AppModule[] = []): MatrixSuite {
  let server: TestApp | undefined;
  let routesOf: () => readonly AnyRouteDefinition[] = () => [];
  let world: World | undefined;

  beforeAll(async () => {
    const registryProbe: AppModule = {
      name: 'route-registry-probe',
      register(context) {
        routesOf = context.routes;
      },
    };
    server = await createTestApp({
      backend,
      modules: [...modules, registryProbe],
      env: { RATE_LIMIT_MAX: '100000' },
    });
    const victim = await registerMember(server, 'victim@example.kz', VICTIM_BIN);
    const stranger = await registerMember(server, 'stranger@example.kz', STRANGER_BIN);
    world = { victim, stranger, victimIds: await victimFixtures(server, victim, routesOf), secrets: [] };
    world.secrets = [...Object.values(SECRET), VICTIM_BIN, victim.userId, 'victim@example.kz'];
  });
  afterAll(async () => {
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('the matrix test server starts in beforeAll');
      return server;
    },
    get world() {
      if (!world) throw new Error('the matrix fixtures are made in beforeAll');
      return world;
    },
    routesUnder: (prefix) => routesOf().filter((route) => route.url.startsWith(prefix)),
  };
}

/** The victim's folder (with a subfolder), counterparty and, when documents exist, a document sent to a third company. */
async function victimFixtures(
  app: TestApp,
  victim: CompanyMember,
  routesOf: () => readonly AnyRouteDefinition[],
): Promise<ResourceIds> {
  const post = async (url: string, body: unknown) => {
    const res = await call(app, 'POST', url, { token: victim.token, body });
    if (res.statusCode !== 201 && res.statusCode !== 200)
      throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const folder = await post(apiPath(DOCUMENT_PATHS.folders, { bin: victim.bin }), { name: SECRET.folder });
  await post(apiPath(DOCUMENT_PATHS.folders, { bin: victim.bin }), {
    name: `${SECRET.folder} inner`,
    parentId: folder.id,
  });
  const counterparty = await post(apiPath(DOCUMENT_PATHS.counterparties, { bin: victim.bin }), {
    identityNumber: SIGNER_BIN,
    nameRu: SECRET.counterparty,
    emails: ['victim-partner@example.kz'],
  });
  const ids: ResourceIds = { folderId: folder.id, counterpartyId: counterparty.id };
  if (routesOf().some((route) => route.operationId === 'createOrder')) {
    const order = (await post(
      apiPath(BILLING_PATHS.createOrder, { bin: victim.bin, plan: 'monthly' }),
      undefined,
    )) as {
      id: number;
      uin: string;
    };
    const invoice = await post(`${BILLING_PATHS.generateInvoice}?qoltanbaDocs=true&qoltanbaDocsTariff=1`, {
      abonentId: victim.bin,
      currency: 'KZT',
      uin: order.uin,
      lang: 'ru',
      filialId: 1,
      customerAccountCategoryId: 1,
      balance: 0,
    });
    Object.assign(ids, { orderId: order.id, orderUin: order.uin, invoiceId: invoice.id });
  }
  if (routesOf().some((route) => route.operationId === 'createApiKey')) {
    const key = await call(app, 'POST', apiPath(PARTNER_PATHS.apiKeys, { bin: victim.bin }), {
      token: victim.token,
      body: { name: SECRET.apiKey, allowedOrigins: ['https://victim.example.kz'] },
    });
    if (key.statusCode !== 201) throw new Error(`fixture createApiKey: ${key.statusCode} ${key.body}`);
    ids.apiKeyId = (key.json() as { apiKey: { id: string } }).apiKey.id;
  }
  if (!routesOf().some((route) => route.operationId === 'createDocument')) return ids;
  const { payload, contentType } = multipart(documentUpload(SECRET.document));
  const created = await app.app.inject({
    method: 'POST',
    url: apiPath(DOCUMENT_PATHS.documents, { bin: victim.bin }),
    headers: { authorization: `Bearer ${victim.token}`, 'content-type': contentType },
    payload,
  });
  if (created.statusCode >= 300)
    throw new Error(`fixture createDocument: ${created.statusCode} ${created.body}`);
  const document = created.json() as { id: number; files: Array<{ id: number; sha256: string }> };
  const found: ResourceIds = {
    ...ids,
    documentId: document.id,
    fileId: document.files[0]?.id,
    fileHash: document.files[0]?.sha256.slice(0, 16),
  };
  if (!routesOf().some((route) => route.operationId === 'createExternalLink')) return found;
  // Sent to the third company, and shared by an external link of the victim's.
  const documentIds = { bin: victim.bin, id: String(document.id) };
  await post(apiPath(DOCUMENT_PATHS.send, documentIds), undefined);
  const link = await post(apiPath(EXTERNAL_LINK_PATHS.links, documentIds), { label: SECRET.document });
  return { ...found, linkId: link.id };
}
