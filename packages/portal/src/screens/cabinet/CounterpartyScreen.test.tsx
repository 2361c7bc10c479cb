import { DOCUMENT_PATHS } from '@qoltanba/core';
import { $snackbars, createCounterparty, listCounterparties, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { renderPortal } from '../../test/renderPortal';
import { BETA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const list = () => screen.getByRole('list', { name: 'Counterparties' });

describe('counterparty screen', () => {
  it('adds a counterparty found in the register: names filled in, a snackbar, the list', async () => {
    await test.signIn();
    renderPortal('/cabinet/counterparty');
    expect(await screen.findByRole('heading', { level: 1, name: 'Counterparties' })).toBeTruthy();
    expect(await screen.findByText('No counterparties yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add counterparty' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'New counterparty' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(/BIN\/IIN/)));
    type(/BIN\/IIN/, BETA_BIN);
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    // The register's short Russian name of АО «Бета Финанс».
    await waitFor(() => expect((field(/^Name in Russian/) as HTMLInputElement).value).toBe('АО «Бета»'));
    type('E-mail 1', 'office@beta.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const added = await screen.findByRole('list', { name: 'Counterparties' });
    expect(within(added).getByRole('heading', { name: 'АО «Бета»' })).toBeTruthy();
    expect(snackbars()).toContain('“АО «Бета»” added to your counterparties');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'New counterparty' })).toBeNull(),
    );
    expect((await listCounterparties()).map((entry) => entry.emails)).toEqual([['office@beta.kz']]);
  });

  it('a number the register does not know is said so at the field', async () => {
    await test.signIn();
    renderPortal('/cabinet/counterparty');
    fireEvent.click(await screen.findByRole('button', { name: 'Add counterparty' }));
    // bolat's IIN is valid but not in the register (the world's individual, Данияр, is).
    type(/BIN\/IIN/, test.server.world.users.bolat.iin);
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('The IIN was not found in the state statistics register')).toBeTruthy();
  });

  it('edits a counterparty and saves it', async () => {
    await test.signIn();
    const entry = await createCounterparty({
      identityNumber: BETA_BIN,
      nameRu: 'АО Бета',
      emails: ['a@beta.kz'],
    });
    renderPortal('/cabinet/counterparty');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit АО Бета' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit counterparty' })).toBeTruthy();
    type(/^Name in Russian/, 'АО «Бета Плюс»');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(list()).findByRole('heading', { name: 'АО «Бета Плюс»' })).toBeTruthy();
    expect(snackbars()).toContain('Counterparty “АО «Бета Плюс»” saved');
    expect((await listCounterparties()).find((saved) => saved.id === entry.id)?.nameRu).toBe(
      'АО «Бета Плюс»',
    );
  });

  it('a BIN/IIN already in the address book is refused at its field, nothing typed lost', async () => {
    await test.signIn();
    await createCounterparty({ identityNumber: BETA_BIN, nameRu: 'АО Бета', emails: ['a@beta.kz'] });
    renderPortal('/cabinet/counterparty');
    fireEvent.click(await screen.findByRole('button', { name: 'Add counterparty' }));
    type(/BIN\/IIN/, BETA_BIN);
    type(/^Name in Russian/, 'Бета again');
    type('E-mail 1', 'b@beta.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A counterparty with this BIN/IIN already exists')).toBeTruthy();
    expect((field(/^Name in Russian/) as HTMLInputElement).value).toBe('Бета again');
  });

  it('deletes after the confirmation', async () => {
    await test.signIn();
    await createCounterparty({ identityNumber: BETA_BIN, nameRu: 'АО Бета', emails: ['a@beta.kz'] });
    renderPortal('/cabinet/counterparty');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete АО Бета' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No counterparties yet')).toBeTruthy();
    expect(await listCounterparties()).toEqual([]);
  });

  it('a list that fails to load says why; "Try again" loads it', async () => {
    const { server } = await test.signIn();
    await createCounterparty({ identityNumber: BETA_BIN, nameRu: 'АО Бета', emails: ['a@beta.kz'] });
    server.failNext(['GET', DOCUMENT_PATHS.counterparties], {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal Server Error' },
    });
    renderPortal('/cabinet/counterparty');
    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server Error');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'АО Бета' })).toBeTruthy();
  });
});
