import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTIES, SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { CounterpartyForm, type CounterpartyFormProps } from './CounterpartyForm';
import * as stories from './CounterpartyForm.stories';
import { checkCounterparty, counterpartyValuesOf } from './counterparty-model';

function renderForm(props: Partial<CounterpartyFormProps> = {}) {
  const onSubmit = vi.fn(async () => undefined);
  const view = render(<CounterpartyForm onSubmit={onSubmit} {...props} />);
  return { ...view, onSubmit };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('checkCounterparty', () => {
  it("checks with core's schema, leaving blank e-mail rows out and naming the row of a bad one", () => {
    const { problems, input } = checkCounterparty({
      identityNumber: '990340005978',
      nameRu: '',
      nameKk: '',
      emails: ['', 'ok@example.kz', 'bad@'],
    });
    expect(input).toBeUndefined();
    expect(problems).toEqual({
      identityNumber: 'IDENTITY_NUMBER_INVALID',
      nameRu: 'REQUIRED',
      'emails.2': 'INVALID_EMAIL',
    });
    expect(checkCounterparty({ ...counterpartyValuesOf(), emails: ['  '] }).problems['emails.0']).toBe(
      'REQUIRED',
    );
  });

  it('gives the input to send when all is well', () => {
    const { input } = checkCounterparty({
      identityNumber: ' 0205 4000 3431 ',
      nameRu: ' АО «Бета» ',
      nameKk: ' ',
      emails: ['office@beta.kz', ''],
    });
    expect(input).toEqual({
      identityNumber: '020540003431',
      nameRu: 'АО «Бета»',
      nameKk: null,
      emails: ['office@beta.kz'],
    });
  });
});

describe('CounterpartyForm', () => {
  beforeEach(() => setLocale('en'));

  it('saves a new counterparty with its e-mails', async () => {
    const { onSubmit } = renderForm();
    expect(screen.getByRole('heading', { name: 'New counterparty' })).toBeTruthy();
    type('BIN/IIN', PARTIES.gamma.bin);
    type('Name in Russian', 'ТОО «Гамма»');
    type('E-mail 1', 'info@gamma.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Add e-mail' }));
    type('E-mail 2', 'ceo@gamma.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({
      identityNumber: PARTIES.gamma.bin,
      nameRu: 'ТОО «Гамма»',
      nameKk: null,
      emails: ['info@gamma.kz', 'ceo@gamma.kz'],
    });
  });

  it('shows problems in place and focuses the first, without saving', () => {
    setLocale('ru');
    const { onSubmit } = renderForm();
    type('БИН/ИИН', '123');
    fireEvent.blur(field('БИН/ИИН'));
    expect(screen.getByText('Неверный БИН/ИИН')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field('БИН/ИИН'));
    expect(screen.getAllByText('Заполните это поле')).toHaveLength(2);
  });

  it('offers one to five e-mails', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Remove e-mail 1' })).toBeNull();
    for (let i = 0; i < 4; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(screen.getAllByRole('textbox', { name: /^E-mail \d$/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add e-mail' })).toBeNull();
    expect(screen.getByText('At most 5 addresses')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove e-mail 3' }));
    expect(screen.getAllByRole('textbox', { name: /^E-mail \d$/ })).toHaveLength(4);
  });

  it('fills the names from the register look-up, and says when the number is not there', async () => {
    const onLookup = vi.fn(async () => ({ nameRu: 'АО «Бета»', nameKk: '«Бета» АҚ' }));
    const { rerender, onSubmit } = renderForm({ onLookup });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(onLookup).not.toHaveBeenCalled();
    expect(screen.getByText('Fill in this field')).toBeTruthy();
    type('BIN/IIN', PARTIES.beta.bin);
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(() => expect(field('Name in Russian').value).toBe('АО «Бета»'));
    expect(onLookup).toHaveBeenCalledWith(PARTIES.beta.bin);
    expect(field('Name in Kazakh (optional)').value).toBe('«Бета» АҚ');
    expect(screen.getByRole('status').textContent).toBe('Names filled in from the register');
    rerender(<CounterpartyForm onSubmit={onSubmit} onLookup={async () => null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('The IIN was not found in the state statistics register')).toBeTruthy();
  });

  it('shows a refused number at the field and keeps everything typed', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    render(<CounterpartyForm initial={SAMPLE_COUNTERPARTIES[0]} onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Edit counterparty' })).toBeTruthy();
    expect(field('E-mail 2').value).toBe('lawyer@beta.example.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true'),
    );
    await act(async () => refuse(new ApiError(409, 'COUNTERPARTY_EXISTS', '')));
    expect(screen.getByText('A counterparty with this BIN/IIN already exists')).toBeTruthy();
    expect(field('BIN/IIN').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name in Russian').value).toBe(SAMPLE_COUNTERPARTIES[0]?.nameRu);
  });

  it('shows other refusals in the alert', async () => {
    renderForm({
      initial: SAMPLE_COUNTERPARTIES[1],
      onSubmit: async () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', '')),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach the server. Check your internet connection',
      ),
    );
  });

  it('has no axe violations with problems shown', async () => {
    const { container } = renderForm({ onLookup: vi.fn(), onCancel: vi.fn() });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectNoAxeViolations(container);
  });
});

describe('CounterpartyForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form')).toBeTruthy());
});
