import { DEFAULT_LANG, HELP_WIDGET_SCRIPT, type Lang, normalizeLang } from '@qoltanba/core';
import type { HelpTheme } from '../api';

/** The widget's options after defaults: what the loader and the panel work with. */
export interface ResolvedOptions {
  lang: Lang;
  /** The Qoltanba origin (`https://qoltanba.kz`), no trailing slash. */
  api: string;
  position: 'right' | 'left';
  /** The panel's colours: `auto` follows the system's `prefers-color-scheme`. */
  theme: HelpTheme;
  /** Help page template (`{lang}` replaced), or undefined for the server's help pages. */
  helpUrl: string | undefined;
  /** WhatsApp link: a URL, `null` to hide it, undefined for the server's. */
  whatsapp: string | null | undefined;
  /** Telegram link: a URL, `null` to hide it, undefined for the server's. */
  telegram: string | null | undefined;
  /** Where the panel module is: `help/panel.js` beside the loader script. */
  panelUrl: string;
}

/** The panel module, relative to the loader's own address. */
export const PANEL_MODULE = 'help/panel.js';

/** An http(s) URL, absolute; undefined for anything else (`javascript:`, garbage). */
export function safeHttpUrl(value: string | null | undefined, base?: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The help page of `lang` from a `{lang}` template, if it is an http(s) URL. */
export function helpPageOf(template: string, lang: Lang): string | undefined {
  return safeHttpUrl(template.replaceAll('{lang}', lang));
}

// `none` hides a link; a valid URL replaces the server's; anything else keeps the server's.
function linkOverride(value: string | undefined): string | null | undefined {
  if (value?.trim().toLowerCase() === 'none') return null;
  return safeHttpUrl(value);
}

/**
 * Reads the options from the script tag's `data-*` attributes. Missing or invalid values fall back to defaults and
 * never throw: a host page's typo must not break the page.
 */
export function readOptions(script: HTMLScriptElement | null, doc: Document): ResolvedOptions {
  const data = script?.dataset ?? {};
  // Without its script element (injected oddly), the loader assumes our server's path on the page's origin.
  const pageUrl = safeHttpUrl(doc.location?.href) ?? 'http://localhost/';
  const scriptUrl = safeHttpUrl(script?.src) ?? new URL(HELP_WIDGET_SCRIPT, pageUrl).href;
  const api = new URL(safeHttpUrl(data.api) ?? scriptUrl).origin;
  const helpTemplate = data.helpUrl?.trim();
  const theme = data.theme?.trim().toLowerCase();
  return {
    lang: normalizeLang(data.lang) ?? normalizeLang(doc.documentElement?.lang) ?? DEFAULT_LANG,
    api,
    position: data.position?.trim().toLowerCase() === 'left' ? 'left' : 'right',
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
    helpUrl: helpTemplate && helpPageOf(helpTemplate, DEFAULT_LANG) ? helpTemplate : undefined,
    whatsapp: linkOverride(data.whatsapp),
    telegram: linkOverride(data.telegram),
    panelUrl: new URL(PANEL_MODULE, scriptUrl).href,
  };
}
