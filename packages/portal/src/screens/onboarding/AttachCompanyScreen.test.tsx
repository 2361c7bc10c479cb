import { PROFILE_PATHS } from '@qoltanba/core';
import { $companies, $currentCompany, $snackbars, setLocale } from '@qoltanba/sdk';
import { ALFA, addUser, NEWCOMER, type TestServer, WORLD_USERS } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

// A newcomer without companies attaches a sole proprietor of the register: aigerim's IIN, linked to +77011234567.
const test = portalServerPerFile();
const PROPRIETOR = { iin: WORLD_USERS.aigerim.iin, phone: '+77011234567' };
const ATTACH = ['POST', PROFILE_PATHS.attachByIin] as const;

async function signInNewcomer() {
  await addUser(test.server, NEWCOMER);
  return test.signIn(NEWCOMER);
}

/** The code in the newest SMS the server sent to `phone`. */
async function smsCode(server: TestServer, phone: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await server.mails(phone))[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

function fill(label: string, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit(name: string): void {
  fireEvent.click(screen.getByRole('button', { name }));
}

// The form itself is the widgets' AttachCompanyForm (tested there); these tests cover the screen around it:
// the sdk actions on the portal's client, test mode, the snackbar and the way back to the cabinet.
describe('attach by IIN', () => {
  it('onboarding -> IIN and phone -> SMS code -> companies reload -> cabinet', async () => {
    const { server } = await signInNewcomer();
    const { router } = renderPortal('/cabinet/incoming', { width: 1400 });
    await screen.findByRole('heading', { level: 1, name: 'Getting started' });
    fireEvent.click(screen.getByRole('link', { name: /Attach by IIN/ }));
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });

    fill('IIN', PROPRIETOR.iin);
    fill('Phone number', '8 701 123 45 67');
    submit('Send code');
    expect(await screen.findByText('Code sent to +7 701 123 45 67')).toBeTruthy();
    expect(server.callsTo(ATTACH)).toHaveLength(1);
    const code = await smsCode(server, PROPRIETOR.phone);

    fill('Confirmation code', code === '111111' ? '222222' : '111111');
    submit('Confirm');
    expect(await screen.findByText('Invalid confirmation code')).toBeTruthy();
    expect(screen.getByLabelText('Confirmation code').getAttribute('aria-invalid')).toBe('true');

    fill('Confirmation code', code);
    submit('Confirm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Incoming' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
    expect($companies.get().map((c) => c.bin)).toEqual([PROPRIETOR.iin]);
    expect($currentCompany.get()?.bin).toBe(PROPRIETOR.iin);
    expect($snackbars.get().map((s) => s.message)).toContain('Company attached');
  });

  it('checks the fields before asking the server', async () => {
    const { server } = await signInNewcomer();
    renderPortal('/cabinet/company/attach');
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });
    submit('Send code');
    expect(await screen.findAllByText('Fill in this field')).toHaveLength(2);
    fill('IIN', '900515300128');
    fill('Phone number', '+7 727 123 45 67');
    submit('Send code');
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    expect(screen.getByLabelText('IIN').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('IIN')));
    expect(server.calls.filter((call) => call.path.includes('attach-by-iin'))).toEqual([]);
  });

  it("accepts the NCA TEST IINs outside production (the portal turns the form's test mode on)", async () => {
    const { server } = await signInNewcomer();
    renderPortal('/cabinet/company/attach');
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });
    // 123456789011 fails the IIN check digit; only test mode lets it reach the server, whose register holds the
    // NCA TEST person with this phone: the code goes out.
    fill('IIN', '123456789011');
    fill('Phone number', '+7 700 000 00 11');
    submit('Send code');
    expect(await screen.findByText('Code sent to +7 700 000 00 11')).toBeTruthy();
    expect(server.callsTo(ATTACH)).toHaveLength(1);
  });

  it('shows server refusals next to their field in the current language', async () => {
    await signInNewcomer();
    renderPortal('/cabinet/company/attach');
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });

    fill('IIN', PROPRIETOR.iin);
    fill('Phone number', '+7 702 000 00 00');
    submit('Send code');
    expect(
      await screen.findByText(
        'The phone number does not match the number linked to the IIN in the state database',
      ),
    ).toBeTruthy();
    setLocale('ru');
    expect(
      await screen.findByText(
        'Номер телефона не совпадает с номером, привязанным к ИИН в государственной базе данных',
      ),
    ).toBeTruthy();
    setLocale('en');
    await screen.findByLabelText('IIN');

    fill('IIN', ALFA.bin);
    fill('Phone number', '+7 701 123 45 67');
    submit('Send code');
    expect(
      await screen.findByText('Only individuals and sole proprietors can be attached by IIN'),
    ).toBeTruthy();

    fill('IIN', '851203400564');
    submit('Send code');
    expect(await screen.findByText('The IIN was not found in the state statistics register')).toBeTruthy();
  });
});
