import { SUPPORT_PATHS, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import {
  $supportInbox,
  $supportOperator,
  getSupportConversation,
  listSupportConversations,
  setLocale,
} from '@qoltanba/sdk';
import { ALFA, addUser, NEWCOMER, type WorldUser } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

/** A support operator who is also a member of ТОО Альфа (the cabinet is for users with a company). */
const DANA = {
  ...NEWCOMER,
  email: 'dana@example.kz',
  firstname: 'Дана',
  lastname: 'Серікова',
  companies: [ALFA],
  operator: true,
} as const satisfies WorldUser;

/** Dana signed in, with the visitor messages written before she opens the inbox. */
async function signInOperator() {
  await addUser(test.server, DANA);
  return test.signIn(DANA);
}

/**
 * A visitor of the help widget writes `text` (a new visitor unless `visitorToken` names one), through the real
 * routes; answers the visitor's token.
 */
async function visitorWrites(text: string, options: { visitorToken?: string; pageUrl?: string } = {}) {
  const { server } = test;
  const post = (path: string, init: RequestInit) =>
    server.directFetch(`${server.baseUrl}${path}`, { method: 'POST', ...init });
  const visitorToken =
    options.visitorToken ??
    ((await (await post(SUPPORT_PATHS.visitors, {})).json()) as { visitorToken: string }).visitorToken;
  const sent = await post(SUPPORT_PATHS.myMessages, {
    headers: { [SUPPORT_VISITOR_HEADER]: visitorToken, 'content-type': 'application/json' },
    body: JSON.stringify({ text, ...(options.pageUrl ? { pageUrl: options.pageUrl } : {}) }),
  });
  if (!sent.ok) throw new Error(`visitor message: ${sent.status} ${await sent.text()}`);
  return { visitorToken };
}

/** The one open conversation, as the operator's inbox lists it. */
async function onlyConversation() {
  const { items } = await listSupportConversations({ status: 'open' });
  const [conversation] = items;
  if (!conversation || items.length !== 1)
    throw new Error(`expected one open conversation, got ${items.length}`);
  return conversation;
}

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

afterEach(async () => {
  // The inbox follows a live stream: let go of it before the next test's server; its tab is kept otherwise.
  cleanStores($supportInbox, $supportOperator);
  await $supportInbox.setStatus('open');
  viewport()?.setViewport({ width: 1024, height: 768 });
});

// happy-dom's own window API: the viewport media queries read.
const viewport = () =>
  (window as { happyDOM?: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
const conversations = () => screen.getByRole('list', { name: 'Conversations' });
const rows = () => within(conversations()).getAllByRole('link');
const messages = () => within(screen.getByRole('log', { name: 'Messages' })).getAllByRole('listitem');

describe('support inbox screen', () => {
  it('shows an operator the open conversations and the one they open; marks it read and sends the reply', async () => {
    const { visitorToken: visitor } = await visitorWrites('Сәлем! Қол қою батырмасы жоқ.');
    await signInOperator();
    renderPortal('/cabinet/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support inbox' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Cabinet sections' })).getByRole('link', {
        name: 'Support',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('1 unread');
    expect(screen.getByText('Choose a conversation from the list to reply.')).toBeTruthy();

    fireEvent.click(rows()[0] as HTMLElement);
    await waitFor(() => expect(messages()).toHaveLength(1));
    const { id } = await onlyConversation();
    expect(rows()[0]?.getAttribute('aria-current')).toBe('page');
    // Open and visible: read.
    await waitFor(() => expect(rows()[0]?.textContent).not.toContain('unread'));
    await waitFor(async () => expect((await onlyConversation()).unreadCount).toBe(0));

    const field = await screen.findByRole('textbox', { name: 'Reply' });
    fireEvent.change(field, { target: { value: 'Сәлеметсіз бе! Құжатты ашыңыз.' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]?.textContent).toContain('Дана');
    expect((await getSupportConversation(id)).messages.map((m) => m.author)).toEqual(['visitor', 'operator']);
    expect(visitor).not.toBe('');
  });

  it('shows live events: a new conversation joins the list, a new message joins the open thread', async () => {
    const { visitorToken: first } = await visitorWrites('Бірінші');
    const { server } = await signInOperator();
    const { id } = await onlyConversation();
    renderPortal(`/cabinet/support?conversation=${id}`);
    await waitFor(() => expect(messages()).toHaveLength(1));
    // The inbox's stream and the header's unread-notifications counter.
    await waitFor(() => expect(server.openStreams()).toBe(2));

    await visitorWrites('Жаңа келуші', { pageUrl: 'https://shop.kz' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]?.textContent).toContain('Жаңа келуші');
    expect(rows()[0]?.textContent).toContain('1 unread');

    await visitorWrites('Екінші хабарлама', { visitorToken: first });
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]?.textContent).toContain('Екінші хабарлама');
  });

  it('closes a conversation after confirming: it leaves the open list and takes no more replies', async () => {
    await visitorWrites('Рақмет, шешілді');
    await signInOperator();
    const { id } = await onlyConversation();
    renderPortal(`/cabinet/support?conversation=${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Close conversation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByText('No open conversations')).toBeTruthy());
    expect(screen.getByText(/The conversation is closed/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect((await getSupportConversation(id)).conversation.status).toBe('closed');
    fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('marks read only while the page is visible', async () => {
    await visitorWrites('Сіз қайдасыз?');
    await signInOperator();
    const { id } = await onlyConversation();
    const setVisibility = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    setVisibility('hidden');
    try {
      renderPortal(`/cabinet/support?conversation=${id}`);
      await waitFor(() => expect(messages()).toHaveLength(1));
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(rows()[0]?.textContent).toContain('1 unread');
      expect((await onlyConversation()).unreadCount).toBe(1);
      setVisibility('visible');
      await waitFor(() => expect(rows()[0]?.textContent).not.toContain('unread'));
    } finally {
      setVisibility('visible');
    }
  }, 15_000); // Two waits on the live list: a loaded 2-core CI machine took over the default 5 s once.

  it('on a phone shows the list and the conversation as two screens', async () => {
    viewport()?.setViewport({ width: 390, height: 800 });
    await visitorWrites('Телефоннан');
    await signInOperator();
    const { router } = renderPortal('/cabinet/support', { width: 390 });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('Choose a conversation from the list to reply.')).toBeNull();
    fireEvent.click(rows()[0] as HTMLElement);
    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'All conversations' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(router.state.location.search).toBe('');
  });

  it('tells a user who is not an operator that the inbox is for operators, and offers no tab', async () => {
    await test.signIn();
    renderPortal('/cabinet/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'For operators only' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Cabinet sections' });
    expect(within(nav).queryByRole('link', { name: 'Support' })).toBeNull();
  });
});
