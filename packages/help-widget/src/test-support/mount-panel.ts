// Mounts the panel into a shadow root against the fake support server, as the loader would: the panel tests'
// harness.
import type { Lang } from '@qoltanba/core';
import type { Uploader } from '../chat/support-api';
import { createVisitorStore } from '../chat/visitor-store';
import type { ResolvedOptions } from '../loader/options';
import { mountPanel } from '../panel/panel';
import type { PanelHost } from '../panel-contract';
import { createFakeSupportServer, type FakeSupportServer, ORIGIN } from './fake-support-server';

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
  server?: FakeSupportServer;
  upload?: Uploader;
}

/** Mounts a closed panel; `$` queries its shadow root. */
export function mount(setup: Setup = {}) {
  const server = setup.server ?? createFakeSupportServer();
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
      api: ORIGIN,
      position: 'right',
      theme: 'auto',
      helpUrl: undefined,
      whatsapp: undefined,
      telegram: undefined,
      panelUrl: `${ORIGIN}/widgets/help/panel.js`,
      ...setup.options,
    },
    lang: setup.lang ?? 'kk',
    identity: setup.identity ?? null,
    open: false,
    setUnread: (count) => unread.push(count),
    requestClose: () => closes.push(1),
  };
  const panel = mountPanel(host, {
    fetch: server.fetch,
    upload: setup.upload ?? server.upload,
    visitors: createVisitorStore(memoryStorage()),
  });
  const $ = <E extends Element = HTMLElement>(selector: string) => root.querySelector<E>(selector);
  const links = () =>
    Array.from(root.querySelectorAll<HTMLAnchorElement>('.links a')).map((link) => [
      link.querySelector('span')?.textContent,
      link.href,
    ]);
  return { server, root, panel, unread, closes, $, links };
}

/** Types `text` into the message field and submits the form. */
export async function send(view: ReturnType<typeof mount>, text: string) {
  const textarea = view.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
  textarea.value = text;
  view.$<HTMLFormElement>('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
}
