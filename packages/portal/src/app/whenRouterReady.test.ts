import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { whenRouterReady } from './whenRouterReady';

/** A router whose only route's screen arrives when `release` is called. */
function routerWithLazyScreen() {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const router = createMemoryRouter([
    {
      path: '/',
      lazy: async () => {
        await arrived;
        return { Component: () => null };
      },
      HydrateFallback: () => null,
    },
  ]);
  return { router, release };
}

describe('whenRouterReady', () => {
  it("resolves once the first route's screen has loaded, not before", async () => {
    const { router, release } = routerWithLazyScreen();
    let ready = false;
    const waiting = whenRouterReady(router, 10_000).then(() => {
      ready = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready).toBe(false);
    release();
    await waiting;
    expect(router.state.initialized).toBe(true);
  });

  it('gives up after the wait, so a screen that never arrives still gets the loading screen', async () => {
    const { router } = routerWithLazyScreen();
    await whenRouterReady(router, 30);
    expect(router.state.initialized).toBe(false);
  });
});
