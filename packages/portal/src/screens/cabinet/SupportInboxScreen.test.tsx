import { $supportInbox, $supportOperator, setLocale } from '@qoltanba/sdk';
import type { FakeServer } from '@qoltanba/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { renderPortal } from '../../test/renderPortal';
import { signInSdkFake } from '../../test/sdkSession';

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
const operator = (server: FakeServer) => server.support.grantOperator();
const conversations = () => screen.getByRole('list', { name: 'Conversations' });
const rows = () => within(conversations()).getAllByRole('link');
const messages = () => within(screen.getByRole('log', { name: 'Messages' })).getAllByRole('listitem');

describe('support inbox screen', () => {
  it('shows an operator the open conversations and the one they open; marks it read and sends the reply', async () => {
    let visitor = '';
    const { server } = await signInSdkFake((fake) => {
      operator(fake);
      visitor = fake.support.visitorWrites('Сәлем! Қол қою батырмасы жоқ.').visitorToken;
    });
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
    const [id] = [...server.support.conversations.keys()];
    expect(rows()[0]?.getAttribute('aria-current')).toBe('page');
    // Open and visible: read.
    await waitFor(() => expect(rows()[0]?.textContent).not.toContain('unread'));
    await waitFor(() =>
      expect(server.support.conversations.get(id ?? 0)?.operatorReadUpTo).toBeGreaterThan(0),
    );

    const field = await screen.findByRole('textbox', { name: 'Reply' });
    fireEvent.change(field, { target: { value: 'Сәлеметсіз бе! Құжатты ашыңыз.' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]?.textContent).toContain('Operator Aigerim');
    expect(server.support.conversations.get(id ?? 0)?.messages.map((m) => m.author)).toEqual([
      'visitor',
      'operator',
    ]);
    expect(visitor).not.toBe('');
  });

  it('shows live events: a new conversation joins the list, a new message joins the open thread', async () => {
    let first = '';
    const { server } = await signInSdkFake((fake) => {
      operator(fake);
      first = fake.support.visitorWrites('Бірінші').visitorToken;
    });
    const [id] = [...server.support.conversations.keys()];
    renderPortal(`/cabinet/support?conversation=${id}`);
    await waitFor(() => expect(messages()).toHaveLength(1));
    await waitFor(() => expect(server.support.openStreams()).toBe(1));

    server.support.visitorWrites('Жаңа келуші', { pageUrl: 'https://shop.kz' });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]?.textContent).toContain('Жаңа келуші');
    expect(rows()[0]?.textContent).toContain('1 unread');

    server.support.visitorWrites('Екінші хабарлама', { visitorToken: first });
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(messages()[1]?.textContent).toContain('Екінші хабарлама');
  });

  it('closes a conversation after confirming: it leaves the open list and takes no more replies', async () => {
    const { server } = await signInSdkFake((fake) => {
      operator(fake);
      fake.support.visitorWrites('Рақмет, шешілді');
    });
    const [id] = [...server.support.conversations.keys()];
    renderPortal(`/cabinet/support?conversation=${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Close conversation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByText('No open conversations')).toBeTruthy());
    expect(screen.getByText(/The conversation is closed/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull();
    expect(server.support.conversations.get(id ?? 0)?.status).toBe('closed');
    fireEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('marks read only while the page is visible', async () => {
    const { server } = await signInSdkFake((fake) => {
      operator(fake);
      fake.support.visitorWrites('Сіз қайдасыз?');
    });
    const [id] = [...server.support.conversations.keys()];
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
      expect(server.support.conversations.get(id ?? 0)?.operatorReadUpTo).toBe(0);
      setVisibility('visible');
      await waitFor(() => expect(rows()[0]?.textContent).not.toContain('unread'));
    } finally {
      setVisibility('visible');
    }
  }, 15_000); // Two waits on the live list: a loaded 2-core CI machine took over the default 5 s once.

  it('on a phone shows the list and the conversation as two screens', async () => {
    viewport()?.setViewport({ width: 390, height: 800 });
    await signInSdkFake((fake) => {
      operator(fake);
      fake.support.visitorWrites('Телефоннан');
    });
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
    await signInSdkFake();
    renderPortal('/cabinet/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'For operators only' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Cabinet sections' });
    expect(within(nav).queryByRole('link', { name: 'Support' })).toBeNull();
  });
});
