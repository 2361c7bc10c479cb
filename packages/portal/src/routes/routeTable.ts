import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { ROUTE_NAMES, type RouteName } from './routeNames';

/** Status values the shared document list screen filters by (SPEC section 2). */
export type ListStatus = 'incoming' | 'outgoing' | 'draft' | 'trash';

/** What the shared document editor screen does. */
export type EditorMode = 'create' | 'edit' | 'draft' | 'copy';

/** A rule a path parameter must satisfy; a failing parameter makes the path a not-found. */
export type ParamRule = 'numeric';

/** A screen module: its default export is the screen component. */
export interface ScreenModule {
  default: ComponentType;
}

/** Loads a screen module on demand, so each screen is its own chunk. */
export type LazyScreen = () => Promise<ScreenModule>;

/** One entry of the route table: plain data, turned into router objects by `createPortalRoutes`. */
export interface RouteEntry {
  readonly name: RouteName;
  /** Path relative to the parent entry; absent on index entries. */
  readonly path?: string;
  readonly index?: true;
  /** Absent only on redirect entries. */
  readonly screen?: LazyScreen;
  /** `cabinetHome`: replace to the incoming list on wide screens, the mobile main page otherwise. */
  readonly redirect?: 'cabinetHome';
  readonly listStatus?: ListStatus;
  readonly editorMode?: EditorMode;
  readonly params?: Readonly<Record<string, ParamRule>>;
  readonly children?: readonly RouteEntry[];
}

const N = ROUTE_NAMES;
const NUMERIC_ID = { id: 'numeric' } as const;

const listScreen: LazyScreen = () => import('../screens/cabinet/DocumentListScreen');
const documentScreen: LazyScreen = () => import('../screens/cabinet/DocumentScreen');
const editorScreen: LazyScreen = () => import('../screens/cabinet/DocumentEditorScreen');
const tariffsScreen: LazyScreen = () => import('../screens/public/TariffsScreen');
const checkScreen: LazyScreen = () => import('../screens/public/CheckScreen');

/** The `/cabinet` children (SPEC section 2), relative to `/cabinet`. */
export const CABINET_ROUTES: readonly RouteEntry[] = [
  { name: N.CabinetIndex, index: true, redirect: 'cabinetHome' },
  { name: N.Incoming, path: 'incoming', screen: listScreen, listStatus: 'incoming' },
  { name: N.IncomingDoc, path: 'incoming/:id', screen: documentScreen, listStatus: 'incoming' },
  { name: N.Outgoing, path: 'outgoing', screen: listScreen, listStatus: 'outgoing' },
  { name: N.OutgoingDoc, path: 'outgoing/:id', screen: documentScreen, listStatus: 'outgoing' },
  { name: N.CreateDocument, path: 'create', screen: editorScreen, editorMode: 'create' },
  { name: N.EditDocument, path: 'edit/:id', screen: editorScreen, editorMode: 'edit', params: NUMERIC_ID },
  { name: N.Document, path: 'document/:id', screen: documentScreen },
  { name: N.Drafts, path: 'draft', screen: listScreen, listStatus: 'draft' },
  { name: N.DraftDoc, path: 'draft/:id', screen: editorScreen, editorMode: 'draft' },
  { name: N.Trash, path: 'trash', screen: listScreen, listStatus: 'trash' },
  { name: N.TrashDoc, path: 'trash/:id', screen: documentScreen, listStatus: 'trash' },
  { name: N.CabinetTariffs, path: 'tariffs', screen: tariffsScreen },
  { name: N.CabinetMain, path: 'main', screen: () => import('../screens/cabinet/MobileMainScreen') },
  { name: N.Services, path: 'services', screen: () => import('../screens/cabinet/ServicesScreen') },
  {
    name: N.Notification,
    path: 'notification',
    screen: () => import('../screens/cabinet/NotificationsScreen'),
  },
  { name: N.CopyDocument, path: 'copy/:id', screen: editorScreen, editorMode: 'copy', params: NUMERIC_ID },
  { name: N.Folder, path: 'folder/:id?', screen: () => import('../screens/cabinet/FolderScreen') },
  {
    name: N.Counterparty,
    path: 'counterparty',
    screen: () => import('../screens/cabinet/CounterpartyScreen'),
  },
  { name: N.Payments, path: 'payments', screen: () => import('../screens/cabinet/PaymentsScreen') },
  // Not in SPEC section 2 ("screens seen by name" only): our paths for the profile and the onboarding screens.
  { name: N.Profile, path: 'profile', screen: () => import('../screens/cabinet/ProfileScreen') },
  {
    name: N.OnboardingStart,
    path: 'onboarding',
    screen: () => import('../screens/onboarding/OnboardingStartScreen'),
  },
  { name: N.AddCompany, path: 'company/add', screen: () => import('../screens/onboarding/AddCompanyScreen') },
  {
    name: N.AttachCompany,
    path: 'company/attach',
    screen: () => import('../screens/onboarding/AttachCompanyScreen'),
  },
  { name: N.CabinetNotFound, path: '*', screen: () => import('../screens/cabinet/CabinetNotFoundScreen') },
];

/** Every portal route below the root layout (SPEC section 2), relative to `/`. */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  { name: N.Main, index: true, screen: () => import('../screens/public/LandingScreen') },
  {
    name: N.DocumentByHash,
    path: 'document/:id/by-hash',
    screen: () => import('../screens/public/DocumentByHashScreen'),
  },
  { name: N.Tariffs, path: 'tariffs', screen: tariffsScreen },
  { name: N.Check, path: 'check', screen: checkScreen },
  { name: N.CheckFile, path: 'check/:docId/:fileId', screen: checkScreen },
  {
    name: N.Cabinet,
    path: 'cabinet',
    screen: () => import('../cabinet/CabinetLayout'),
    children: CABINET_ROUTES,
  },
  { name: N.NotFound, path: '*', screen: () => import('../screens/public/NotFoundScreen') },
];

const PARAM_TESTS: Record<ParamRule, (value: string) => boolean> = {
  numeric: (value) => /^[0-9]+$/.test(value),
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
