import type { Lang } from '@qoltanba/core';

// The help widget's global (`packages/help-widget`, served at core's HELP_WIDGET_SCRIPT). The portal only queues
// commands through it and never imports the widget's package; these are the commands it uses.

/** A command of the help widget, as the portal sends them. */
export type QoltanbaHelpCommand =
  /** The interface language (kk, ru, en). */
  | ['setLanguage', Lang]
  /** The signed-in user's support identity token, or null after logout (the chat falls back to the visitor). */
  | ['identify', string | null]
  | ['open']
  | ['close'];

/** `window.QoltanbaHelp`: the widget's command function, or the queue stub that holds calls until it loads. */
export interface QoltanbaHelpFunction {
  (...command: QoltanbaHelpCommand): void;
  /** Calls made before the script loaded, replayed by it in order. */
  q?: unknown[][];
}

declare global {
  interface Window {
    QoltanbaHelp?: QoltanbaHelpFunction;
  }
}
