// What the loader (dist/help-widget.js) and the panel module (dist/help/panel.js) say to each other. Both are
// built together and served side by side, so this is internal, not a public contract.
import type { Lang } from '@qoltanba/core';
import type { ResolvedOptions } from './loader/options';

/** What the loader gives the panel when it mounts it. */
export interface PanelHost {
  /** The shadow root the widget renders in (the panel adopts its own styles into it). */
  root: ShadowRoot;
  /** The element inside the shadow root the panel renders into; the loader shows and hides it. */
  container: HTMLElement;
  options: ResolvedOptions;
  lang: Lang;
  identity: string | null;
  /** Whether the panel is open now. */
  open: boolean;
  /** The number of unread operator messages, for the button's badge and the `unread` event. */
  setUnread(count: number): void;
  /** The panel's own close button: closes and returns focus to the launcher button. */
  requestClose(): void;
}

/** What the panel module answers to. */
export interface PanelController {
  /** Called after the loader showed (true) or hid (false) the container; on open, focus moves into the panel. */
  setOpen(open: boolean): void;
  setLanguage(lang: Lang): void;
  identify(identityToken: string | null): void;
}

/** The panel module's export. */
export interface PanelModule {
  mountPanel(host: PanelHost): PanelController;
}
