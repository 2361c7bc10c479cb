import { HELP_WIDGET_SCRIPT, SUPPORT_PATHS } from '@qoltanba/core';
import { logout, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { renderPortal } from '../test/renderPortal';
import { portalServerPerFile } from '../test/serverSession';
import { HELP_WIDGET_SCRIPT_ID } from './helpWidget';

const test = portalServerPerFile();

const queued = () => window.QoltanbaHelp?.q ?? [];
const scripts = () => [
  ...document.querySelectorAll<HTMLScriptElement>(`script[src$="${HELP_WIDGET_SCRIPT}"]`),
];

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

afterEach(() => {
  delete window.QoltanbaHelp;
  for (const script of scripts()) script.remove();
});

describe('the help widget on every page', () => {
  it('adds one async script tag with the language, after the queue stub, on public pages', async () => {
    await test.start(null);
    const { unmount } = renderPortal('/');
    await screen.findByRole('heading', { level: 1 });
    const [script, ...more] = scripts();
    expect(more).toEqual([]);
    expect([script?.async, script?.dataset.lang, script?.dataset.theme, script?.id]).toEqual([
      true,
      'en',
      'light',
      HELP_WIDGET_SCRIPT_ID,
    ]);
    expect(queued()).toEqual([['setLanguage', 'en']]);
    // A second mount of the app shell keeps the one tag.
    unmount();
    renderPortal('/tariffs');
    await screen.findByRole('heading', { level: 1 });
    expect(scripts()).toHaveLength(1);
  });

  it('follows the portal language', async () => {
    await test.start(null);
    renderPortal('/');
    const header = await screen.findByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: 'Русский' }));
    expect(queued().at(-1)).toEqual(['setLanguage', 'ru']);
  });

  it('identifies the signed-in user with a support identity token, and forgets them on logout', async () => {
    const { server } = await test.signIn();
    renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    await waitFor(() => expect(queued().some(([command]) => command === 'identify')).toBe(true));
    const identify = queued().filter(([command]) => command === 'identify');
    expect(identify).toHaveLength(1);
    const token = identify[0]?.[1];
    expect(typeof token).toBe('string');
    // The token the widget got is one the server issued for this user: it opens their chat.
    const mine = await server.directFetch(`${server.baseUrl}${SUPPORT_PATHS.myConversation}`, {
      headers: { 'x-qoltanba-support-identity': String(token) },
    });
    expect(mine.status).toBe(200);

    await logout();
    await waitFor(() => expect(queued().at(-1)).toEqual(['identify', null]));
  });

  it('breaks nothing when the script is missing (404 before the widget is built)', async () => {
    await test.start(null);
    renderPortal('/');
    await screen.findByRole('heading', { level: 1 });
    const [script] = scripts();
    script?.dispatchEvent(new Event('error'));
    expect(script?.getAttribute('data-failed')).toBe('true');
    // Calls still queue, and the page still works.
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Қазақша' }));
    expect(queued().at(-1)).toEqual(['setLanguage', 'kk']);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});
