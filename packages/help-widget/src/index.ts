/**
 * @qoltanba/help-widget for applications with a bundler: adds the script tag (`dist/help-widget.js`, which the
 * Qoltanba server serves at `/widgets/help-widget.js`) and talks to it. Importing this module does nothing by itself,
 * and on a server (no `window`) every function is a harmless no-op.
 */
import { HELP_WIDGET_SCRIPT } from '@qoltanba/core';
import {
  HELP_GLOBAL,
  type HelpCommand,
  type HelpCommandMap,
  type HelpWidgetOptions,
  type QoltanbaHelpFunction,
} from './api';

export {
  HELP_GLOBAL,
  HELP_HOST_TAG,
  type HelpCommand,
  type HelpCommandMap,
  type HelpEventHandler,
  type HelpEventMap,
  type HelpEventName,
  type HelpTheme,
  type HelpWidgetOptions,
  type QoltanbaHelpFunction,
} from './api';

/**
 * The queue stub: defines `QoltanbaHelp` before the script arrives; calls made with it are kept and replayed in
 * order once the widget loads. Put it before the `async` script tag.
 */
export const HELP_QUEUE_STUB =
  'window.QoltanbaHelp=window.QoltanbaHelp||function q(...a){q.q=q.q||[];q.q.push(a)};';

/** Each option's `data-*` attribute on the script tag. */
export const HELP_DATA_ATTRIBUTES: Readonly<Record<keyof HelpWidgetOptions, string>> = {
  lang: 'data-lang',
  api: 'data-api',
  position: 'data-position',
  theme: 'data-theme',
  helpUrl: 'data-help-url',
  whatsapp: 'data-whatsapp',
  telegram: 'data-telegram',
};

/** Options of {@link loadHelpWidget} and {@link helpWidgetSnippet}: the widget's, plus where its script is. */
export interface HelpScriptOptions extends HelpWidgetOptions {
  /** The script's URL; `/widgets/help-widget.js` of the current origin by default (the portal's case). */
  src?: string;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function dataAttributes(options: HelpWidgetOptions): Array<[string, string]> {
  return (Object.keys(HELP_DATA_ATTRIBUTES) as Array<keyof HelpWidgetOptions>).flatMap((key) => {
    const value = options[key];
    return value === undefined ? [] : [[HELP_DATA_ATTRIBUTES[key], value] as [string, string]];
  });
}

/**
 * The HTML to paste into a page: the queue stub and the `async` script tag with the options as `data-*`.
 *
 * @example helpWidgetSnippet({ src: 'https://qoltanba.kz/widgets/help-widget.js', lang: 'ru' })
 */
export function helpWidgetSnippet(options: HelpScriptOptions = {}): string {
  const { src = HELP_WIDGET_SCRIPT, ...widget } = options;
  const attributes = dataAttributes(widget)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<script>${HELP_QUEUE_STUB}</script>\n<script async src="${escapeAttribute(src)}"${attributes}></script>`;
}

type HelpWindow = typeof globalThis & { [HELP_GLOBAL]?: QoltanbaHelpFunction & { loaded?: boolean } };

const browserWindow = (): HelpWindow | undefined =>
  typeof window === 'undefined' || typeof document === 'undefined' ? undefined : (window as HelpWindow);

function ensureQueueStub(win: HelpWindow): QoltanbaHelpFunction {
  // The same stub as HELP_QUEUE_STUB, without eval.
  if (!win[HELP_GLOBAL]) {
    const stub = (...args: unknown[]) => {
      stub.q.push(args);
    };
    stub.q = [] as unknown[][];
    win[HELP_GLOBAL] = stub as unknown as QoltanbaHelpFunction;
  }
  return win[HELP_GLOBAL] as QoltanbaHelpFunction;
}

/**
 * Calls the widget: `qoltanbaHelp('open')`, `qoltanbaHelp('identify', token)`. Before the script has loaded, the call
 * is queued and replayed when it arrives; on a server it does nothing.
 */
export function qoltanbaHelp<C extends HelpCommand>(command: C, ...args: HelpCommandMap[C]): void {
  const win = browserWindow();
  if (win) ensureQueueStub(win)(command, ...args);
}

let loading: Promise<QoltanbaHelpFunction | null> | undefined;

/**
 * Adds the widget's script tag once (a second call, or a tag already on the page, is reused) and resolves with the
 * global `QoltanbaHelp` when it has run; `null` on a server. A failed load removes its tag, so a later call retries.
 *
 * @example await loadHelpWidget({ lang: 'ru' }); qoltanbaHelp('identify', identityToken);
 */
export function loadHelpWidget(options: HelpScriptOptions = {}): Promise<QoltanbaHelpFunction | null> {
  const win = browserWindow();
  if (!win) return Promise.resolve(null);
  ensureQueueStub(win);
  loading ??= new Promise<QoltanbaHelpFunction | null>((resolve, reject) => {
    const installed = () => win[HELP_GLOBAL];
    if (installed()?.loaded) return resolve(installed() ?? null);
    const { src = HELP_WIDGET_SCRIPT, ...widget } = options;
    const url = new URL(src, document.baseURI).href;
    let script = Array.from(document.querySelectorAll('script')).find((candidate) => candidate.src === url);
    const adding = !script;
    if (!script) {
      script = document.createElement('script');
      script.async = true;
      script.src = url;
      for (const [name, value] of dataAttributes(widget)) script.setAttribute(name, value);
    }
    const tag = script;
    tag.addEventListener('load', () => resolve(installed() ?? null), { once: true });
    tag.addEventListener(
      'error',
      () => {
        tag.remove();
        loading = undefined;
        reject(new Error(`QoltanbaHelp: ${url} did not load`));
      },
      { once: true },
    );
    if (adding) document.head.append(tag);
  });
  return loading;
}
