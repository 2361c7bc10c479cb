import { Snackbar } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createPortalRoutes, type PortalRoutesOptions } from '../routes/createPortalRoutes';

/** The portal's data router. */
export type PortalRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the browser router over the portal routes. */
export function createPortalRouter(options?: PortalRoutesOptions): PortalRouter {
  return createBrowserRouter(createPortalRoutes(options));
}

/** The application root: the router and the single snackbar outlet. */
export function App({ router }: { router: PortalRouter }): JSX.Element {
  return (
    <>
      <RouterProvider router={router} />
      <Snackbar />
    </>
  );
}
