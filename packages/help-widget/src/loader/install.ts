import { HELP_GLOBAL, HELP_HOST_TAG, type QoltanbaHelpFunction } from '../api';
import { createHelpWidget, type PanelImporter } from './help-widget';
import { readOptions } from './options';
import { whenIdle } from './when-idle';

/** The global as the queue stub leaves it: calls made before the script arrived, in order. */
interface QueueStub {
  (...args: unknown[]): void;
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
}

/** The installed global: the stub's shape plus a mark that the real widget is here. */
export type InstalledHelp = QoltanbaHelpFunction & { loaded: true };

type HelpWindow = Window & { [HELP_GLOBAL]?: QueueStub };

const importModule: PanelImporter = (url) => import(/* @vite-ignore */ url);

/**
 * Installs the widget once per page: reads the options from `script`, defines `window.QoltanbaHelp`, replays the
 * calls the queue stub collected, adds the button when `<body>` exists and loads the panel when the browser is idle.
 * A second copy of the script finds the installed global and does nothing.
 */
export function installHelpWidget(
  win: Window,
  script: HTMLScriptElement | null,
  importPanel: PanelImporter = importModule,
): InstalledHelp | undefined {
  const global = (win as HelpWindow)[HELP_GLOBAL];
  if (global?.loaded || win.document.querySelector(HELP_HOST_TAG)) return global as InstalledHelp | undefined;
  const doc = win.document;
  const widget = createHelpWidget(doc, readOptions(script, doc), importPanel);
  // A call from the host page never throws back at it.
  const run = (command: unknown, args: readonly unknown[]) => {
    try {
      widget.command(command, args);
    } catch (error) {
      console.error(error);
    }
  };
  const help = ((command: unknown, ...args: unknown[]) => run(command, args)) as InstalledHelp;
  help.loaded = true;
  const queued = Array.from(global?.q ?? []);
  (win as HelpWindow)[HELP_GLOBAL] = help as unknown as QueueStub;
  for (const call of queued) {
    const [command, ...args] = Array.from(call);
    run(command, args);
  }
  const start = () => {
    widget.mount();
    whenIdle(win, () => void widget.loadPanel());
  };
  if (doc.body) start();
  else doc.addEventListener('DOMContentLoaded', start, { once: true });
  return help;
}
