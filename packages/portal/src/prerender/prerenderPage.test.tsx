import { setLocale } from '@qoltanba/sdk';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app/App';
import { whenRouterReady } from '../app/whenRouterReady';
import { createPortalRoutes } from '../routes/createPortalRoutes';
import { canHydrate, PRERENDERED_ATTRIBUTE } from './prerenderedRoute';
import { prerenderPage } from './prerenderPage';

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  container = undefined;
  setLocale('kk');
});

async function readyRouter(path: string) {
  const router = createMemoryRouter(createPortalRoutes({ viewportWidth: () => 400 }), {
    initialEntries: [path],
  });
  await whenRouterReady(router);
  return router;
}

/** The build's HTML of `path` in a `#root` marked with `route`, as build/prerender.mjs writes it. */
async function prerenderedContainer(path: string, route: string): Promise<HTMLElement> {
  const html = await prerenderPage(path);
  // Test-only: the build prerenders in a process of its own. Here the server renderer shares context objects with
  // the client's, and a render that waited for a lazy part (/check's dropzone) leaves its contexts pushed until
  // the next server render starts (the client would then see a router around its own); an empty one pops them.
  await prerender(null);
  const element = document.createElement('div');
  element.id = 'root';
  element.setAttribute(PRERENDERED_ATTRIBUTE, route);
  element.innerHTML = html;
  document.body.append(element);
  container = element;
  return element;
}

describe('prerenderPage', () => {
  it.each([
    ['/', 'main', 'Құжаттарға ЭЦҚ немесе eGov mobile арқылы онлайн қол қойыңыз'],
    ['/check', 'Check', 'Қолтаңбаны тексеру'],
    ['/cabinet/incoming', 'Cabinet', 'Кабинетке кіріңіз'],
  ])(
    '%s: the anonymous kk screen, which the app hydrates without a mismatch, keeping its nodes',
    async (path, route, title) => {
      setLocale('ru');
      const element = await prerenderedContainer(path, route);
      // The default language whatever the build machine's state, and the lazy parts rendered too (the dropzone).
      expect(element.querySelector('h1')?.textContent).toBe(title);
      if (path === '/check') expect(element.querySelector('input[type="file"]')).not.toBeNull();
      const heading = element.querySelector('h1');
      const header = element.querySelector('header');

      setLocale('kk');
      const router = await readyRouter(path);
      expect(canHydrate(element, { lang: 'kk', auth: { status: 'anonymous' }, router })).toBe(true);
      const errors: unknown[] = [];
      const consoleErrors = vi.spyOn(console, 'error');
      await act(async () => {
        root = hydrateRoot(
          element,
          <StrictMode>
            <App router={router} />
          </StrictMode>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      expect(errors).toEqual([]);
      // React's development build reports attribute mismatches (a useId that differs) only on the console.
      expect(consoleErrors.mock.calls.filter((call) => /hydrat/i.test(String(call[0])))).toEqual([]);
      expect(element.querySelector('h1')).toBe(heading);
      expect(element.querySelector('header')).toBe(header);
      if (path === '/cabinet/incoming') expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    },
  );
});

describe('canHydrate', () => {
  it('only for an anonymous visitor in the default language on the prerendered route, its screen loaded', async () => {
    const element = document.createElement('div');
    element.setAttribute(PRERENDERED_ATTRIBUTE, 'Check');
    const check = await readyRouter('/check');
    const anonymous = { status: 'anonymous' } as const;
    expect(canHydrate(element, { lang: 'kk', auth: anonymous, router: check })).toBe(true);
    expect(canHydrate(element, { lang: 'ru', auth: anonymous, router: check })).toBe(false);
    expect(canHydrate(element, { lang: 'kk', auth: { status: 'authenticated' }, router: check })).toBe(false);
    // `/check/:docId/:fileId` is answered by the same page but shows another screen.
    const stored = await readyRouter('/check/1/2?sha256=ab');
    expect(canHydrate(element, { lang: 'kk', auth: anonymous, router: stored })).toBe(false);
    const pending = createMemoryRouter(createPortalRoutes(), { initialEntries: ['/check'] });
    expect(canHydrate(element, { lang: 'kk', auth: anonymous, router: pending })).toBe(false);
    expect(canHydrate(document.createElement('div'), { lang: 'kk', auth: anonymous, router: check })).toBe(
      false,
    );
  });
});
