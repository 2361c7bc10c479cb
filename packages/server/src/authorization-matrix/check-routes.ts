import { errorMessage, isErrorCode } from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { AnyRouteDefinition } from '../http/route.js';
import type { CompanyMember } from '../testing/companies.js';
import { multipart } from '../testing/documents.js';
import type { TestApp } from '../testing/test-app.js';
import { BEYOND, MISSING, type ResourceIds } from './fixtures.js';
import { type Built, planFor } from './plans.js';

// The authorization matrix: every route under a prefix (the documents service: documents, files, history,
// folders, counterparties, signing, verification, external links, and whatever is added there later; the partner
// API's company routes), read from the app's own route registry, is called by three outsiders with valid-looking
// input naming the victim company's resources:
//
// - anonymous: 401 UNAUTHORIZED;
// - a member of another company with the victim's BIN: 403 FORBIDDEN;
// - that member with their own BIN and the victim's resource ids: the very answer a non-existent id gets (404);
//   a route that names no resource answers about the caller's own company and shows nothing of the victim's.
//
// Error bodies are `{code, message}` and nothing else; no answer contains the victim's names, numbers or ids'
// data; the victim's rows are unchanged afterwards. A route under the prefix that the matrix cannot build a
// request for (an unknown path parameter, a body or query without a fixture) fails the test by name, so a
// new route cannot slip past: add its fixture in fixtures.ts. Each such route must have an operationId.

/** What the checker needs to know about the world the fixtures made. */
export interface World {
  victim: CompanyMember;
  stranger: CompanyMember;
  victimIds: ResourceIds;
  /** Strings only the victim's data contains. */
  secrets: readonly string[];
}

/** The outcome of {@link checkRoutes}: how many route × caller cases ran, and every broken rule found. */
export interface MatrixResult {
  cases: number;
  problems: string[];
}

/** Sends `built` as `method`, with a bearer token when given, from one fixed address. */
function send(
  server: TestApp,
  method: string,
  built: Built,
  token?: string,
): Promise<LightMyRequestResponse> {
  const auth: Record<string, string> = {
    ...built.headers,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
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
export async function checkRoutes(
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
      if (plan.headerCapability) {
        const missing = plan.build(world.victim.bin, MISSING);
        const answer = missing ? await send(server, route.method, missing) : undefined;
        const victims = await send(server, route.method, built);
        if (!answer || answer.statusCode !== victims.statusCode || answer.body !== victims.body)
          problems.push(`${label404}: the victim's ids answer unlike missing ones: ${victims.body}`);
      }
      continue;
    }
    if (plan.idOwned) {
      const victims = plan.build(world.victim.bin, world.victimIds);
      const missing = plan.build(world.victim.bin, MISSING);
      const beyond = plan.build(world.victim.bin, BEYOND);
      if (!victims || !missing || !beyond) {
        uncovered.push(`${label}: no fixture of its resource (its module's routes are not registered)`);
        continue;
      }
      cases += 1;
      expectRefusal(`${label} anonymous`, await send(server, route.method, victims), 401, 'UNAUTHORIZED');
      cases += 1;
      const idLabel = `${label} stranger with the victim's id`;
      const foreign = await send(server, route.method, victims, world.stranger.token);
      expectRefusal(idLabel, foreign, 404);
      cases += 1;
      for (const [what, built] of [
        ['a missing id', missing],
        ['an id beyond the integer range', beyond],
      ] as const) {
        const other = await send(server, route.method, built, world.stranger.token);
        if (foreign.statusCode !== other.statusCode || foreign.body !== other.body) {
          problems.push(
            `${idLabel}: answers ${foreign.statusCode} ${foreign.body}, ${what} ${other.statusCode} ${other.body}`,
          );
        }
      }
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
      `routes without a fixture mapping (add one in authorization-matrix/fixtures.ts):\n  ${uncovered.join('\n  ')}`,
    );
  }
  return { cases, problems };
}

/** Every row, in any table, whose text mentions the company `bin`; to prove outsiders changed nothing. */
export async function rowsMentioning(server: TestApp, bin: string): Promise<string[]> {
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
