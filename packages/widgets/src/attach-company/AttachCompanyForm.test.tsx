import type { Company, ErrorParams } from '@qoltanba/core';
import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed, pressEnter, typeInto } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { type AttachCompanyActions, AttachCompanyForm } from './AttachCompanyForm';
import * as stories from './AttachCompanyForm.stories';

const VALID_IIN = '900515300127';
const NCA_TEST_IIN = '123456789011';
const COMPANIES: Company[] = [
  { bin: VALID_IIN, nameRu: 'ИП Сериков А.', shortNameRu: null, isMainCompany: true },
];

function fakeActions(overrides: Partial<AttachCompanyActions> = {}) {
  return {
    attachByIin: vi.fn<AttachCompanyActions['attachByIin']>(async () => ({
      resendAfterSeconds: 0,
      expiresInSeconds: 300,
    })),
    confirmAttachByIin: vi.fn<AttachCompanyActions['confirmAttachByIin']>(async () => COMPANIES),
    ...overrides,
  };
}

const failing = (
  status: number,
  code: ConstructorParameters<typeof ApiError>[1],
  message: string,
  params?: ErrorParams,
) =>
  vi.fn(async () => {
    throw new ApiError(status, code, message, params ? { params } : {});
  });

const enter = () => pressEnter(document.querySelector('form input') as HTMLInputElement);

function fillDetails(iin = VALID_IIN, phone = '8 (701) 234-56-78'): void {
  typeInto('IIN', iin);
  typeInto('Phone number', phone);
}

async function toCodeStep(): Promise<void> {
  fillDetails();
  enter();
  await waitFor(() => expect(inputNamed('Confirmation code')).toBeTruthy());
}

describe('AttachCompanyForm', () => {
  beforeEach(() => setLocale('en'));

  it('sends the normalised IIN and phone, then confirms with the code and hands over the companies', async () => {
    const actions = fakeActions();
    const onSuccess = vi.fn();
    render(<AttachCompanyForm actions={actions} onSuccess={onSuccess} />);
    fillDetails('900515 300127', '8 (701) 234-56-78');
    enter();
    await waitFor(() => expect(screen.getByText('Code sent to +7 701 234 56 78')).toBeTruthy());
    expect(actions.attachByIin).toHaveBeenCalledExactlyOnceWith({
      iin: VALID_IIN,
      phoneNumber: '+77012345678',
    });
    const code = inputNamed('Confirmation code');
    expect(document.activeElement).toBe(code);
    typeInto('Confirmation code', '123 456');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledExactlyOnceWith(COMPANIES));
    expect(actions.confirmAttachByIin).toHaveBeenCalledExactlyOnceWith({
      iin: VALID_IIN,
      phoneNumber: '+77012345678',
      code: '123456',
    });
  });

  it.each([
    ['en', 'Fill in this field', 'Invalid BIN/IIN', 'Invalid phone number'],
    ['ru', 'Заполните это поле', 'Неверный БИН/ИИН', 'Неверный формат номера телефона'],
    ['kk', 'Осы өрісті толтырыңыз', 'БСН/ЖСН қате енгізілген', 'Телефон нөмірі қате'],
  ] as const)(
    'checks the fields before asking the server, in %s',
    async (lang, required, badIin, badPhone) => {
      setLocale(lang);
      const actions = fakeActions();
      render(<AttachCompanyForm actions={actions} />);
      const [iin, phone] = Array.from(document.querySelectorAll('form input')) as HTMLInputElement[];
      if (!iin || !phone) throw new Error('the form has an IIN and a phone field');
      enter();
      await waitFor(() => expect(screen.getAllByText(required)).toHaveLength(2));
      expect(document.activeElement).toBe(iin);

      // A wrong check digit, and a landline (no SMS reaches it).
      fireEvent.change(iin, { target: { value: '900515300128' } });
      fireEvent.change(phone, { target: { value: '+7 727 123 45 67' } });
      enter();
      await waitFor(() => expect(screen.getByText(badIin)).toBeTruthy());
      expect(screen.getByText(badPhone)).toBeTruthy();
      expect(iin.getAttribute('aria-invalid')).toBe('true');
      expect(phone.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(iin);
      expect(actions.attachByIin).not.toHaveBeenCalled();

      // Editing a field clears only its own error.
      fireEvent.change(iin, { target: { value: VALID_IIN } });
      expect(iin.getAttribute('aria-invalid')).toBeNull();
      expect(phone.getAttribute('aria-invalid')).toBe('true');
    },
  );

  it('accepts the NCA test IINs only in test mode', async () => {
    const actions = fakeActions();
    const { unmount } = render(<AttachCompanyForm actions={actions} />);
    fillDetails(NCA_TEST_IIN);
    enter();
    await waitFor(() => expect(screen.getByText('Invalid BIN/IIN')).toBeTruthy());
    expect(actions.attachByIin).not.toHaveBeenCalled();
    unmount();

    render(<AttachCompanyForm actions={actions} testMode />);
    fillDetails(NCA_TEST_IIN);
    enter();
    await waitFor(() =>
      expect(actions.attachByIin).toHaveBeenCalledExactlyOnceWith({
        iin: NCA_TEST_IIN,
        phoneNumber: '+77012345678',
      }),
    );
  });

  it.each([
    [
      'PHONE_MISMATCH',
      'Phone number',
      'The phone number does not match the number linked to the IIN in the state database',
    ],
    ['IIN_NOT_IN_REGISTER', 'IIN', 'The IIN was not found in the state statistics register'],
    ['ATTACH_BY_IIN_ONLY_INDIVIDUALS', 'IIN', 'Only individuals and sole proprietors can be attached by IIN'],
  ] as const)(
    'shows %s from the server at the %s field and keeps what was typed',
    async (code, field, text) => {
      const actions = fakeActions({ attachByIin: failing(400, code, 'server text') });
      render(<AttachCompanyForm actions={actions} />);
      fillDetails();
      enter();
      await waitFor(() => expect(inputNamed(field).getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText(text)).toBeTruthy();
      // Focus moves to the field in an effect after the error renders.
      await waitFor(() => expect(document.activeElement).toBe(inputNamed(field)));
      expect(screen.getByRole('alert').textContent).toBe('');
      expect(inputNamed('IIN').value).toBe(VALID_IIN);
      expect(inputNamed('Phone number').value).toBe('8 (701) 234-56-78');
    },
  );

  it('shows a server error in the current language and follows a language switch', async () => {
    const actions = fakeActions({ attachByIin: failing(400, 'PHONE_MISMATCH', 'server text') });
    render(<AttachCompanyForm actions={actions} />);
    fillDetails();
    enter();
    await waitFor(() =>
      expect(
        screen.getByText(
          'The phone number does not match the number linked to the IIN in the state database',
        ),
      ).toBeTruthy(),
    );
    act(() => setLocale('ru'));
    expect(
      screen.getByText(
        'Номер телефона не совпадает с номером, привязанным к ИИН в государственной базе данных',
      ),
    ).toBeTruthy();
    expect(inputNamed('Номер телефона').value).toBe('8 (701) 234-56-78');
  });

  it.each([
    ['RATE_LIMITED', 429, { retryAfter: 42 }, 'Too many requests. Try again in 42 seconds'],
    [
      'ACCOUNT_BLOCKED',
      423,
      { until: '2026-03-01T10:15:00Z' },
      /^The account is temporarily blocked until 1 Mar 2026, 15:15 \(UTC\+5\)$/,
    ],
  ] as const)(
    'shows %s with the values the server sent in the alert',
    async (code, httpStatus, params, text) => {
      const actions = fakeActions({ attachByIin: failing(httpStatus, code, 'server text', params) });
      render(<AttachCompanyForm actions={actions} />);
      fillDetails();
      enter();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(text));
      expect(inputNamed('IIN').getAttribute('aria-invalid')).toBeNull();
      expect(inputNamed('Phone number').getAttribute('aria-invalid')).toBeNull();
    },
  );

  it('checks the code, shows INVALID_CODE at the code field and keeps the code typed', async () => {
    const actions = fakeActions({
      confirmAttachByIin: vi.fn(async () => {
        throw new ApiError(400, 'INVALID_CODE', 'Invalid confirmation code');
      }),
    });
    const onSuccess = vi.fn();
    render(<AttachCompanyForm actions={actions} onSuccess={onSuccess} />);
    await toCodeStep();
    typeInto('Confirmation code', '12');
    enter();
    await waitFor(() => expect(screen.getByText('Invalid confirmation code')).toBeTruthy());
    expect(actions.confirmAttachByIin).not.toHaveBeenCalled();
    typeInto('Confirmation code', '000000');
    await waitFor(() => expect(actions.confirmAttachByIin).toHaveBeenCalledOnce());
    await waitFor(() => expect(inputNamed('Confirmation code').getAttribute('aria-invalid')).toBe('true'));
    expect(inputNamed('Confirmation code').value).toBe('000000');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows RATE_LIMITED on confirming in the alert', async () => {
    const actions = fakeActions({
      confirmAttachByIin: failing(429, 'RATE_LIMITED', 'server text', { retryAfter: 9 }),
    });
    render(<AttachCompanyForm actions={actions} />);
    await toCodeStep();
    typeInto('Confirmation code', '123456');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 9 seconds'),
    );
    // The text is written in the form's language, the seconds kept, when the language changes.
    act(() => setLocale('ru'));
    expect(screen.getByRole('alert').textContent).toBe('Слишком много запросов. Повторите попытку через 9 с');
  });

  it('resends the code for the same details once the countdown allows', async () => {
    const actions = fakeActions({
      attachByIin: vi.fn(async () => ({ resendAfterSeconds: 0, expiresInSeconds: 300 })),
    });
    render(<AttachCompanyForm actions={actions} />);
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    await waitFor(() => expect(screen.getByText('A new code has been sent')).toBeTruthy());
    expect(actions.attachByIin).toHaveBeenCalledTimes(2);
    expect(actions.attachByIin).toHaveBeenLastCalledWith({ iin: VALID_IIN, phoneNumber: '+77012345678' });
  });

  it('counts down from resendAfterSeconds before a resend is possible', async () => {
    const actions = fakeActions({
      attachByIin: vi.fn(async () => ({ resendAfterSeconds: 60, expiresInSeconds: 300 })),
    });
    render(<AttachCompanyForm actions={actions} />);
    await toCodeStep();
    const resend = screen.getByRole('button', { name: 'Send the code again in 1:00' });
    expect(resend.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(resend);
    expect(actions.attachByIin).toHaveBeenCalledOnce();
  });

  it('goes back to change the details with what was typed still there', async () => {
    render(<AttachCompanyForm actions={fakeActions()} />);
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: 'Change details' }));
    expect(inputNamed('IIN').value).toBe(VALID_IIN);
    expect(inputNamed('Phone number').value).toBe('8 (701) 234-56-78');
  });

  it('has no axe violations in either step', async () => {
    const { container } = render(<AttachCompanyForm actions={fakeActions()} />);
    await expectNoAxeViolations(container);
    enter();
    await waitFor(() => expect(inputNamed('IIN').getAttribute('aria-invalid')).toBe('true'));
    await expectNoAxeViolations(container);
    await toCodeStep();
    await expectNoAxeViolations(container);
  });
});

describe('AttachCompanyForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form')).toBeTruthy());
});
