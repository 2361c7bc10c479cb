import type { Lang } from '@qoltanba/core';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Uploader } from '../chat/support-api';
import { createVisitorStore } from '../chat/visitor-store';
import type { ResolvedOptions } from '../loader/options';
import type { PanelHost } from '../panel-contract';
import {
  createFakeSupportServer,
  DEFAULT_HELP_CONFIG,
  type FakeSupportServer,
  ORIGIN,
} from '../test-support/fake-support-server';
import { mountPanel } from './panel';

function memoryStorage(): Storage {
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

interface Setup {
  lang?: Lang;
  identity?: string | null;
  options?: Partial<ResolvedOptions>;
  server?: FakeSupportServer;
  upload?: Uploader;
}

function mount(setup: Setup = {}) {
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

async function send(view: ReturnType<typeof mount>, text: string) {
  const textarea = view.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
  textarea.value = text;
  view.$<HTMLFormElement>('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('the links', () => {
  it('open the help page of the active language, and follow a language switch', async () => {
    const view = mount({ lang: 'ru' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.links()).toHaveLength(3));
    expect(view.links()).toEqual([
      ['Справочный центр', 'https://qoltanba.test/ru/help'],
      ['Написать в WhatsApp', 'https://wa.me/77001234567'],
      ['Написать в Telegram', 'https://t.me/qoltanba_support'],
    ]);
    expect(view.$('a')?.getAttribute('target')).toBe('_blank');
    expect(view.$('a')?.getAttribute('rel')).toBe('noopener noreferrer');

    view.panel.setLanguage('en');
    expect(view.links()[0]).toEqual(['Help centre', 'https://qoltanba.test/en/help']);
    expect(view.$('h2')?.textContent).toBe('How can we help?');
    expect(view.$('[role=dialog]')?.getAttribute('lang')).toBe('en');
  });

  it('take the page’s overrides: a help page template, a hidden WhatsApp, and never a javascript: URL', async () => {
    const server = createFakeSupportServer({
      config: { ...DEFAULT_HELP_CONFIG, telegram: 'javascript:alert(1)' },
    });
    const view = mount({
      server,
      lang: 'kk',
      options: { helpUrl: 'https://partner.test/{lang}/faq', whatsapp: null },
    });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));
    expect(view.links()).toEqual([['Анықтама орталығы', 'https://partner.test/kk/faq']]);
  });

  it('ask for nothing before the first open when the visitor never chatted', () => {
    const view = mount();
    expect(view.server.requests).toEqual([]);
  });
});

describe('the chat', () => {
  it('is hidden when the server has it off', async () => {
    const view = mount({
      server: createFakeSupportServer({ config: { ...DEFAULT_HELP_CONFIG, chat: false } }),
    });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.links()).toHaveLength(3));
    expect(view.$('.chat')?.hidden).toBe(true);
  });

  it('shows message text as text, never as HTML', async () => {
    const view = mount({ identity: 'identity-of-aigerim' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.server.openStreams()).toBe(1));
    const markup = '<img src=x onerror="window.hacked=1"><b>bold</b>';
    view.server.reply('user:identity-of-aigerim', markup);

    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(1));
    expect(view.$('.msg .text')?.textContent).toBe(markup);
    expect(view.$('.msg .who')?.textContent).toBe('Dana');
    expect(view.root.querySelector('.log img, .log b')).toBeNull();
  });

  it('sends on submit and keeps the draft and the focused control across a language switch', async () => {
    const view = mount({ lang: 'en' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));
    await send(view, 'Hello');
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg.visitor')).toHaveLength(1));
    expect(view.$('.msg .who')?.textContent).toBe('You');
    expect(view.$<HTMLTextAreaElement>('textarea')?.value).toBe('');

    const textarea = view.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
    textarea.value = 'draft';
    textarea.focus();
    view.panel.setLanguage('kk');
    expect(view.$<HTMLTextAreaElement>('textarea')?.value).toBe('draft');
    expect(view.root.activeElement).toBe(view.$('textarea'));
    expect(view.$('.msg .who')?.textContent).toBe('Сіз');
    expect(view.$('.send')?.textContent).toBe('Жіберу');
  });

  it('gives the focus to the message field when the send button sends (a disabled button would drop it)', async () => {
    const view = mount({ lang: 'en' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));
    const textarea = view.$<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
    const sendButton = view.$<HTMLButtonElement>('.send') as HTMLButtonElement;
    textarea.value = 'Hello';
    sendButton.focus();
    sendButton.click();
    expect(view.root.activeElement).toBe(textarea);
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg.visitor')).toHaveLength(1));
    expect(view.root.activeElement).toBe(textarea);

    const attachButton = view.$<HTMLButtonElement>('button[aria-label^="Attach"]') as HTMLButtonElement;
    attachButton.focus();
    const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    const pdf = new File(['%PDF-1.7\n'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [pdf], configurable: true });
    input.dispatchEvent(new Event('change'));
    expect(view.root.activeElement).toBe(textarea);
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg.visitor')).toHaveLength(2));
  });

  it('shows errors with the catalogue text of the active language', async () => {
    const server = createFakeSupportServer();
    const view = mount({
      lang: 'ru',
      server: {
        ...server,
        fetch: (input, init) =>
          String(input).endsWith('/my/messages') || String(input).endsWith('/visitors')
            ? Promise.reject(new TypeError('Failed to fetch'))
            : server.fetch(input, init),
      },
    });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));
    await send(view, 'Hello');
    await vi.waitFor(() =>
      expect(view.$('[role=alert] p')?.textContent).toBe(
        'Не удалось связаться с сервером. Проверьте подключение к интернету',
      ),
    );
    view.panel.setLanguage('en');
    expect(view.$('[role=alert] p')?.textContent).toBe(
      'Could not reach the server. Check your internet connection',
    );
  });

  it('shows the upload progress while an attachment is sent', async () => {
    let finish: () => void = () => undefined;
    const server = createFakeSupportServer();
    const slowUpload: Uploader = async (request) => {
      request.onProgress(0.5);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return server.upload(request);
    };
    const view = mount({ lang: 'en', server, upload: slowUpload });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));

    const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    const pdf = new File(['%PDF-1.7\n'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { value: [pdf], configurable: true });
    input.dispatchEvent(new Event('change'));

    await vi.waitFor(() => expect(view.$<HTMLProgressElement>('progress')?.getAttribute('value')).toBe('50'));
    expect(view.$('.upload span')?.textContent).toBe('Sending scan.pdf');
    expect(view.$<HTMLButtonElement>('.send')?.disabled).toBe(true);
    finish();
    await vi.waitFor(() => expect(view.$('.upload')?.hidden).toBe(true));
    expect(view.$('.msg .file')?.getAttribute('aria-label')).toBe('Download scan.pdf');
  });

  it('shows the newest messages of a long conversation and the earlier ones on demand, above them', async () => {
    const server = createFakeSupportServer();
    for (let n = 1; n <= 60; n += 1) server.reply('user:identity-of-aigerim', `answer ${n}`);
    const view = mount({ identity: 'identity-of-aigerim', server, lang: 'en' });
    view.panel.setOpen(true);
    const shown = () => Array.from(view.root.querySelectorAll('.msg .text')).map((text) => text.textContent);
    await vi.waitFor(() => expect(shown()).toHaveLength(50));
    expect(shown()[0]).toBe('answer 11');
    const earlier = Array.from(view.root.querySelectorAll<HTMLButtonElement>('button')).find(
      (button) => button.textContent === 'Earlier messages',
    );
    expect(earlier?.hidden).toBe(false);
    earlier?.click();
    await vi.waitFor(() => expect(shown()).toHaveLength(60));
    expect(shown().slice(0, 2)).toEqual(['answer 1', 'answer 2']);
    expect(shown().at(-1)).toBe('answer 60');
    expect(earlier?.hidden).toBe(true);
  });

  it('reports the unread count of a known user to the button, and closes with its close button', async () => {
    const server = createFakeSupportServer();
    server.reply('user:identity-of-aigerim', 'We answered while you were away');
    const view = mount({ identity: 'identity-of-aigerim', server });
    await vi.waitFor(() => expect(view.unread.at(-1)).toBe(1));

    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.unread.at(-1)).toBe(0));
    view.$<HTMLButtonElement>('.head button')?.click();
    expect(view.closes).toEqual([1]);
  });
});

describe('accessibility', () => {
  it('passes axe with messages, an attachment and an error shown (colours are checked in the browser spec)', async () => {
    const server = createFakeSupportServer();
    server.reply('user:identity-of-aigerim', 'Hello, how can we help?');
    const view = mount({ identity: 'identity-of-aigerim', server, lang: 'ru' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(1));
    const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['%PDF-1.7'], 'a.pdf')], configurable: true });
    input.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(2));
    await send(view, '   ');
    await vi.waitFor(() => expect(view.$('[role=alert] p')?.textContent).toBe('Введите текст сообщения'));

    const results = await axe.run(view.root.host, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
