// Mounts the panel into a shadow root against the real server in-process (support-server.ts), as the loader would:
// the panel tests' harness.
import type { Lang } from '@qoltanba/core';
import type { Uploader } from '../chat/support-api';
import { createVisitorStore } from '../chat/visitor-store';
import type { ResolvedOptions } from '../loader/options';
import { mountPanel } from '../panel/panel';
import type { PanelHost } from '../panel-contract';
import type { SupportServer } from './support-server';

/** A Storage kept in memory. */
export function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    length: 0,
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: () => null,
    removeItem: (key) => values.delete(key),
    setItem: (key, value) => values.set(key, value),
  };
}

/** What a test may set. */
export interface Setup {
  lang?: Lang;
  identity?: string | null;
  options?: Partial<ResolvedOptions>;
  upload?: Uploader;
}

// One server serves a test file: a panel of an earlier test must not reconnect into the next one's calls.
const mounted: Array<() => void> = [];

/** Cuts every mounted panel off the server (its requests fail as if offline): call it after each test. */
export function unmountPanels(): void {
  for (const cut of mounted.splice(0)) cut();
}

/** Mounts a closed panel talking to `support`'s server; `$` queries its shadow root. */
export function mount(support: SupportServer, setup: Setup = {}) {
  const { server, origin } = support;
  let live = true;
  mounted.push(() => {
    live = false;
  });
  const fetch: typeof globalThis.fetch = (input, init) =>
    live ? server.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch (the test is over)'));
  const element = document.createElement('div');
  document.body.append(element);
  const root = element.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  root.append(container);
  const unread: number[] = [];
  const closes: number[] = [];
  const host: PanelHost = {
    root,
    container,
    options: {
      lang: 'kk',
      api: origin,
      position: 'right',
      theme: 'auto',
      helpUrl: undefined,
      whatsapp: undefined,
      telegram: undefined,
      panelUrl: `${origin}/widgets/help/panel.js`,
      ...setup.options,
    },
    lang: setup.lang ?? 'kk',
    identity: setup.identity ?? null,
    open: false,
    setUnread: (count) => unread.push(count),
    requestClose: () => closes.push(1),
  };
  const panel = mountPanel(host, {
    fetch,
    upload: setup.upload ?? support.upload,
    visitors: createVisitorStore(memoryStorage()),
  });
  const $ = <E extends Element = HTMLElement>(selector: string) => root.querySelector<E>(selector);
  const links = () =>
    Array.from(root.querySelectorAll<HTMLAnchorElement>('.links a')).map((link) => [
      link.querySelector('span')?.textContent,
      link.href,
    ]);
  return { server, support, root, panel, unread, closes, $, links };
}

/** Types `text` into the message field and submits the form. */
export async function send(view: ReturnType<typeof mount>, text: string) {
  const textarea = view.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
  textarea.value = text;
  view.$<HTMLFormElement>('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
}
