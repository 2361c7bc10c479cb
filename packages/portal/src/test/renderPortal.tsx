import { type RenderResult, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createPortalRoutes } from '../routes/createPortalRoutes';

/** A rendered portal on a memory router, for tests. */
export interface RenderedPortal extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders the whole portal at `path` with a given viewport width (default 1400 px). */
export function renderPortal(path: string, options: { width?: number } = {}): RenderedPortal {
  const width = options.width ?? 1400;
  const router = createMemoryRouter(createPortalRoutes({ viewportWidth: () => width }), {
    initialEntries: [path],
  });
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}
