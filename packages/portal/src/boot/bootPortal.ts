import {
  $locale,
  detectMobileApp,
  initErrorReporting,
  initLocale,
  trackLastProjectHref,
} from '@qoltanba/sdk';
import { lightTheme } from '@qoltanba/widgets';
import { loadPortalTexts } from '../i18n';

/** Inputs of {@link bootPortal}; all come from the browser in production and are injected in tests. */
export interface BootOptions {
  /** `location.search`, for `?lang=`. */
  search: string;
  userAgent: string;
  /** Domain for the `lang` and `lastProjectHref` cookies. */
  cookieDomain?: string | undefined;
  /** Error reporting runs only when this is `production`. */
  environment: string;
  doc?: Document;
  /**
   * The embed page inside a partner's iframe: the last page is not remembered (its address holds the token and
   * it is nobody's project page).
   */
  embedded?: boolean;
}

/** The attribute on `<html>` naming the mobile app platform; absent outside the app. */
export const APP_PLATFORM_ATTRIBUTE = 'data-app-platform';

/**
 * Everything the portal does once before the first render: language (query, cookie, kk) and its strings (the
 * active language's catalogue is fetched now and on each switch; main.tsx awaits it before the first render), `<html
 * lang>` kept in step, mobile-app platform attribute, theme class, the last-page cookie and error
 * reporting. Returns a cleanup that undoes the listeners.
 */
export function bootPortal(options: BootOptions): () => void {
  const doc = options.doc ?? document;
  initLocale({ search: options.search, cookieDomain: options.cookieDomain });
  const stopLang = $locale.subscribe((lang) => {
    doc.documentElement.lang = lang;
    // A failed fetch is retried on the next switch or render; the page keeps the language it has meanwhile.
    void loadPortalTexts(lang).catch(() => undefined);
  });

  const app = detectMobileApp(options.userAgent);
  if (app.inApp) doc.documentElement.setAttribute(APP_PLATFORM_ATTRIBUTE, app.platform);
  else doc.documentElement.removeAttribute(APP_PLATFORM_ATTRIBUTE);

  doc.body.classList.add(lightTheme);
  const stopTracking = options.embedded
    ? () => undefined
    : trackLastProjectHref({ domain: options.cookieDomain });
  const stopReporting = initErrorReporting({ environment: options.environment });

  return () => {
    stopLang();
    stopTracking();
    stopReporting();
    doc.body.classList.remove(lightTheme);
  };
}
