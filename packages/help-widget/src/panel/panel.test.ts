import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Uploader } from '../chat/support-api';
import { backgroundOf, contrast, device, rgb, textContrasts } from '../test-support/contrast';
import { createFakeSupportServer, DEFAULT_HELP_CONFIG } from '../test-support/fake-support-server';
import { mount, send } from '../test-support/mount-panel';

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

// Themes are measured on the panel's real CSS (test-support/contrast.ts); the browser spec runs axe on both.

describe('themes', () => {
  afterEach(() => {
    device().prefersColorScheme = 'light';
  });

  it.each([
    ['auto', 'light', '#fff', 'light'],
    ['auto', 'dark', '#1b1f24', 'dark'],
    ['light', 'dark', '#fff', 'light'],
    ['dark', 'light', '#1b1f24', 'dark'],
    ['dark', 'dark', '#1b1f24', 'dark'],
  ] as const)('data-theme %s on a %s system gives the %s panel', (theme, scheme, background, colorScheme) => {
    device().prefersColorScheme = scheme;
    const view = mount({ options: { theme } });
    const dialog = view.$('[role=dialog]') as HTMLElement;
    expect(dialog.dataset.theme).toBe(theme);
    expect(getComputedStyle(dialog).backgroundColor).toBe(background);
    expect(getComputedStyle(dialog).getPropertyValue('color-scheme')).toBe(colorScheme);
  });

  it.each(['light', 'dark'] as const)(
    'the %s theme gives all text 4.5:1 and the message field 3:1',
    async (theme) => {
      const server = createFakeSupportServer();
      server.reply('user:identity-of-aigerim', 'Hello, how can we help?');
      const view = mount({ identity: 'identity-of-aigerim', server, lang: 'en', options: { theme } });
      view.panel.setOpen(true);
      await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(1));
      const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
      Object.defineProperty(input, 'files', { value: [new File(['%PDF-1.7'], 'a.pdf')], configurable: true });
      input.dispatchEvent(new Event('change'));
      await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(2));
      await send(view, '   ');
      await vi.waitFor(() => expect(view.$('[role=alert] p')?.textContent).toBeTruthy());

      const measured = textContrasts(view.root);
      // Each kind of text is there: title, links, the operator's and the visitor's messages, times, file, error.
      const kinds = new Set(measured.map(([kind]) => kind));
      for (const kind of [
        'h2.',
        'span.',
        'span.who',
        'p.text',
        'time.',
        'button.file',
        'p.',
        'button.send',
        'h3.',
      ])
        expect(kinds).toContain(kind);
      expect(measured.filter(([, ratio]) => ratio < 4.5)).toEqual([]);

      const textarea = view.$('textarea') as HTMLElement;
      const border = rgb(getComputedStyle(textarea).borderTopColor);
      expect(border).toBeDefined();
      const edge = (border ?? [0, 0, 0]).slice(0, 3) as [number, number, number];
      expect(contrast(edge, backgroundOf(textarea))).toBeGreaterThanOrEqual(3);
      expect(contrast(edge, backgroundOf(textarea.parentElement))).toBeGreaterThanOrEqual(3);
    },
  );
});
