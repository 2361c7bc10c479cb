import { DOCUMENT_PATHS } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedDraft, seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { BETA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

const rows = () => screen.getAllByRole('row').slice(1);

describe('document list screens', () => {
  it('shows loading, then the rows of the box; a row opens its document', async () => {
    const { server } = await test.signIn();
    await seedSent('Supply contract 2026');
    await seedDraft('Lease agreement draft');
    const held = server.hold(['GET', DOCUMENT_PATHS.documents]);
    const { router } = renderPortal('/cabinet/outgoing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Outgoing' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    held.release();
    expect(await screen.findByRole('button', { name: 'Supply contract 2026' })).toBeTruthy();
    expect(screen.queryByText('Lease agreement draft')).toBeNull();
    expect(within(rows()[0] as HTMLElement).getByText('АО Бета')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText('Out for signing')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Supply contract 2026' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/cabinet\/outgoing\/\d+$/));
    expect(await screen.findByRole('heading', { level: 2, name: 'Supply contract 2026' })).toBeTruthy();
  });

  it('an empty box says so', async () => {
    await test.signIn();
    renderPortal('/cabinet/trash');
    expect(await screen.findByText('No documents here yet')).toBeTruthy();
  });

  it('a failed load shows the error in the current language and "Try again" reloads', async () => {
    const { server } = await test.signIn();
    await seedSent('Service agreement');
    server.failNext(['GET', DOCUMENT_PATHS.documents], {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal Server Error' },
    });
    renderPortal('/cabinet/outgoing');
    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Service agreement' })).toBeTruthy();
  });

  it('incoming lists what the other company sent; a filter and a search ask the server again', async () => {
    const { server } = await test.signIn();
    await seedSent('Act of reconciliation', BETA_BIN);
    await seedSent('Invoice for March', BETA_BIN);
    renderPortal('/cabinet/incoming');
    await screen.findByRole('button', { name: 'Invoice for March' });
    expect(rows()).toHaveLength(2);

    const listed = () =>
      server.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/documents'));
    const before = listed().length;
    fireEvent.click(screen.getByRole('button', { name: 'Need to sign' }));
    await waitFor(() => expect(listed().length).toBe(before + 1));
    expect(screen.getByRole('button', { name: 'Need to sign' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'invoice' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search' }), { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Invoice for March' })).toBeTruthy();
  });

  it('a draft row opens the draft editor', async () => {
    await test.signIn();
    const draft = await seedDraft('Draft of the annex');
    const { router } = renderPortal('/cabinet/draft');
    fireEvent.click(await screen.findByRole('button', { name: 'Draft of the annex' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/draft/${draft.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Draft of the annex')).toBeTruthy();
  });
});
