import { type Lang, SUPPORT_PATHS, SUPPORT_SYSTEM_TEXTS } from '@qoltanba/core';
import { purgeClosedSupportConversations, testServerPerFile } from '@qoltanba/server/testing';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { device, textContrasts } from '../test-support/contrast';
import { mount, send, unmountPanels } from '../test-support/mount-panel';
import { type Owner, type SupportServer, supportServerOf } from '../test-support/support-server';

const MARKUP = '<img src=x onerror="window.hacked=1"><b>bold</b>';
/** The server's last message of a closed conversation, in its language (none given: Kazakh). */
const CLOSED_NOTICE = SUPPORT_SYSTEM_TEXTS.closed.kk;

const test = testServerPerFile();
let support: SupportServer;
/** aigerim, signed in on the page: her support identity token. */
let owner: Owner & { identity: string };

beforeEach(async () => {
  document.body.replaceChildren();
  support = supportServerOf(test.server);
  owner = { identity: await support.identityOf('aigerim') };
  test.server.calls.length = 0;
});
afterEach(unmountPanels);

/** aigerim has a closed conversation (its answer HTML-looking, then the close notice) and a current, open one. */
async function withHistory(): Promise<void> {
  await support.write(owner, 'My first question');
  await support.reply(owner, MARKUP);
  await support.close(owner);
  await support.write(owner, 'My second question');
  test.server.calls.length = 0;
}

async function openPanel(lang: Lang = 'en', theme: 'light' | 'dark' = 'light') {
  const view = mount(support, { identity: owner.identity, lang, options: { theme } });
  view.panel.setOpen(true);
  await vi.waitFor(() => expect(view.root.querySelectorAll('.chat:not(.history) .msg')).toHaveLength(1));
  return view;
}

const historyButton = (view: ReturnType<typeof mount>) =>
  view.$<HTMLButtonElement>('[data-key=history]') as HTMLButtonElement;
const byKey = (view: ReturnType<typeof mount>, key: string) =>
  view.$<HTMLButtonElement>(`.history [data-key="${key}"]`) as HTMLButtonElement;
const chatSection = (view: ReturnType<typeof mount>) => view.$('.chat:not(.history)') as HTMLElement;
const historySection = (view: ReturnType<typeof mount>) => view.$('.history') as HTMLElement;
const listed = (view: ReturnType<typeof mount>) =>
  Array.from(view.root.querySelectorAll<HTMLElement>('.conv'));
const pastTexts = (view: ReturnType<typeof mount>) =>
  Array.from(view.root.querySelectorAll('.history .msg .text')).map((text) => text.textContent);

async function openList(view: ReturnType<typeof mount>) {
  historyButton(view).click();
  await vi.waitFor(() => expect(historySection(view).querySelector('.past, [role=status]')).not.toBeNull());
}

describe('previous conversations', () => {
  it('are not offered to a visitor without a conversation, and nothing is asked for', async () => {
    const view = mount(support, { lang: 'en' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(chatSection(view).hidden).toBe(false));
    expect(historyButton(view).hidden).toBe(true);
    await send(view, 'Hello');
    await vi.waitFor(() => expect(view.root.querySelectorAll('.msg.visitor')).toHaveLength(1));
    expect(view.server.callsTo(SUPPORT_PATHS.myConversations)).toEqual([]);
  });

  it('are asked for only when the visitor opens the list, which leaves out the current conversation', async () => {
    await withHistory();
    const view = await openPanel();
    expect(historyButton(view).hidden).toBe(false);
    expect(historyButton(view).textContent).toBe('Previous conversations');
    expect(view.server.callsTo(SUPPORT_PATHS.myConversations)).toEqual([]);

    await openList(view);
    expect(view.server.callsTo(SUPPORT_PATHS.myConversations)).toHaveLength(1);
    const heading = view.$('.history h3') as HTMLElement;
    expect(heading.textContent).toBe('Previous conversations');
    expect(view.root.activeElement).toBe(heading);
    expect(chatSection(view).hidden).toBe(true);
    expect(listed(view)).toHaveLength(1);
    const [item] = listed(view);
    expect(item?.tagName).toBe('BUTTON');
    expect(item?.querySelector('.who')?.textContent).toMatch(/ · Closed$/);
    expect(item?.querySelector('.who')?.textContent).toContain(String(new Date().getFullYear()));
    // The excerpt is the last message: the server's close notice, which names no author.
    expect(item?.querySelector('.excerpt')?.textContent).toBe(CLOSED_NOTICE);
    expect(historySection(view).querySelector('img, b')).toBeNull();
  });

  it('are not offered when the view says there are none, and nothing is asked for', async () => {
    await support.write(owner, 'My only question');
    const view = await openPanel();
    expect(historyButton(view).hidden).toBe(true);
    expect(view.server.callsTo(SUPPORT_PATHS.myConversations)).toEqual([]);
  });

  it('say so when the list finds none after all (purged meanwhile), and the button goes once back', async () => {
    await withHistory();
    const view = await openPanel();
    expect(historyButton(view).hidden).toBe(false);
    await purgeClosedSupportConversations(test.server);
    await openList(view);
    expect(listed(view)).toEqual([]);
    expect(view.$('.history [role=status]')?.textContent).toBe('No earlier conversations');

    byKey(view, 'back').click();
    expect(chatSection(view).hidden).toBe(false);
    expect(historyButton(view).hidden).toBe(true);
    expect(view.root.activeElement).toBe(view.$('textarea'));
  });

  it('open read-only with their messages as text, and back returns to the current conversation', async () => {
    await withHistory();
    const view = await openPanel();
    await openList(view);
    listed(view)[0]?.click();

    await vi.waitFor(() => expect(pastTexts(view)).toEqual(['My first question', MARKUP, CLOSED_NOTICE]));
    expect(view.$('.history .msg.operator .text')?.textContent).toBe(MARKUP);
    expect(view.$('.history .msg.system .text')?.textContent).toBe(CLOSED_NOTICE);
    const heading = view.$('.history h3') as HTMLElement;
    expect(heading.textContent).toMatch(/^Conversation of .+/);
    expect(view.root.activeElement).toBe(heading);
    expect(historySection(view).querySelector('img, b, textarea, form')).toBeNull();
    expect(historySection(view).textContent).toContain('An earlier conversation is read-only');
    expect(chatSection(view).hidden).toBe(true);

    // Back to the list lands on the conversation the visitor opened; the list is not asked for again.
    byKey(view, 'list').click();
    expect(view.root.activeElement).toBe(listed(view)[0]);
    expect(view.server.callsTo(SUPPORT_PATHS.myConversations)).toHaveLength(1);
    listed(view)[0]?.click();
    await vi.waitFor(() => expect(pastTexts(view)).toHaveLength(3));

    byKey(view, 'back').click();
    expect(historySection(view).hidden).toBe(true);
    expect(chatSection(view).hidden).toBe(false);
    expect(view.root.activeElement).toBe(historyButton(view));
    expect(view.$<HTMLTextAreaElement>('textarea')?.closest('[hidden]')).toBeNull();
    expect(
      Array.from(chatSection(view).querySelectorAll('.msg .text')).map((text) => text.textContent),
    ).toEqual(['My second question']);
    await send(view, 'And a third');
    await vi.waitFor(() => expect(chatSection(view).querySelectorAll('.msg.visitor')).toHaveLength(2));
  });

  it('leave an operator answer unread while the visitor reads them, and read once back', async () => {
    await withHistory();
    const view = await openPanel();
    await openList(view);
    await support.reply(owner, 'An answer meanwhile');
    await vi.waitFor(() => expect(view.unread.at(-1)).toBe(1));
    expect(view.server.callsTo(SUPPORT_PATHS.myRead)).toEqual([]);

    byKey(view, 'back').click();
    await vi.waitFor(() => expect(view.server.callsTo(SUPPORT_PATHS.myRead)).toHaveLength(1));
    expect(view.unread.at(-1)).toBe(0);
    expect(chatSection(view).querySelectorAll('.msg .text')[1]?.textContent).toBe('An answer meanwhile');
  });

  // 60 messages written through the real routes: 10 s on a loaded machine, so twice the file's hang timeout.
  it('page back through a long earlier conversation with "Earlier messages"', {
    timeout: 40_000,
  }, async () => {
    await support.write(owner, 'old question');
    // 60 messages with the server's close notice: the question, 58 answers and the notice.
    for (let n = 1; n <= 58; n += 1) await support.reply(owner, `old answer ${n}`);
    await support.close(owner);
    await support.write(owner, 'A new question');
    const view = await openPanel();
    await openList(view);
    listed(view)[0]?.click();
    await vi.waitFor(() => expect(pastTexts(view)).toHaveLength(50));
    expect(pastTexts(view)[0]).toBe('old answer 10');

    const older = byKey(view, 'older');
    expect(older.textContent).toBe('Earlier messages');
    older.focus();
    older.click();
    await vi.waitFor(() => expect(pastTexts(view)).toHaveLength(60));
    expect(pastTexts(view).slice(0, 2)).toEqual(['old question', 'old answer 1']);
    expect(byKey(view, 'older')).toBeNull();
    // The button went away with nothing left: the focus stays in the panel, on the heading.
    expect(view.root.activeElement).toBe(view.$('.history h3'));
  });

  it.each([
    ['kk', 'Алдыңғы сөйлесулер', 'Ағымдағы сөйлесуге оралу', 'Жабылған', /күнгі сөйлесу$/],
    ['ru', 'Предыдущие разговоры', 'Вернуться к текущему разговору', 'Завершён', /^Разговор от /],
    ['en', 'Previous conversations', 'Back to the current conversation', 'Closed', /^Conversation of /],
  ] as const)('speak %s', async (lang, title, back, closed, pastTitle) => {
    await withHistory();
    const view = await openPanel(lang);
    expect(historyButton(view).textContent).toBe(title);
    await openList(view);
    expect(view.$('.history h3')?.textContent).toBe(title);
    expect(byKey(view, 'back').textContent).toBe(back);
    expect(listed(view)[0]?.querySelector('.who')?.textContent).toMatch(new RegExp(` · ${closed}$`));
    listed(view)[0]?.click();
    await vi.waitFor(() => expect(pastTexts(view)).toHaveLength(3));
    expect(view.$('.history h3')?.textContent).toMatch(pastTitle);
  });

  it('keep the view and the focus across a language switch', async () => {
    await withHistory();
    const view = await openPanel();
    await openList(view);
    view.panel.setLanguage('ru');
    expect(view.$('.history h3')?.textContent).toBe('Предыдущие разговоры');
    expect(view.root.activeElement).toBe(view.$('.history h3'));
    expect(chatSection(view).hidden).toBe(true);
    expect(listed(view)).toHaveLength(1);
  });

  it('show a failure with a retry, and go away when the identity changes', async () => {
    await withHistory();
    test.server.failNext(['GET', SUPPORT_PATHS.myConversations], { networkError: true });
    const view = mount(support, { identity: owner.identity, lang: 'en' });
    view.panel.setOpen(true);
    await vi.waitFor(() => expect(historyButton(view).hidden).toBe(false));
    historyButton(view).click();
    await vi.waitFor(() =>
      expect(view.$('[role=alert] p')?.textContent).toBe(
        'Could not reach the server. Check your internet connection',
      ),
    );
    view.$<HTMLButtonElement>('[role=alert] .send')?.click();
    await vi.waitFor(() => expect(listed(view)).toHaveLength(1));
    expect(view.$('[role=alert]')?.hidden).toBe(true);

    view.panel.identify(null);
    expect(historySection(view).hidden).toBe(true);
    expect(chatSection(view).hidden).toBe(false);
  });

  it('pass axe in the list and in an earlier conversation', async () => {
    await withHistory();
    const view = await openPanel('ru');
    await openList(view);
    const violations = async () =>
      (await axe.run(view.root.host, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(await violations()).toEqual([]);
    listed(view)[0]?.click();
    await vi.waitFor(() => expect(pastTexts(view)).toHaveLength(3));
    expect(await violations()).toEqual([]);
  });

  describe('themes', () => {
    afterEach(() => {
      device().prefersColorScheme = 'light';
    });

    it.each(['light', 'dark'] as const)(
      'the %s theme gives the list and a conversation 4.5:1',
      async (theme) => {
        await withHistory();
        const view = await openPanel('en', theme);
        await openList(view);
        const list = textContrasts(view.root);
        const kinds = new Set(list.map(([kind]) => kind));
        for (const kind of ['h3.', 'button.file', 'span.who', 'span.excerpt']) expect(kinds).toContain(kind);
        expect(list.filter(([, ratio]) => ratio < 4.5)).toEqual([]);

        listed(view)[0]?.click();
        await vi.waitFor(() => expect(pastTexts(view)).toHaveLength(3));
        const past = textContrasts(view.root);
        expect(new Set(past.map(([kind]) => kind))).toContain('p.text');
        expect(past.filter(([, ratio]) => ratio < 4.5)).toEqual([]);
      },
    );
  });
});
