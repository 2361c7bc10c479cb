import { isLang } from '@qoltanba/core';
import { matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_NAMES, type RouteName } from './routeNames';
import { childPath, type PathName, ROUTE_PATHS } from './routePaths';

/** Status values the shared document list screen filters by (SPEC section 2). */
export type ListStatus = 'incoming' | 'outgoing' | 'draft' | 'trash';

/** What the shared document editor screen does. */
export type EditorMode = 'create' | 'edit' | 'draft' | 'copy';

/** A rule a path parameter must satisfy; a failing parameter makes the path a not-found. */
export type ParamRule = 'numeric' | 'lang';

/**
 * One entry of the route table: plain data, no screens (those are in `routeScreens.ts`), so screens may read
 * the table without an import circle. `createPortalRoutes` joins the two into router objects.
 */
export interface RouteEntry {
  readonly name: RouteName;
  /** Path relative to the parent entry, taken from `ROUTE_PATHS`; `*` on catch-alls; absent on index entries. */
  readonly path?: string;
  readonly index?: true;
  /** `cabinetHome`: replace to the incoming list on wide screens, the mobile main page otherwise. */
  readonly redirect?: 'cabinetHome';
  readonly listStatus?: ListStatus;
  readonly editorMode?: EditorMode;
  readonly params?: Readonly<Record<string, ParamRule>>;
  /** Rendered without the root layout (no header, footer or auth dialog): the embed page inside a partner's iframe. */
  readonly bare?: true;
  readonly children?: readonly RouteEntry[];
}

type EntryDetails = Omit<RouteEntry, 'name' | 'path'>;

const N = ROUTE_NAMES;
const NUMERIC_ID = { id: 'numeric' } as const;

// An entry at `name`'s address, relative to its parent's.
const below =
  (parent: string) =>
  (name: PathName, details: EntryDetails = {}): RouteEntry => ({
    name,
    path: childPath(parent, name),
    ...details,
  });
const inCabinet = below(ROUTE_PATHS.Cabinet);
const atRoot = below(ROUTE_PATHS.main);

/** The `/cabinet` children (SPEC section 2), relative to `/cabinet`. */
export const CABINET_ROUTES: readonly RouteEntry[] = [
  { name: N.CabinetIndex, index: true, redirect: 'cabinetHome' },
  inCabinet(N.Incoming, { listStatus: 'incoming' }),
  inCabinet(N.IncomingDoc, { listStatus: 'incoming' }),
  inCabinet(N.Outgoing, { listStatus: 'outgoing' }),
  inCabinet(N.OutgoingDoc, { listStatus: 'outgoing' }),
  inCabinet(N.CreateDocument, { editorMode: 'create' }),
  inCabinet(N.EditDocument, { editorMode: 'edit', params: NUMERIC_ID }),
  inCabinet(N.Document),
  inCabinet(N.Drafts, { listStatus: 'draft' }),
  inCabinet(N.DraftDoc, { editorMode: 'draft' }),
  inCabinet(N.Trash, { listStatus: 'trash' }),
  inCabinet(N.TrashDoc, { listStatus: 'trash' }),
  inCabinet(N.CabinetTariffs),
  inCabinet(N.CabinetMain),
  inCabinet(N.Services),
  inCabinet(N.Notification),
  inCabinet(N.CopyDocument, { editorMode: 'copy', params: NUMERIC_ID }),
  inCabinet(N.Folder),
  inCabinet(N.Counterparty),
  inCabinet(N.Payments),
  // Not in SPEC section 2 ("screens seen by name" only): our paths for the profile and the onboarding screens.
  inCabinet(N.Profile),
  inCabinet(N.OnboardingStart),
  inCabinet(N.AddCompany),
  inCabinet(N.AttachCompany),
  // Ours (issue 10): the company administrator's partner API keys.
  inCabinet(N.ApiKeys),
  // Ours (issue 11): the support operators' inbox.
  inCabinet(N.SupportInbox),
  { name: N.CabinetNotFound, path: '*' },
];

/** Every portal route below the root layout (SPEC section 2), relative to `/`. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { name: N.Main, index: true },
  atRoot(N.DocumentByHash),
  atRoot(N.SigningLink),
  atRoot(N.ApprovalLink),
  atRoot(N.Embed, { bare: true }),
  atRoot(N.Tariffs),
  atRoot(N.Check),
  atRoot(N.CheckFile),
  atRoot(N.Help, { params: { lang: 'lang' } }),
  atRoot(N.Cabinet, { children: CABINET_ROUTES }),
  { name: N.NotFound, path: '*' },
];

const PARAM_TESTS: Record<ParamRule, (value: string) => boolean> = {
  numeric: (value) => /^[0-9]+$/.test(value),
  lang: (value) => isLang(value),
};

/** Whether the matched path parameters satisfy the entry's rules (e.g. numeric ids on edit/copy). */
export function paramsSatisfyRules(
  entry: RouteEntry,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  if (!entry.params) return true;
  return Object.entries(entry.params).every(([key, rule]) => {
    const value = params[key];
    return value !== undefined && PARAM_TESTS[rule](value);
  });
}

/** The catch-all (`*`) entry among siblings: where a path that breaks a parameter rule ends up. */
export function notFoundSibling(siblings: readonly RouteEntry[]): RouteEntry | undefined {
  return siblings.find((entry) => entry.path === '*');
}

/** A pathname resolved against the route table. */
export interface ResolvedRoute {
  name: RouteName;
  entry: RouteEntry;
  params: Readonly<Record<string, string | undefined>>;
}

interface MatchHandle {
  entry: RouteEntry;
  siblings: readonly RouteEntry[];
}

function toMatchable(entries: readonly RouteEntry[]): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const handle: MatchHandle = { entry, siblings: entries };
    if (entry.index) return { index: true, handle };
    return { path: entry.path, handle, ...(entry.children ? { children: toMatchable(entry.children) } : {}) };
  });
}

const MATCHABLE = toMatchable(ROUTE_TABLE);

/**
 * Resolves a pathname to the route the portal shows, applying parameter rules the way the router does.
 * @example resolveRoute('/cabinet/edit/abc').name // 'CabinetNotFound'
 */
export function resolveRoute(pathname: string, table: readonly RouteEntry[] = ROUTE_TABLE): ResolvedRoute {
  const routes = table === ROUTE_TABLE ? MATCHABLE : toMatchable(table);
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1);
  if (!last) {
    const fallback = notFoundSibling(table);
    if (!fallback) throw new Error(`No route and no catch-all for ${pathname}`);
    return { name: fallback.name, entry: fallback, params: {} };
  }
  const { entry, siblings }: MatchHandle = last.route.handle;
  if (!paramsSatisfyRules(entry, last.params)) {
    const fallback = notFoundSibling(siblings) ?? notFoundSibling(table);
    if (fallback) return { name: fallback.name, entry: fallback, params: last.params };
  }
  return { name: entry.name, entry, params: last.params };
}
