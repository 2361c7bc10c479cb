import { setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

describe('mobile main page', () => {
  it('links the boxes, creating, folders and more; a box opens its list', async () => {
    await test.signIn();
    await seedSent('Contract for the phone');
    const { router } = renderPortal('/cabinet', { width: 390 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Quick links' }));
    const targets = links.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(targets).toEqual([
      ['Incoming', '/cabinet/incoming'],
      ['Outgoing', '/cabinet/outgoing'],
      ['Create document', '/cabinet/create'],
      ['Drafts', '/cabinet/draft'],
      ['Trash', '/cabinet/trash'],
      ['Folders', '/cabinet/folder'],
      ['Notifications', '/cabinet/notification'],
      ['Services', '/cabinet/services'],
    ]);
    fireEvent.click(links.getByRole('link', { name: 'Outgoing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/outgoing'));
    expect(await screen.findByRole('button', { name: 'Contract for the phone' })).toBeTruthy();
  });
});
