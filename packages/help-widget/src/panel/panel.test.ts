import { type HelpConfig, SUPPORT_PATHS } from '@qoltanba/core';
import { testServerPerFile } from '@qoltanba/server/testing';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Uploader } from '../chat/support-api';
import { backgroundOf, contrast, device, rgb, textContrasts } from '../test-support/contrast';
import { mount, type Setup, send, unmountPanels } from '../test-support/mount-panel';
import { type SupportServer, supportServerOf } from '../test-support/support-server';

/** The help links the server is configured with (its environment, as in production). */
const HELP_ENV = {
  QOLTANBA_HELP_URL_KK: 'https://qoltanba.test/kk/help',
  QOLTANBA_HELP_URL_RU: 'https://qoltanba.test/ru/help',
  QOLTANBA_HELP_URL_EN: 'https://qoltanba.test/en/help',
  QOLTANBA_SUPPORT_WHATSAPP: '77001234567',
  QOLTANBA_SUPPORT_TELEGRAM: 'qoltanba_support',
};

const test = testServerPerFile({ env: HELP_ENV });
let support: SupportServer;
/** aigerim's support identity token, as the portal gets it for her. */
let aigerim: string;
const open = (setup: Setup = {}) => mount(support, setup);
/** A small PDF the server takes as an attachment (it checks the content, not the name). */
const pdf = (name: string) => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });

beforeEach(async () => {
  document.body.replaceChildren();
  support = supportServerOf(test.server);
  aigerim = await support.identityOf('aigerim');
  test.server.calls.length = 0;
});
afterEach(unmountPanels);

describe('the links', () => {
  it('open the help page of the active language, and follow a language switch', async () => {
    const view = open({ lang: 'ru' });
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
    // A server never answers a javascript: link (its settings refuse one): a tampered answer stands in for it.
    test.server.intercept(['GET', SUPPORT_PATHS.helpConfig], async (call) => {
      const real = await test.server.directFetch(`${test.server.baseUrl}${call.path}`);
      const config = (await real.json()) as HelpConfig;
      return Response.json({ ...config, telegram: 'javascript:alert(1)' });
    });
    const view = open({
      lang: 'kk',
      options: { helpUrl: 'https://partner.test/{lang}/faq', whatsapp: null },
    });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));
    expect(view.links()).toEqual([['Анықтама орталығы', 'https://partner.test/kk/faq']]);
  });

  it('ask for nothing before the first open when the visitor never chatted', () => {
    const view = open();
    expect(view.server.calls).toEqual([]);
  });
});

describe('the chat', () => {
  describe('on a server with the chat off (QOLTANBA_SUPPORT_CHAT=false)', () => {
    const chatOff = testServerPerFile({ env: { ...HELP_ENV, QOLTANBA_SUPPORT_CHAT: 'false' } });

    it('is hidden', async () => {
      const view = mount(supportServerOf(chatOff.server));
      view.panel.setOpen(true);
      await vi.waitFor(() => expect(view.links()).toHaveLength(3));
      expect(view.$('.chat')?.hidden).toBe(true);
    });
  });

  it('shows message text as text, never as HTML', async () => {
    // aigerim wrote earlier, so the panel follows her conversation's events.
    await support.write({ identity: aigerim }, 'Сәлем');
    const view = open({ identity: aigerim });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.server.openStreams()).toBe(1));
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(1));
    const markup = '<img src=x onerror="window.hacked=1"><b>bold</b>';
    await support.reply({ identity: aigerim }, markup);

    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(2));
    expect(view.$('.msg.operator .text')?.textContent).toBe(markup);
    // The operator signs with their first name.
    expect(view.$('.msg.operator .who')?.textContent).toBe(test.server.world.users.operator.firstname);
    expect(view.root.querySelector('.log img, .log b')).toBeNull();
  });

  it('sends on submit and keeps the draft and the focused control across a language switch', async () => {
    const view = open({ lang: 'en' });
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
    const view = open({ lang: 'en' });
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
    Object.defineProperty(input, 'files', { value: [pdf('scan.pdf')], configurable: true });
    input.dispatchEvent(new Event('change'));
    expect(view.root.activeElement).toBe(textarea);
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg.visitor')).toHaveLength(2));
  });

  it('shows errors with the catalogue text of the active language', async () => {
    const { server } = test;
    server.failNext(['POST', SUPPORT_PATHS.visitors], { networkError: true });
    server.failNext(['POST', SUPPORT_PATHS.myMessages], { networkError: true });
    const view = open({ lang: 'ru' });
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
    const slowUpload: Uploader = async (request) => {
      request.onProgress(0.5);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return support.upload(request);
    };
    const view = open({ lang: 'en', upload: slowUpload });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.$('.chat')?.hidden).toBe(false));

    const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [pdf('scan.pdf')], configurable: true });
    input.dispatchEvent(new Event('change'));

    await vi.waitFor(() => expect(view.$<HTMLProgressElement>('progress')?.getAttribute('value')).toBe('50'));
    expect(view.$('.upload span')?.textContent).toBe('Sending scan.pdf');
    expect(view.$<HTMLButtonElement>('.send')?.disabled).toBe(true);
    finish();
    await vi.waitFor(() => expect(view.$('.upload')?.hidden).toBe(true));
    expect(view.$('.msg .file')?.getAttribute('aria-label')).toBe('Download scan.pdf');
  });

  it('shows the newest messages of a long conversation and the earlier ones on demand, above them', async () => {
    await support.write({ identity: aigerim }, 'question');
    for (let n = 1; n <= 59; n += 1) await support.reply({ identity: aigerim }, `answer ${n}`);
    const view = open({ identity: aigerim, lang: 'en' });
    view.panel.setOpen(true);
    const shown = () => Array.from(view.root.querySelectorAll('.msg .text')).map((text) => text.textContent);
    await vi.waitFor(() => expect(shown()).toHaveLength(50));
    expect(shown()[0]).toBe('answer 10');
    const earlier = Array.from(view.root.querySelectorAll<HTMLButtonElement>('button')).find(
      (button) => button.textContent === 'Earlier messages',
    );
    expect(earlier?.hidden).toBe(false);
    earlier?.click();
    await vi.waitFor(() => expect(shown()).toHaveLength(60));
    expect(shown().slice(0, 2)).toEqual(['question', 'answer 1']);
    expect(shown().at(-1)).toBe('answer 59');
    expect(earlier?.hidden).toBe(true);
  });

  it('reports the unread count of a known user to the button, and closes with its close button', async () => {
    await support.write({ identity: aigerim }, 'Are you there?');
    await support.reply({ identity: aigerim }, 'We answered while you were away');
    const view = open({ identity: aigerim });
    await vi.waitFor(() => expect(view.unread.at(-1)).toBe(1));

    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.unread.at(-1)).toBe(0));
    view.$<HTMLButtonElement>('.head button')?.click();
    expect(view.closes).toEqual([1]);
  });
});

describe('accessibility', () => {
  it('passes axe with messages, an attachment and an error shown (colours are checked in the browser spec)', async () => {
    await support.write({ identity: aigerim }, 'Сәлем');
    await support.reply({ identity: aigerim }, 'Hello, how can we help?');
    const view = open({ identity: aigerim, lang: 'ru' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(2));
    const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [pdf('a.pdf')], configurable: true });
    input.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(3));
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
    const view = open({ options: { theme } });
    const dialog = view.$('[role=dialog]') as HTMLElement;
    expect(dialog.dataset.theme).toBe(theme);
    expect(getComputedStyle(dialog).backgroundColor).toBe(background);
    expect(getComputedStyle(dialog).getPropertyValue('color-scheme')).toBe(colorScheme);
  });

  it.each(['light', 'dark'] as const)(
    'the %s theme gives all text 4.5:1 and the message field 3:1',
    async (theme) => {
      await support.write({ identity: aigerim }, 'Hello');
      await support.reply({ identity: aigerim }, 'Hello, how can we help?');
      const view = open({ identity: aigerim, lang: 'en', options: { theme } });
      view.panel.setOpen(true);
      await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(2));
      const input = view.$<HTMLInputElement>('input[type=file]') as HTMLInputElement;
      Object.defineProperty(input, 'files', { value: [pdf('a.pdf')], configurable: true });
      input.dispatchEvent(new Event('change'));
      await vi.waitFor(() => expect(view.root.querySelectorAll('.msg')).toHaveLength(3));
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
