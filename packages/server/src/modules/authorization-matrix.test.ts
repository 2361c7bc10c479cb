import {
  API_SERVICES,
  apiPath,
  DOCUMENT_BOXES,
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  errorMessage,
  isErrorCode,
  PARTNER_PATHS,
} from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AnyRouteDefinition, defineRoute } from '../http/route.js';
import { call } from '../testing/accounts.js';
import { type CompanyMember, registerMember } from '../testing/companies.js';
import { samplePdf } from '../testing/document-files.js';
import { multipart, type Part, uploadParts } from '../testing/documents.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import { requireUser } from './account/auth-guard.js';
import type { AppModule } from './module.js';
import { requireCompanyUser } from './registry/membership-guard.js';

/**
 * The authorization matrix: every route under the documents service prefix (documents, files, history, folders,
 * counterparties, and whatever is added there later), read from the app's own route registry, is called by
 * three outsiders with valid-looking input naming the victim company's resources:
 *
 * - anonymous: 401 UNAUTHORIZED;
 * - a member of another company with the victim's BIN: 403 FORBIDDEN;
 * - that member with their own BIN and the victim's resource ids: the very answer a non-existent id gets (404);
 *   a route that names no resource answers about the caller's own company and shows nothing of the victim's.
 *
 * Error bodies are `{code, message}` and nothing else; no answer contains the victim's names, numbers or ids'
 * data; the victim's rows are unchanged afterwards. A route under the prefix that this file cannot build a
 * request for (an unknown path parameter, a body or query without a fixture) fails the test by name, so a
 * new route cannot slip past: add its fixture below. Each such route must have an operationId.
 */
const PREFIX = `/proxy/${API_SERVICES.documents}/`;
/** The partner API's routes of a company (portal key management); its partner-backend routes have no :bin. */
const PARTNER_COMPANY_PREFIX = `/proxy/${API_SERVICES.partner}/api/v1/companies/`;
/** Routes of the self-test below: deliberately broken, under a prefix of their own. */
const PROBE_PREFIX = '/proxy/matrix-probe.test/';

const VICTIM_BIN = '990340005977';
const STRANGER_BIN = '020540003431';
/** A third company: the victim's document is sent to it, so the stranger is no participant. */
const SIGNER_BIN = '150940001238';
/** A counterparty number the requests use: neither the victim's nor the stranger's. */
const NEUTRAL_BIN = '920715401122';
/** An id no row has (within `integer`, so the database is asked). */
const MISSING_ID = 2_000_000_000;

/** Text that only the victim's data contains; no answer to an outsider may include any of it. */
const SECRET = {
  folder: 'Victim secret folder',
  counterparty: 'Victim secret counterparty',
  document: 'Victim secret document',
  apiKey: 'Victim secret API key',
};

/** Ids of a company's resources that a path or body may name. */
interface ResourceIds {
  folderId: number;
  counterpartyId: number;
  /** Present when the documents module is registered (its createDocument route made the fixture). */
  documentId?: number;
  fileId?: number;
  /** The start of that file's SHA-256, which the public stored-file verification needs besides the ids. */
  fileHash?: string;
  /** Present when the partner module is registered (its createApiKey route made the fixture). */
  apiKeyId?: string;
}

const missingIds = (id: number, apiKeyId: string): Required<ResourceIds> => ({
  folderId: id,
  counterpartyId: id,
  documentId: id,
  fileId: id,
  fileHash: '0'.repeat(16),
  apiKeyId,
});
const MISSING = missingIds(MISSING_ID, '00000000-0000-4000-8000-000000000000');
/** Ids a path accepts but no `integer` column can hold: missing too, and must answer alike (not 500). */
const BEYOND = missingIds(Number.MAX_SAFE_INTEGER, 'k'.repeat(64));

/** A request body: JSON, or multipart parts (document uploads). */
type Body = { json: unknown } | { multipart: Part[] };

/** Fills each path parameter from the ids; undefined when the ids lack it (no document fixture). */
const PATH_PARAMS: Record<string, (ids: ResourceIds) => number | string | undefined> = {
  folderId: (ids) => ids.folderId,
  counterpartyId: (ids) => ids.counterpartyId,
  id: (ids) => ids.documentId,
  fileId: (ids) => ids.fileId,
  keyId: (ids) => ids.apiKeyId,
};
const apiKeyBody = (): Body => ({
  json: { name: 'Matrix key', allowedOrigins: ['https://matrix.example.kz'] },
});

const counterpartyBody = (): Body => ({
  json: { identityNumber: NEUTRAL_BIN, nameRu: 'ТОО «Матрица»', emails: ['matrix@example.kz'] },
});
const draft = (name: string, signerBin: string) => ({
  name,
  signingMethod: 'PARALLEL',
  signers: [{ identityNumber: signerBin, email: 'signer@example.kz', nameRu: 'ТОО «Дала Софт»' }],
});
/** The parts of a document upload: the draft, then one PDF. */
const documentUpload = (name: string): Part[] =>
  uploadParts(draft(name, SIGNER_BIN), [{ filename: 'matrix.pdf', bytes: samplePdf() }]);
const pdfPart = (): Part => ({
  name: DOCUMENT_UPLOAD_PARTS.files,
  value: samplePdf(),
  filename: 'matrix.pdf',
  contentType: 'application/pdf',
});

/**
 * Valid-looking bodies by operationId: they pass validation, so only access decides the answer. Ids in them
 * come from the caller's ids (the victim's, or missing ones).
 */
const BODIES: Record<string, (ids: ResourceIds) => Body> = {
  createFolder: (ids) => ({ json: { name: 'Matrix folder', parentId: ids.folderId } }),
  updateFolder: () => ({ json: { name: 'Matrix folder', parentId: null } }),
  createCounterparty: counterpartyBody,
  updateCounterparty: counterpartyBody,
  createDocument: () => ({ multipart: documentUpload('Matrix document') }),
  updateDocument: () => ({ json: draft('Matrix document', SIGNER_BIN) }),
  addDocumentFiles: () => ({ multipart: [pdfPart()] }),
  moveDocumentToFolder: (ids) => ({ json: { folderId: ids.folderId } }),
  signDocument: (ids) => ({ json: { signatures: [{ fileId: ids.fileId ?? 1, cms: 'MIIBAA==' }] } }),
  rejectDocument: () => ({ json: { reason: 'Matrix reason' } }),
  resendSigningLink: () => ({ json: { identityNumber: SIGNER_BIN } }),
  createApiKey: apiKeyBody,
  updateApiKey: apiKeyBody,
  // Capability routes (no :bin): their path secret is the only credential.
  signByLink: () => ({ json: { signatures: [{ fileId: 1, cms: 'MIIBAA==' }] } }),
  rejectByLink: () => ({ json: { reason: 'Matrix reason' } }),
  putEgovSignatures: () => ({
    json: {
      signMethod: 'CMS_SIGN_ONLY',
      documentsToSign: [
        {
          id: 1,
          nameRu: 'a',
          nameKz: 'a',
          nameEn: 'a',
          meta: [],
          document: { file: { mime: 'x', data: 'MA==' } },
        },
      ],
    },
  }),
};

/**
 * Path secrets of public capability routes (personal signing links, eGov mobile QR sessions): such a route has
 * no :bin; with a made-up secret it must answer 404 like any unknown one, and show nothing.
 */
const CAPABILITY_PARAMS: Record<string, string> = {
  token: 'matrixUnknownToken0000000000000000000000000',
  sessionId: 'matrixUnknownSession000000000000000000000000',
};

/** Query strings of routes whose query has required fields, by operationId. */
const QUERIES: Record<string, string> = {
  listDocuments: `box=${DOCUMENT_BOXES[0]}`,
};

/** The operations this file must find under the prefix (so a renamed prefix cannot make it pass vacuously). */
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
];

/** A concrete request of a route: its URL (path and query) and body. */
interface Built {
  url: string;
  body?: Body;
}

/** How to call one route, or why this file cannot. */
type Plan =
  | {
      build: (bin: string, ids: ResourceIds) => Built | undefined;
      capability?: boolean;
      signedOnly?: boolean;
    }
  | { uncovered: string }
  | { exempt: string };

/** Routes of the service that hold no company's data at all, so there is nothing to refuse (with the reason). */
const PUBLIC_WITHOUT_DATA: Record<string, string> = {
  getSigningConfig: "NCALayer's address and the test-signer flag, the same for everyone",
  verifySignatures:
    'answers about the uploaded bytes only; a document signed here is found by its SHA-256, so only by someone ' +
    'who holds the document itself (the verification tests show an unsigned one answers DOCUMENT_NOT_SIGNED)',
};

/**
 * Public routes that name a document by its ids and answer only for a file that carries a signature: the
 * victim's document (sent, unsigned) must answer exactly like missing ids, to anybody.
 */
const PUBLIC_SIGNED_ONLY = new Set(['verifyStoredFile']);

/** Path parameters of the public verification route, from a company's resource ids. */
const PUBLIC_PATH_PARAMS: Record<string, (ids: ResourceIds) => number | undefined> = {
  docId: (ids) => ids.documentId,
  fileId: (ids) => ids.fileId,
};

function planFor(route: AnyRouteDefinition): Plan {
  const operation = route.operationId ?? '';
  const exempt = PUBLIC_WITHOUT_DATA[operation];
  if (exempt) return { exempt };
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  if (PUBLIC_SIGNED_ONLY.has(operation)) return signedOnlyPlan(route, names);
  const capability = names.find((name) => name in CAPABILITY_PARAMS);
  if (!names.includes('bin') && capability) return capabilityPlan(route, names);
  const unknown = names.filter((name) => name !== 'bin' && !(name in PATH_PARAMS));
  if (!names.includes('bin')) return { uncovered: 'no :bin in the path' };
  if (unknown.length > 0)
    return { uncovered: `no fixture for path parameter ${unknown.map((n) => `:${n}`).join(', ')}` };
  const bodyFor = BODIES[operation];
  if (route.body && !bodyFor && !route.body.safeParse(undefined).success)
    return { uncovered: 'no fixture body' };
  if (route.multipart && !bodyFor) return { uncovered: 'no fixture multipart body' };
  const query = QUERIES[operation];
  if (route.query && query === undefined && !route.query.safeParse({}).success) {
    return { uncovered: 'no fixture query' };
  }
  return {
    build(bin, ids): Built | undefined {
      let url = route.url;
      for (const name of names) {
        const value = name === 'bin' ? bin : PATH_PARAMS[name]?.(ids);
        if (value === undefined) return undefined;
        url = url.replace(`:${name}`, encodeURIComponent(String(value)));
      }
      url += `?lang=en${query ? `&${query}` : ''}`;
      const body = bodyFor?.(ids);
      return body ? { url, body } : { url };
    },
  };
}

/** How to call a capability route with made-up secrets (and its other ids missing). */
function capabilityPlan(route: AnyRouteDefinition, names: readonly string[]): Plan {
  const bodyFor = BODIES[route.operationId ?? ''];
  if (route.body && !bodyFor && !route.body.safeParse(undefined).success)
    return { uncovered: 'no fixture body' };
  return {
    capability: true,
    build(): Built | undefined {
      let url = route.url;
      for (const name of names) {
        const value = CAPABILITY_PARAMS[name] ?? (name in PATH_PARAMS ? String(MISSING_ID) : undefined);
        if (value === undefined) return undefined;
        url = url.replace(`:${name}`, encodeURIComponent(value));
      }
      const body = bodyFor?.(MISSING);
      return body ? { url: `${url}?lang=en`, body } : { url: `${url}?lang=en` };
    },
  };
}

/** How to call a public route that names a document by ids (no :bin, no body). */
function signedOnlyPlan(route: AnyRouteDefinition, names: readonly string[]): Plan {
  if (route.body || route.multipart) return { uncovered: 'no fixture body' };
  const unknown = names.filter((name) => !(name in PUBLIC_PATH_PARAMS));
  if (unknown.length > 0)
    return { uncovered: `no fixture for path parameter ${unknown.map((n) => `:${n}`).join(', ')}` };
  return {
    signedOnly: true,
    build(_bin, ids): Built | undefined {
      let url = route.url;
      for (const name of names) {
        const value = PUBLIC_PATH_PARAMS[name]?.(ids);
        if (value === undefined) return undefined;
        url = url.replace(`:${name}`, encodeURIComponent(String(value)));
      }
      // The victim's real hash: even with it, an unsigned document must answer like a missing one.
      return { url: `${url}?lang=en&sha256=${ids.fileHash ?? '0'.repeat(16)}` };
    },
  };
}

/** What the checker needs to know about the world the fixtures made. */
interface World {
  victim: CompanyMember;
  stranger: CompanyMember;
  victimIds: ResourceIds;
  /** Strings only the victim's data contains. */
  secrets: readonly string[];
}

/** The outcome of {@link checkRoutes}: how many route × caller cases ran, and every broken rule found. */
interface MatrixResult {
  cases: number;
  problems: string[];
}

function send(
  server: TestApp,
  method: string,
  built: Built,
  token?: string,
): Promise<LightMyRequestResponse> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const { url, body } = built;
  let payload: { payload?: string | Buffer; headers: Record<string, string> } = { headers: auth };
  if (body && 'json' in body) {
    payload = {
      payload: JSON.stringify(body.json),
      headers: { ...auth, 'content-type': 'application/json' },
    };
  } else if (body) {
    const encoded = multipart(body.multipart);
    payload = { payload: encoded.payload, headers: { ...auth, 'content-type': encoded.contentType } };
  }
  return server.app.inject({ method: method as 'GET', url, remoteAddress: '10.254.0.1', ...payload });
}

/** Checks every route of `routes` against the three outsiders; answers the broken rules rather than throwing. */
async function checkRoutes(
  server: TestApp,
  routes: readonly AnyRouteDefinition[],
  world: World,
): Promise<MatrixResult> {
  const problems: string[] = [];
  const uncovered: string[] = [];
  let cases = 0;
  const leaks = (res: LightMyRequestResponse) => world.secrets.filter((secret) => res.body.includes(secret));
  /** An error answer with exactly this status and code, a body of {code, message} only, and no secret. */
  const expectRefusal = (label: string, res: LightMyRequestResponse, status: number, code?: string) => {
    const body = res.json() as Record<string, unknown>;
    if (res.statusCode !== status)
      problems.push(`${label}: expected ${status}, got ${res.statusCode} ${res.body}`);
    if (code !== undefined && body.code !== code)
      problems.push(`${label}: expected ${code}, got ${res.body}`);
    if (Object.keys(body).sort().join() !== 'code,message') problems.push(`${label}: error body ${res.body}`);
    else if (!isErrorCode(body.code) || body.message !== errorMessage(body.code, 'en')) {
      problems.push(`${label}: message other than the catalogue's: ${res.body}`);
    }
    if (leaks(res).length > 0) problems.push(`${label}: shows ${leaks(res).join(', ')}`);
  };

  for (const route of routes) {
    const label = `${route.method} ${route.url}${route.operationId ? ` (${route.operationId})` : ''}`;
    if (!route.operationId) problems.push(`${label}: no operationId`);
    const plan = planFor(route);
    if ('uncovered' in plan) {
      uncovered.push(`${label}: ${plan.uncovered}`);
      continue;
    }
    if ('exempt' in plan) continue;
    if (plan.signedOnly) {
      const victims = plan.build(world.victim.bin, world.victimIds);
      const missing = plan.build(world.victim.bin, MISSING);
      const beyond = plan.build(world.victim.bin, BEYOND);
      if (!victims || !missing || !beyond) {
        uncovered.push(`${label}: no document fixture (createDocument is not registered)`);
        continue;
      }
      cases += 1;
      const unsignedLabel = `${label} anybody with the ids of an unsigned document`;
      const first = await send(server, route.method, victims);
      expectRefusal(unsignedLabel, first, 404);
      for (const other of [
        await send(server, route.method, victims, world.stranger.token),
        await send(server, route.method, missing),
        await send(server, route.method, beyond),
      ]) {
        if (other.statusCode !== first.statusCode || other.body !== first.body) {
          problems.push(`${unsignedLabel}: answers differ: ${first.body} vs ${other.body}`);
        }
      }
      continue;
    }
    if (plan.capability) {
      const built = plan.build(world.victim.bin, world.victimIds);
      if (!built) {
        uncovered.push(`${label}: no fixture for a path parameter`);
        continue;
      }
      cases += 1;
      const label404 = `${label} anonymous with an unknown capability`;
      expectRefusal(label404, await send(server, route.method, built), 404);
      const withToken = await send(server, route.method, built, world.stranger.token);
      expectRefusal(`${label} signed-in stranger with an unknown capability`, withToken, 404);
      continue;
    }
    const toVictim = plan.build(world.victim.bin, world.victimIds);
    const own = plan.build(world.stranger.bin, world.victimIds);
    const ownMissing = plan.build(world.stranger.bin, MISSING);
    const ownBeyond = plan.build(world.stranger.bin, BEYOND);
    if (!toVictim || !own || !ownMissing || !ownBeyond) {
      uncovered.push(`${label}: no document fixture (createDocument is not registered)`);
      continue;
    }

    cases += 1;
    expectRefusal(`${label} anonymous`, await send(server, route.method, toVictim), 401, 'UNAUTHORIZED');

    cases += 1;
    const crossing = await send(server, route.method, toVictim, world.stranger.token);
    expectRefusal(`${label} stranger with the victim's BIN`, crossing, 403, 'FORBIDDEN');

    cases += 1;
    const ownLabel = `${label} stranger with own BIN and the victim's ids`;
    const foreign = await send(server, route.method, own, world.stranger.token);
    const namesIds = JSON.stringify(own) !== JSON.stringify(ownMissing);
    if (namesIds) {
      expectRefusal(ownLabel, foreign, 404);
      const missing = await send(server, route.method, ownMissing, world.stranger.token);
      const beyond = await send(server, route.method, ownBeyond, world.stranger.token);
      for (const [what, other] of [
        ['a missing id', missing],
        ['an id beyond the integer range', beyond],
      ] as const) {
        if (foreign.statusCode !== other.statusCode || foreign.body !== other.body) {
          problems.push(
            `${ownLabel}: answers ${foreign.statusCode} ${foreign.body}, ${what} ${other.statusCode} ${other.body}`,
          );
        }
      }
    } else {
      // Nothing of the victim's is named: the caller's own company answers, without the victim's data.
      if (foreign.statusCode >= 500) problems.push(`${ownLabel}: ${foreign.statusCode} ${foreign.body}`);
      if (leaks(foreign).length > 0) problems.push(`${ownLabel}: shows ${leaks(foreign).join(', ')}`);
    }
  }
  if (uncovered.length > 0) {
    problems.push(
      `routes without a fixture mapping (add one in authorization-matrix.test.ts):\n  ${uncovered.join('\n  ')}`,
    );
  }
  return { cases, problems };
}

/** Every row, in any table, whose text mentions the company `bin`; to prove outsiders changed nothing. */
async function rowsMentioning(server: TestApp, bin: string): Promise<string[]> {
  const { db } = server.services.database;
  const { rows: tables } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  const found: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await sql<{ row: string }>`
      select t::text as row from ${sql.table(tablename)} t where strpos(t::text, ${bin}) > 0`.execute(db);
    found.push(...rows.map((row) => `${tablename}: ${row.row}`).sort());
  }
  return found;
}

/**
 * Broken routes for the self-test: each misses one rule the matrix must catch. They live under their own
 * prefix, so the real matrix does not see them.
 */
const brokenRoutesModule: AppModule = {
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

describe.each(testDatabases())('authorization matrix of the documents service on $name', (backend) => {
  let server: TestApp;
  let routesOf: () => readonly AnyRouteDefinition[] = () => [];
  let world: World;

  beforeAll(async () => {
    const registryProbe: AppModule = {
      name: 'route-registry-probe',
      register(context) {
        routesOf = context.routes;
      },
    };
    server = await createTestApp({
      backend,
      modules: [brokenRoutesModule, registryProbe],
      env: { RATE_LIMIT_MAX: '100000' },
    });
    const victim = await registerMember(server, 'victim@example.kz', VICTIM_BIN);
    const stranger = await registerMember(server, 'stranger@example.kz', STRANGER_BIN);
    world = { victim, stranger, victimIds: await victimFixtures(server, victim), secrets: [] };
    world.secrets = [...Object.values(SECRET), VICTIM_BIN, victim.userId, 'victim@example.kz'];
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The victim's folder (with a subfolder), counterparty and, when documents exist, a document sent to a third company. */
  async function victimFixtures(app: TestApp, victim: CompanyMember): Promise<ResourceIds> {
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
    return {
      ...ids,
      documentId: document.id,
      fileId: document.files[0]?.id,
      fileHash: document.files[0]?.sha256.slice(0, 16),
    };
  }

  const routesUnder = (prefix: string) => routesOf().filter((route) => route.url.startsWith(prefix));

  it('refuses every outsider on every route of the documents service, and leaks nothing', async () => {
    const routes = routesUnder(PREFIX);
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

  it("refuses every outsider on the partner API's company routes (API keys, webhook deliveries)", async () => {
    const routes = routesUnder(PARTNER_COMPANY_PREFIX);
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

  it('catches a route without auth, without a membership check, with an unscoped id, or without a fixture', async () => {
    const { problems } = await checkRoutes(server, routesUnder(PROBE_PREFIX), world);
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
