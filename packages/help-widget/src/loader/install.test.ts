import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_GLOBAL, HELP_HOST_TAG } from '../api';
import { HELP_QUEUE_STUB } from '../index';
import type { PanelHost, PanelModule } from '../panel-contract';
import { installHelpWidget } from './install';

type HelpWindow = Window & {
  [HELP_GLOBAL]?: ((...args: unknown[]) => void) & { q?: unknown[]; loaded?: boolean };
};
const win = window as HelpWindow;

/** A panel module that records what the loader asks of it. */
function fakePanel() {
  const calls: string[] = [];
  const hosts: PanelHost[] = [];
  const urls: string[] = [];
  const module: PanelModule = {
    mountPanel(host) {
      hosts.push(host);
      calls.push(`mount ${host.lang} open=${host.open} identity=${host.identity}`);
      host.container.append(Object.assign(document.createElement('button'), { textContent: 'inside' }));
      return {
        setOpen: (open) => calls.push(`setOpen ${open}`),
        setLanguage: (lang) => calls.push(`setLanguage ${lang}`),
        identify: (token) => calls.push(`identify ${token}`),
      };
    },
  };
  const importPanel = vi.fn(async (url: string) => {
    urls.push(url);
    return module;
  });
  return { calls, hosts, urls, importPanel };
}

function scriptTag(data: Record<string, string> = {}, src = 'https://qoltanba.test/widgets/help-widget.js') {
  const script = document.createElement('script');
  script.src = src;
  for (const [name, value] of Object.entries(data)) script.setAttribute(`data-${name}`, value);
  return script;
}

const host = () => document.querySelector(HELP_HOST_TAG) as HTMLElement;
const launcher = () => host().shadowRoot?.querySelector('button.launcher') as HTMLButtonElement;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.replaceChildren();
  document.head.replaceChildren();
  document.documentElement.lang = '';
  delete win[HELP_GLOBAL];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the queue stub', () => {
  it('replays the calls made before the script arrived, in order, then takes calls directly', async () => {
    new Function(HELP_QUEUE_STUB)();
    const seen: string[] = [];
    win.QoltanbaHelp?.('setLanguage', 'ru');
    win.QoltanbaHelp?.('on', 'open', () => seen.push('open event'));
    win.QoltanbaHelp?.('identify', 'identity-token');
    win.QoltanbaHelp?.('open');
    const panel = fakePanel();

    installHelpWidget(window, scriptTag(), panel.importPanel);
    await vi.waitFor(() => expect(panel.calls).toContain('setOpen true'));

    expect(seen).toEqual(['open event']);
    expect(panel.calls).toEqual(['mount ru open=true identity=identity-token', 'setOpen true']);
    expect(launcher().getAttribute('aria-label')).toBe('Помощь');
    expect(launcher().getAttribute('aria-expanded')).toBe('true');

    win.QoltanbaHelp?.('close');
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(panel.calls.at(-1)).toBe('setOpen false');
  });
});

describe('loading twice', () => {
  it('adds one button and keeps one global, whichever copy runs second', () => {
    const first = fakePanel();
    const installed = installHelpWidget(window, scriptTag(), first.importPanel);
    const again = installHelpWidget(window, scriptTag({ lang: 'en' }), fakePanel().importPanel);

    expect(document.querySelectorAll(HELP_HOST_TAG)).toHaveLength(1);
    expect(again).toBe(installed);
    expect(win[HELP_GLOBAL]).toBe(installed);
    // The second copy's options do not take over.
    expect(launcher().getAttribute('aria-label')).toBe('Көмек');
  });
});

describe('options', () => {
  it('runs with no data attributes at all: Kazakh, the right corner, the script origin, the panel beside it', async () => {
    const panel = fakePanel();
    installHelpWidget(
      window,
      scriptTag({}, 'https://cdn.qoltanba.test/widgets/help-widget.js?v=3'),
      panel.importPanel,
    );
    win.QoltanbaHelp?.('open');
    await vi.waitFor(() => expect(panel.hosts).toHaveLength(1));
    expect(panel.urls).toEqual(['https://cdn.qoltanba.test/widgets/help/panel.js']);
    expect(panel.hosts[0]?.options).toMatchObject({
      lang: 'kk',
      api: 'https://cdn.qoltanba.test',
      position: 'right',
      theme: 'auto',
      helpUrl: undefined,
      whatsapp: undefined,
      telegram: undefined,
    });
    expect(host().dataset.position).toBe('right');
  });

  it('falls back to defaults for invalid values and never throws', async () => {
    document.documentElement.lang = 'ru-RU';
    const panel = fakePanel();
    const script = scriptTag({
      lang: 'de',
      api: 'javascript:alert(1)',
      position: 'top',
      theme: 'sepia',
      'help-url': 'javascript:alert(2)',
      whatsapp: 'not a url',
      telegram: 'none',
    });
    expect(() => installHelpWidget(window, script, panel.importPanel)).not.toThrow();
    win.QoltanbaHelp?.('open');
    await vi.waitFor(() => expect(panel.hosts).toHaveLength(1));
    expect(panel.hosts[0]?.options).toMatchObject({
      // The page's own language when data-lang is not one of ours.
      lang: 'ru',
      api: 'https://qoltanba.test',
      position: 'right',
      theme: 'auto',
      helpUrl: undefined,
      whatsapp: undefined,
      telegram: null,
    });
  });

  it('ignores unknown commands and bad arguments with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installHelpWidget(window, scriptTag(), fakePanel().importPanel);
    expect(() => {
      win.QoltanbaHelp?.('explode');
      win.QoltanbaHelp?.('setLanguage', 'de');
      win.QoltanbaHelp?.('identify', 42);
      win.QoltanbaHelp?.('on', 'open', 'not a function');
    }).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(4);
    expect(launcher().getAttribute('aria-label')).toBe('Көмек');
  });
});

describe('the button and the panel', () => {
  it('loads the panel when the browser is idle, without opening it', async () => {
    const panel = fakePanel();
    installHelpWidget(window, scriptTag(), panel.importPanel);
    expect(panel.importPanel).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(panel.calls).toEqual(['mount kk open=false identity=null']);
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on click, closes on Escape with focus back on the button, and reports both', async () => {
    const panel = fakePanel();
    installHelpWidget(window, scriptTag(), panel.importPanel);
    const events: string[] = [];
    win.QoltanbaHelp?.('on', 'open', () => events.push('open'));
    win.QoltanbaHelp?.('on', 'close', () => events.push('close'));

    launcher().click();
    await vi.waitFor(() => expect(panel.calls).toContain('setOpen true'));
    const inside = host().shadowRoot?.querySelector('.slot button') as HTMLButtonElement;
    inside.focus();
    inside.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));

    expect(events).toEqual(['open', 'close']);
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(host().shadowRoot?.querySelector<HTMLElement>('.slot')?.hidden).toBe(true);
    expect(host().shadowRoot?.activeElement).toBe(launcher());
  });

  it('shows the unread count on the button and in its label, and reports it', async () => {
    const panel = fakePanel();
    installHelpWidget(window, scriptTag({ lang: 'en' }), panel.importPanel);
    const counts: number[] = [];
    win.QoltanbaHelp?.('on', 'unread', (count: number) => counts.push(count));
    await vi.advanceTimersByTimeAsync(2000);

    panel.hosts[0]?.setUnread(3);
    panel.hosts[0]?.setUnread(3);
    expect(counts).toEqual([3]);
    expect(launcher().getAttribute('aria-label')).toBe('Help. Unread messages: 3');
    expect(host().shadowRoot?.querySelector('.badge')?.textContent).toBe('3');

    win.QoltanbaHelp?.('setLanguage', 'ru');
    expect(launcher().getAttribute('aria-label')).toBe('Помощь. Непрочитанные сообщения: 3');
    expect(panel.calls.at(-1)).toBe('setLanguage ru');
  });

  it('closes when the panel load fails and tries again on the next open', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const panel = fakePanel();
    panel.importPanel.mockRejectedValueOnce(new Error('offline'));
    installHelpWidget(window, scriptTag(), panel.importPanel);
    win.QoltanbaHelp?.('open');
    await vi.waitFor(() => expect(launcher().getAttribute('aria-expanded')).toBe('false'));

    win.QoltanbaHelp?.('toggle');
    await vi.waitFor(() => expect(panel.calls).toContain('setOpen true'));
    expect(panel.importPanel).toHaveBeenCalledTimes(2);
  });

  it('waits for <body> when the script runs in <head> before it exists', () => {
    const body = document.body;
    body.remove();
    installHelpWidget(window, scriptTag(), fakePanel().importPanel);
    expect(document.querySelector(HELP_HOST_TAG)).toBeNull();
    document.documentElement.append(body);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.body.lastElementChild?.localName).toBe(HELP_HOST_TAG);
  });
});
