import { EXTERNAL_LINK_HEADER } from '@qoltanba/core';
import type { AnyRouteDefinition } from '../http/route.js';
import {
  BODIES,
  BODY_BIN,
  type Body,
  CAPABILITY_PARAMS,
  HEADER_CAPABILITIES,
  ID_OWNED,
  MADE_UP_LINK_TOKEN,
  MISSING,
  MISSING_ID,
  PATH_PARAMS,
  PUBLIC_PATH_PARAMS,
  PUBLIC_SIGNED_ONLY,
  PUBLIC_WITHOUT_DATA,
  QUERIES,
  QUERY_CAPABILITIES,
  type ResourceIds,
} from './fixtures.js';

// How the matrix calls each route, read from its definition: a company route with the fixtures' ids, a capability
// route with made-up secrets, a public route by document ids; or why it cannot (no fixture) or need not (no data).

/** A concrete request of a route: its URL (path and query) and body. */
export interface Built {
  url: string;
  body?: Body;
  headers?: Record<string, string>;
}

/** How to call one route, or why the matrix cannot. */
export type Plan =
  | {
      build: (bin: string, ids: ResourceIds) => Built | undefined;
      capability?: boolean;
      signedOnly?: boolean;
      /** The capability is a header: the victim's ids must answer like missing ones. */
      headerCapability?: boolean;
      /** The route names a resource by `:id` only: its company decides (401, then 404 like a missing id). */
      idOwned?: boolean;
    }
  | { uncovered: string }
  | { exempt: string };

/** How to call `route`, from its path parameters, body, query and operationId. */
export function planFor(route: AnyRouteDefinition): Plan {
  const operation = route.operationId ?? '';
  const exempt = PUBLIC_WITHOUT_DATA[operation];
  if (exempt) return { exempt };
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  if (PUBLIC_SIGNED_ONLY.has(operation)) return signedOnlyPlan(route, names);
  if (HEADER_CAPABILITIES.has(operation)) return headerCapabilityPlan(route, names);
  const queryCapability = QUERY_CAPABILITIES[operation];
  if (queryCapability !== undefined) return queryCapabilityPlan(route, names, queryCapability);
  const idOwned = ID_OWNED[operation];
  if (idOwned) return idOwnedPlan(route, names, idOwned);
  const capability = names.find((name) => name in CAPABILITY_PARAMS);
  if (!names.includes('bin') && capability) return capabilityPlan(route, names);
  const unknown = names.filter((name) => name !== 'bin' && !(name in PATH_PARAMS));
  if (!names.includes('bin') && !BODY_BIN.has(operation)) return { uncovered: 'no :bin in the path' };
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
      const body = bodyFor?.(ids, bin);
      return body ? { url, body } : { url };
    },
  };
}

/** How to call a route that names one resource by `:id` and no company: the resource's company decides. */
function idOwnedPlan(
  route: AnyRouteDefinition,
  names: readonly string[],
  idOf: (ids: ResourceIds) => number | undefined,
): Plan {
  if (route.body || route.multipart) return { uncovered: 'no fixture body' };
  if (names.some((name) => name !== 'id'))
    return { uncovered: 'an id-owned route has other path parameters' };
  return {
    idOwned: true,
    build(_bin, ids): Built | undefined {
      const id = idOf(ids);
      return id === undefined ? undefined : { url: `${route.url.replace(':id', String(id))}?lang=en` };
    },
  };
}

/** How to call a public capability route whose secret is in the query, with a made-up secret. */
function queryCapabilityPlan(route: AnyRouteDefinition, names: readonly string[], query: string): Plan {
  if (route.body || route.multipart || names.length > 0) return { uncovered: 'no fixture for its input' };
  return { capability: true, build: () => ({ url: `${route.url}?lang=en&${query}` }) };
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
      const body = bodyFor?.(MISSING, '');
      return body ? { url: `${url}?lang=en`, body } : { url: `${url}?lang=en` };
    },
  };
}

/** How to call a public route that names a document by ids and takes its secret in a header. */
function headerCapabilityPlan(route: AnyRouteDefinition, names: readonly string[]): Plan {
  if (route.body || route.multipart) return { uncovered: 'no fixture body' };
  const unknown = names.filter((name) => !(name in PATH_PARAMS));
  if (unknown.length > 0)
    return { uncovered: `no fixture for path parameter ${unknown.map((n) => `:${n}`).join(', ')}` };
  return {
    capability: true,
    headerCapability: true,
    build(_bin, ids): Built | undefined {
      let url = route.url;
      for (const name of names) {
        const value = PATH_PARAMS[name]?.(ids);
        if (value === undefined) return undefined;
        url = url.replace(`:${name}`, encodeURIComponent(String(value)));
      }
      return { url: `${url}?lang=en`, headers: { [EXTERNAL_LINK_HEADER]: MADE_UP_LINK_TOKEN } };
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
