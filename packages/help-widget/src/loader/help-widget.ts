import { type Lang, normalizeLang } from '@qoltanba/core';
import { HELP_HOST_TAG, type HelpEventMap, type HelpEventName } from '../api';
import type { PanelController, PanelModule } from '../panel-contract';
import { adoptCss } from '../shared/adopt-css';
import { LAUNCHER_CSS } from './launcher-css';
import { launcherLabel } from './launcher-texts';
import type { ResolvedOptions } from './options';

/** Loads the panel module (a dynamic `import()` of its URL; tests pass their own). */
export type PanelImporter = (url: string) => Promise<PanelModule>;

/** The loader side of the widget: the button, the open state, the events; the panel arrives later. */
export interface HelpWidget {
  /** Runs one `QoltanbaHelp(command, ...args)` call; unknown commands and bad arguments are ignored with a warning. */
  command(name: unknown, args: readonly unknown[]): void;
  /** Appends the host element to `<body>` (once). */
  mount(): void;
  /** Loads the panel module now (memoised; a failed load is tried again next time). */
  loadPanel(): Promise<PanelController | undefined>;
  /** The host element (appended by {@link HelpWidget.mount}). */
  readonly host: HTMLElement;
}

const ICONS =
  '<svg class="i-open" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 3h12a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-7l-5 4v-4H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3zm5 11v2h2v-2zm1-9a3.5 3.5 0 0 0-3.5 3.5h2A1.5 1.5 0 1 1 12 10c-.8 0-1 .6-1 1.3V13h2v-1.2c1.5-.5 2.5-1.6 2.5-3.3A3.5 3.5 0 0 0 12 5z"/></svg>' +
  '<svg class="i-close" viewBox="0 0 24 24" aria-hidden="true"><path d="M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z"/></svg>';

const warn = (message: string) => console.warn(`QoltanbaHelp: ${message}`);

/** Creates the widget for `options` in `doc`; nothing is shown before {@link HelpWidget.mount}. */
export function createHelpWidget(
  doc: Document,
  options: ResolvedOptions,
  importPanel: PanelImporter,
): HelpWidget {
  let open = false;
  let lang: Lang = options.lang;
  let identity: string | null = null;
  let unread = 0;
  let panel: PanelController | undefined;
  let loading: Promise<PanelController | undefined> | undefined;
  const listeners: { [E in HelpEventName]: Set<(payload: HelpEventMap[E]) => void> } = {
    open: new Set(),
    close: new Set(),
    unread: new Set(),
  };

  const host = doc.createElement(HELP_HOST_TAG);
  host.dataset.position = options.position;
  const root = host.attachShadow({ mode: 'open' });
  adoptCss(root, LAUNCHER_CSS);
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', 'panel');
  button.innerHTML = ICONS;
  const badge = doc.createElement('span');
  badge.className = 'badge';
  badge.hidden = true;
  badge.setAttribute('aria-hidden', 'true');
  button.append(badge);
  const container = doc.createElement('div');
  container.className = 'slot';
  container.id = 'panel';
  container.hidden = true;
  root.append(button, container);

  function emit<E extends HelpEventName>(event: E, payload: HelpEventMap[E]): void {
    for (const handler of listeners[event]) {
      try {
        handler(payload);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function renderButton(): void {
    button.setAttribute('aria-label', launcherLabel(lang, unread));
    // The label is in the widget's language, which need not be the page's.
    button.lang = lang;
    badge.hidden = unread === 0;
    badge.textContent = unread > 99 ? '99+' : String(unread);
  }

  function setOpen(next: boolean, returnFocus = false): void {
    if (next === open) return;
    const focusInside = root.activeElement !== null && root.activeElement !== button;
    open = next;
    button.setAttribute('aria-expanded', String(open));
    container.hidden = !open;
    if (open) {
      void loadPanel().then((loaded) => {
        if (open) loaded?.setOpen(true);
      });
    } else {
      panel?.setOpen(false);
      if (returnFocus || focusInside) button.focus();
    }
    emit(open ? 'open' : 'close', undefined);
  }

  function loadPanel(): Promise<PanelController | undefined> {
    loading ??= importPanel(options.panelUrl).then(
      (module) => {
        panel = module.mountPanel({
          root,
          container,
          options,
          lang,
          identity,
          open,
          setUnread(count) {
            if (count === unread) return;
            unread = count;
            renderButton();
            emit('unread', count);
          },
          requestClose: () => setOpen(false, true),
        });
        return panel;
      },
      (error: unknown) => {
        loading = undefined;
        warn(`the panel did not load (${String(error)})`);
        setOpen(false);
        return undefined;
      },
    );
    return loading;
  }

  // Escape closes the panel from anywhere inside the widget and gives focus back to the button.
  root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false, true);
    }
  });
  button.addEventListener('click', () => setOpen(!open));
  renderButton();

  function listen(args: readonly unknown[], add: boolean): void {
    const [event, handler] = args;
    if (typeof event !== 'string' || !(event in listeners) || typeof handler !== 'function') {
      warn(`${add ? 'on' : 'off'} needs an event (open, close, unread) and a function`);
      return;
    }
    const set = listeners[event as HelpEventName] as Set<unknown>;
    if (add) set.add(handler);
    else set.delete(handler);
  }

  return {
    host,
    loadPanel,
    mount() {
      if (!host.isConnected) doc.body.append(host);
    },
    command(name, args) {
      switch (name) {
        case 'open':
          return setOpen(true);
        case 'close':
          return setOpen(false);
        case 'toggle':
          return setOpen(!open);
        case 'setLanguage': {
          const next = typeof args[0] === 'string' ? normalizeLang(args[0]) : undefined;
          if (!next) return warn('setLanguage needs kk, ru or en');
          lang = next;
          renderButton();
          return panel?.setLanguage(lang);
        }
        case 'identify': {
          const token = args[0];
          if (token !== null && (typeof token !== 'string' || token.trim() === ''))
            return warn('identify needs an identity token or null');
          identity = token === null ? null : token.trim();
          return panel?.identify(identity);
        }
        case 'on':
          return listen(args, true);
        case 'off':
          return listen(args, false);
        default:
          warn(`unknown command ${String(name)}`);
      }
    },
  };
}
