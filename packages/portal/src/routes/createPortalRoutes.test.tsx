import { setLocale } from '@qoltanba/sdk';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { renderPortal } from '../test/renderPortal';
import { portalServerPerFile } from '../test/serverSession';

const test = portalServerPerFile();

beforeEach(async () => {
  registerPortalTranslations();
  setLocale('en');
  // The cabinet is behind login: these tests look at a signed-in user with companies (aigerim).
  await test.signIn();
});

describe('portal routes', () => {
  it('bare /cabinet at 1400 px replaces to the incoming list', async () => {
    const { router } = renderPortal('/cabinet', { width: 1400 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Incoming' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('bare /cabinet at 390 px replaces to the mobile main page', async () => {
    const { router } = renderPortal('/cabinet', { width: 390 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/main');
  });

  it('the 1280 px breakpoint itself counts as desktop', async () => {
    const { router } = renderPortal('/cabinet', { width: 1280 });
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
  });

  it('renders the landing page at /', async () => {
    renderPortal('/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Sign documents online with an EDS or eGov mobile',
      }),
    ).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });

  it('an unknown path shows the not-found page inside the site layout', async () => {
    renderPortal('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('an unknown cabinet path shows the cabinet not-found page with the cabinet tabs', async () => {
    renderPortal('/cabinet/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Section not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Cabinet sections' })).toBeTruthy();
  });

  it('edit with a numeric id shows the editor, which opens that document (here: none has the id)', async () => {
    renderPortal('/cabinet/edit/15');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit document' })).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Could not open the document' }),
    ).toBeTruthy();
  });

  it.each(['/cabinet/edit/abc', '/cabinet/copy/abc'])('%s shows the cabinet not-found page', async (path) => {
    renderPortal(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Section not found' })).toBeTruthy();
  });

  it.each([
    ['/cabinet/incoming', 'incoming'],
    ['/cabinet/outgoing', 'outgoing'],
    ['/cabinet/draft', 'draft'],
    ['/cabinet/trash', 'trash'],
  ])('%s renders the shared list screen filtered by %s', async (path, status) => {
    const { container } = renderPortal(path);
    await screen.findByRole('heading', { level: 1 });
    const list = container.querySelector('[data-status]');
    expect(list?.getAttribute('data-status')).toBe(status);
  });

  it('check of one file without its hash says the file was not found', async () => {
    renderPortal('/check/15/27');
    expect(await screen.findByRole('heading', { level: 1, name: 'File signature check' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
  });

  it('sets the document title per route in the current language', async () => {
    renderPortal('/tariffs');
    await screen.findByRole('heading', { level: 1, name: 'Plans' });
    await waitFor(() => expect(document.title).toBe('Plans · Qoltanba'));
    setLocale('ru');
    await waitFor(() => expect(document.title).toBe('Тарифы · Qoltanba'));
  });

  it('moves focus to the new screen heading after a navigation', async () => {
    const { router } = renderPortal('/');
    await screen.findByRole('heading', { level: 1 });
    await router.navigate('/check');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Signature check' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('has the skip link and landmarks', async () => {
    renderPortal('/');
    await screen.findByRole('heading', { level: 1 });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });
});
