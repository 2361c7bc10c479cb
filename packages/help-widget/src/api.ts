// The public contract of the script tag: the global's name, its commands and events, the data attributes. Pages in
// the wild call these by name, so changes are additive only (STYLE.md: the CDN script is a contract).
import type { Lang } from '@qoltanba/core';

/** The global function the script defines: `window.QoltanbaHelp(command, ...args)`. */
export const HELP_GLOBAL = 'QoltanbaHelp';

/** The element the widget renders into (its shadow root holds everything), appended to `<body>`. */
export const HELP_HOST_TAG = 'qoltanba-help';

/** Events a page can listen to with `QoltanbaHelp('on', event, handler)`, with the handler's argument. */
export interface HelpEventMap {
  /** The panel opened (by the button or the `open` command). */
  open: undefined;
  /** The panel closed (button, Escape, close button or the `close` command). */
  close: undefined;
  /** The number of operator messages the visitor has not read changed. */
  unread: number;
}

/** A help widget event name. */
export type HelpEventName = keyof HelpEventMap;

/** A handler of {@link HelpEventName} `E`. */
export type HelpEventHandler<E extends HelpEventName> = (payload: HelpEventMap[E]) => void;

/** The commands of `QoltanbaHelp(command, ...args)` and their arguments. */
export interface HelpCommandMap {
  /** Opens the panel (loading it first if needed). */
  open: [];
  /** Closes the panel; focus returns to the button when it was inside the panel. */
  close: [];
  /** Opens a closed panel, closes an open one. */
  toggle: [];
  /** Switches the interface language at run time (`kk`, `ru` or `en`; `kz` means `kk`). */
  setLanguage: [lang: Lang | 'kz'];
  /**
   * Ties the chat to a user: a server-signed identity token (`createSupportIdentityToken` for portal users,
   * `createPartnerSupportIdentityToken` for a partner's). `null` forgets it and keeps the anonymous visitor.
   */
  identify: [identityToken: string | null];
  /** Listens to an event (see {@link HelpEventMap}). */
  on: { [E in HelpEventName]: [event: E, handler: HelpEventHandler<E>] }[HelpEventName];
  /** Stops listening (the same handler that `on` was given). */
  off: { [E in HelpEventName]: [event: E, handler: HelpEventHandler<E>] }[HelpEventName];
}

/** A command name of `QoltanbaHelp`. */
export type HelpCommand = keyof HelpCommandMap;

/** The global `QoltanbaHelp` function, typed per command. */
export type QoltanbaHelpFunction = <C extends HelpCommand>(command: C, ...args: HelpCommandMap[C]) => void;

/** The panel's colour theme: `auto` follows the system's `prefers-color-scheme`. */
export type HelpTheme = 'light' | 'dark' | 'auto';

/** Options of the widget, as the script tag's `data-*` attributes spell them (see the README). */
export interface HelpWidgetOptions {
  /** `data-lang`: `kk`, `ru` or `en`; else the page's `<html lang>`, else Kazakh. */
  lang?: Lang;
  /** `data-api`: the Qoltanba origin the chat talks to; the script's own origin when absent. */
  api?: string;
  /** `data-position`: which bottom corner the button sits in (`right` by default). */
  position?: 'right' | 'left';
  /** `data-theme`: the panel's colours, `light`, `dark` or `auto` (the default: the system's colour scheme). */
  theme?: HelpTheme;
  /**
   * `data-help-url`: the help page instead of the server's; `{lang}` in it is replaced by the active language, so
   * the path can follow the language (`https://example.kz/{lang}/help`).
   */
  helpUrl?: string;
  /** `data-whatsapp`: a WhatsApp link instead of the server's (`https://wa.me/...`); `none` hides it. */
  whatsapp?: string;
  /** `data-telegram`: a Telegram link instead of the server's (`https://t.me/...`); `none` hides it. */
  telegram?: string;
}
