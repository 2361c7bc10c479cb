import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePortalT } from '../i18n';
import { resolveRoute } from '../routes/routeTable';

/** Formats the document title of a screen. */
export function documentTitle(screenTitle: string, brand: string): string {
  return `${screenTitle} · ${brand}`;
}

/**
 * Keeps `document.title` on the current route's name in the current language, and after each
 * client-side navigation moves focus to the main heading (or `<main>`) so screen readers announce it.
 */
export function useRouteAnnouncements(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const { t } = usePortalT();
  const shownPath = useRef<string | null>(null);
  const name = resolveRoute(pathname).name;

  useEffect(() => {
    document.title = documentTitle(t(`titles.${name}`), t('brand.name'));
  }, [name, t]);

  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    // On page load focus stays at the top so the skip link is the first stop.
    if (previous === null || previous === pathname) return;
    const main = mainRef.current;
    const heading = main?.querySelector<HTMLElement>('h1');
    (heading ?? main)?.focus();
  }, [pathname, mainRef]);
}
