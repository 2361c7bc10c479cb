import { Snackbar } from '@qoltanba/widgets';
import type { JSX, ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createPortalRoutes, type PortalRoutesOptions } from '../routes/createPortalRoutes';

/** The portal's data router. */
export type PortalRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the browser router over the portal routes. */
export function createPortalRouter(options?: PortalRoutesOptions): PortalRouter {
  return createBrowserRouter(createPortalRoutes(options));
}

/**
 * What surrounds the router: the single snackbar outlet. Shared by the browser's {@link App} and the build's
 * prerender (its static router in the same place), so a prerendered page hydrates onto the same tree.
 */
export function AppFrame({ children }: { children: ReactNode }): JSX.Element {
  return (
    <>
      {children}
      <Snackbar />
    </>
  );
}

/** The application root: the router and the single snackbar outlet. */
export function App({ router }: { router: PortalRouter }): JSX.Element {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
