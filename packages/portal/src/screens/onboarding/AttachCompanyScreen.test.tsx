import { $companies, $currentCompany, $snackbars, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { FAKE_LEGAL_BIN, FAKE_REGISTRY, FAKE_SMS_CODE } from '../../test/fakeApi';
import { renderPortal } from '../../test/renderPortal';
import { signInFake } from '../../test/session';

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
    const fake = await signInFake([]);
    const { router } = renderPortal('/cabinet/incoming', { width: 1400 });
    await screen.findByRole('heading', { level: 1, name: 'Getting started' });
    fireEvent.click(screen.getByRole('link', { name: /Attach by IIN/ }));
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });

    fill('IIN', FAKE_REGISTRY.iin);
    fill('Phone number', '8 701 123 45 67');
    submit('Send code');
    expect(await screen.findByText('Code sent to +7 701 123 45 67')).toBeTruthy();
    expect(fake.state.calls).toContain('POST /proxy/profile-api.bpmn/api/v1/profile/companies/attach-by-iin');

    fill('Confirmation code', '111111');
    submit('Confirm');
    expect(await screen.findByText('Invalid confirmation code')).toBeTruthy();
    expect(screen.getByLabelText('Confirmation code').getAttribute('aria-invalid')).toBe('true');

    fill('Confirmation code', FAKE_SMS_CODE);
    submit('Confirm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Incoming' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
    expect($companies.get().map((c) => c.bin)).toEqual([FAKE_REGISTRY.iin]);
    expect($currentCompany.get()?.bin).toBe(FAKE_REGISTRY.iin);
    expect($snackbars.get().map((s) => s.message)).toContain('Company attached');
  });

  it('checks the fields before asking the server', async () => {
    const fake = await signInFake([]);
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
    expect(fake.state.calls.filter((call) => call.includes('attach-by-iin'))).toEqual([]);
  });

  it("accepts the NCA TEST IINs outside production (the portal turns the form's test mode on)", async () => {
    const fake = await signInFake([]);
    renderPortal('/cabinet/company/attach');
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });
    // 123456789011 fails the IIN check digit; only test mode lets it reach the server.
    fill('IIN', '123456789011');
    fill('Phone number', '+7 700 000 00 11');
    submit('Send code');
    expect(await screen.findByText('The IIN was not found in the state statistics register')).toBeTruthy();
    expect(fake.state.calls).toContain('POST /proxy/profile-api.bpmn/api/v1/profile/companies/attach-by-iin');
  });

  it('shows server refusals next to their field in the current language', async () => {
    await signInFake([]);
    renderPortal('/cabinet/company/attach');
    await screen.findByRole('heading', { level: 1, name: 'Attach by IIN' });

    fill('IIN', FAKE_REGISTRY.iin);
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

    fill('IIN', FAKE_LEGAL_BIN);
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
