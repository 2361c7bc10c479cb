import { cabinetHomePath } from '@qoltanba/sdk';
import type { ComponentType, JSX } from 'react';
import { type RouteObject, replace, useParams } from 'react-router';
import { RootLayout } from '../layout/RootLayout';
import { RouteErrorScreen } from '../screens/RouteErrorScreen';
import { ScreenLoading } from '../screens/ScreenLoading';
import { ROUTE_PATHS } from './routePaths';
import { screenOf } from './routeScreens';
import { notFoundSibling, paramsSatisfyRules, ROUTE_TABLE, type RouteEntry } from './routeTable';

/** Options of {@link createPortalRoutes}. */
export interface PortalRoutesOptions {
  /** Current viewport width, read when the bare `/cabinet` is entered (default `window.innerWidth`). */
  viewportWidth?: () => number;
}

// Renders the screen when the path parameters satisfy the entry's rules, its not-found sibling otherwise.
function guarded(entry: RouteEntry, Screen: ComponentType, Fallback: ComponentType): ComponentType {
  function GuardedScreen(): JSX.Element {
    const params = useParams();
    return paramsSatisfyRules(entry, params) ? <Screen /> : <Fallback />;
  }
  return GuardedScreen;
}

function lazyScreen(entry: RouteEntry, siblings: readonly RouteEntry[]): RouteObject['lazy'] {
  const screen = screenOf(entry.name);
  if (!screen) return undefined;
  const notFound = entry.params ? notFoundSibling(siblings) : undefined;
  const fallback = notFound ? screenOf(notFound.name) : undefined;
  return async () => {
    const [module, fallbackModule] = await Promise.all([screen(), fallback?.()]);
    return {
      Component: fallbackModule ? guarded(entry, module.default, fallbackModule.default) : module.default,
    };
  };
}

function toRouteObjects(entries: readonly RouteEntry[], viewportWidth: () => number): RouteObject[] {
  return entries.map((entry): RouteObject => {
    const handle = { name: entry.name };
    if (entry.redirect === 'cabinetHome') {
      // The loader redirects before anything renders; the components only cover the wait.
      return {
        index: true,
        handle,
        loader: () => replace(cabinetHomePath(viewportWidth())),
        Component: ScreenLoading,
        HydrateFallback: ScreenLoading,
      };
    }
    const shared = { handle, lazy: lazyScreen(entry, entries), HydrateFallback: ScreenLoading };
    if (entry.index) return { ...shared, index: true };
    return {
      ...shared,
      path: entry.path,
      ...(entry.children ? { children: toRouteObjects(entry.children, viewportWidth) } : {}),
    };
  });
}

/**
 * Router objects for the whole portal: the root layout around every entry of the route table, each
 * screen (`routeScreens.ts`) loaded lazily, parameter rules enforced, and the bare `/cabinet` replaced by the right home.
 */
export function createPortalRoutes(options: PortalRoutesOptions = {}): RouteObject[] {
  const viewportWidth = options.viewportWidth ?? (() => window.innerWidth);
  const bare = ROUTE_TABLE.filter((entry) => entry.bare);
  const framed = ROUTE_TABLE.filter((entry) => !entry.bare);
  return [
    // Bare pages (the embed page) first: the root layout's catch-all must not take their paths.
    ...toRouteObjects(bare, viewportWidth).map((route) => ({ ...route, ErrorBoundary: RouteErrorScreen })),
    {
      path: ROUTE_PATHS.main,
      Component: RootLayout,
      ErrorBoundary: RouteErrorScreen,
      children: [{ ErrorBoundary: RouteErrorScreen, children: toRouteObjects(framed, viewportWidth) }],
    },
  ];
}
