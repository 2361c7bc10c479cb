import { DOCUMENT_PATHS } from '@qoltanba/core';
import { createFolder, listFolders, moveDocumentToFolder, setLocale } from '@qoltanba/sdk';
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

const tree = () => screen.getByRole('tree', { name: 'Folders' });

describe('folder screen', () => {
  it('without folders: the empty tree and the way to make the first one', async () => {
    await test.signIn();
    renderPortal('/cabinet/folder');
    expect(await screen.findByRole('heading', { level: 1, name: 'Folders' })).toBeTruthy();
    expect(await screen.findByText('No folders yet')).toBeTruthy();
    expect(screen.getByText('Choose a folder to see its documents.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const field = screen.getByRole('textbox', { name: 'Name of the new folder' });
    fireEvent.change(field, { target: { value: 'Contracts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('treeitem', { name: /^Contracts/ })).toBeTruthy();
    expect(within(tree()).getAllByRole('treeitem')).toHaveLength(1);
    expect((await listFolders()).map((folder) => folder.name)).toEqual(['Contracts']);
  });

  it("shows the chosen folder's documents, one box at a time", async () => {
    await test.signIn();
    const folder = await createFolder({ name: 'Acts 2026' });
    const sent = await seedSent('Act of May');
    await moveDocumentToFolder(sent.id, folder.id);
    await seedSent('Act outside any folder');
    const { router } = renderPortal(`/cabinet/folder/${folder.id}?box=outgoing`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Acts 2026' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Act of May' })).toBeTruthy();
    expect(screen.queryByText('Act outside any folder')).toBeNull();
    const boxes = screen.getByRole('navigation', { name: 'Documents of the folder' });
    expect(within(boxes).getByRole('link', { name: 'Outgoing' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(within(boxes).getByRole('link', { name: 'Incoming' }));
    await waitFor(() => expect(router.state.location.search).toBe('?box=incoming'));
    expect(await screen.findByText('No documents here yet')).toBeTruthy();

    fireEvent.click(within(boxes).getByRole('link', { name: 'Outgoing' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Act of May' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${sent.id}`));
  });

  it('a folder opens on the tab that holds its documents, an empty folder on Incoming', async () => {
    await test.signIn();
    const folder = await createFolder({ name: 'Sent acts' });
    const empty = await createFolder({ name: 'Nothing yet' });
    const sent = await seedSent('Act of June');
    await moveDocumentToFolder(sent.id, folder.id);
    renderPortal(`/cabinet/folder/${folder.id}`);
    expect(await screen.findByRole('button', { name: 'Act of June' })).toBeTruthy();
    const boxes = screen.getByRole('navigation', { name: 'Documents of the folder' });
    expect(within(boxes).getByRole('link', { name: 'Outgoing' }).getAttribute('aria-current')).toBe('page');
    expect(within(boxes).getByRole('link', { name: 'Incoming' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(within(tree()).getByText('Nothing yet'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nothing yet' })).toBeTruthy();
    expect(await screen.findByText('No documents here yet')).toBeTruthy();
    const emptyBoxes = screen.getByRole('navigation', { name: 'Documents of the folder' });
    expect(within(emptyBoxes).getByRole('link', { name: 'Incoming' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(empty.documentCount).toBe(0);
  });

  it('choosing a folder in the tree opens it', async () => {
    await test.signIn();
    const folder = await createFolder({ name: 'Invoices' });
    const { router } = renderPortal('/cabinet/folder');
    fireEvent.click(await screen.findByText('Invoices'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/folder/${folder.id}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Invoices' })).toBeTruthy();
  });

  it('a folder the company does not have says so', async () => {
    await test.signIn();
    await createFolder({ name: 'Only one' });
    renderPortal('/cabinet/folder/77');
    expect((await screen.findByRole('alert')).textContent).toBe('There is no such folder.');
  });

  it('deleting the folder on screen goes back to the folder list', async () => {
    await test.signIn();
    const folder = await createFolder({ name: 'To delete' });
    const { router } = renderPortal(`/cabinet/folder/${folder.id}`);
    await screen.findByRole('heading', { level: 2, name: 'To delete' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByText('Delete the folder “To delete”?');
    const group = confirm.closest('form, div, fieldset') as HTMLElement;
    fireEvent.click(within(group).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/folder'));
    expect(await screen.findByText('No folders yet')).toBeTruthy();
  });

  it('folders that fail to load say why; "Try again" loads them', async () => {
    const { server } = await test.signIn();
    await createFolder({ name: 'Reports' });
    server.failNext(['GET', DOCUMENT_PATHS.folders], {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal Server Error' },
    });
    renderPortal('/cabinet/folder');
    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Reports')).toBeTruthy();
  });
});
