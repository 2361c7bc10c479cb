import { COMPANY_NAME_MAX } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTING, PARTIES, SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { SignerEditor, type SignerEditorProps } from './SignerEditor';
import * as stories from './SignerEditor.stories';
import { emptySigner, type SignerDraft, signerInputOf, signerProblems } from './signer-model';

const draft = (patch: Partial<SignerDraft>): SignerDraft => ({ ...emptySigner(), ...patch });
const valid = (bin: string) =>
  draft({ identityNumber: bin, email: `a@${bin}.kz`, nameRu: `Компания ${bin}` });

function Harness(
  props: Partial<SignerEditorProps> & { initial?: SignerDraft[]; spy?: (s: SignerDraft[]) => void },
) {
  const [signers, setSigners] = useState(props.initial ?? []);
  return (
    <SignerEditor
      signingMethod="PARALLEL"
      actingBin={ACTING.bin}
      counterparties={SAMPLE_COUNTERPARTIES}
      {...props}
      signers={signers}
      onChange={(next) => {
        setSigners(next);
        props.spy?.(next);
      }}
    />
  );
}

// The editor's announcer is its last status region (the picker has one too).
const announcement = () => screen.getAllByRole('status').at(-1)?.textContent;
const cards = () => screen.getAllByRole('group', { name: /^Signer \d$/ });

describe('signerProblems', () => {
  it('checks each field with core and names empty required fields', () => {
    const [empty, bad] = signerProblems(
      [
        draft({}),
        draft({
          identityNumber: '990340005978',
          email: 'x@',
          nameRu: 'Я'.repeat(COMPANY_NAME_MAX + 1),
          approverEmail: '',
        }),
      ],
      ACTING.bin,
    );
    expect(empty).toEqual({ identityNumber: 'REQUIRED', email: 'REQUIRED', nameRu: 'REQUIRED' });
    expect(bad).toEqual({
      identityNumber: 'IDENTITY_NUMBER_INVALID',
      email: 'INVALID_EMAIL',
      nameRu: 'NAME_TOO_LONG',
      approverEmail: 'APPROVER_EMAIL_INVALID',
    });
  });

  it('finds yourself and every repeat of an earlier BIN/IIN', () => {
    const problems = signerProblems(
      [valid(PARTIES.beta.bin), valid(ACTING.bin), valid(PARTIES.beta.bin), valid(` ${PARTIES.beta.bin} `)],
      ACTING.bin,
    );
    expect(problems.map((p) => p.identityNumber)).toEqual([
      undefined,
      'SELF_AS_SIGNER',
      'SIGNER_DUPLICATE',
      'SIGNER_DUPLICATE',
    ]);
  });

  it('accepts the NCA TEST numbers only in test mode, and a signer without Kazakh name or approver', () => {
    expect(signerProblems([valid('123456789011')], ACTING.bin)[0]?.identityNumber).toBe(
      'IDENTITY_NUMBER_INVALID',
    );
    expect(signerProblems([valid('123456789011')], ACTING.bin, { testMode: true })[0]).toEqual({});
    expect(signerInputOf(draft({ identityNumber: ' 0205 4000 3431 ', nameKk: ' ' }))).toMatchObject({
      identityNumber: '020540003431',
      nameKk: null,
      approverEmail: null,
    });
  });
});

describe('SignerEditor', () => {
  beforeEach(() => setLocale('en'));

  it('shows a field problem once the field is left, rule violations at once', () => {
    render(<Harness initial={[draft({})]} />);
    const bin = screen.getByRole('textbox', { name: 'BIN/IIN' });
    fireEvent.change(bin, { target: { value: '990340005978' } });
    expect(bin.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(bin);
    expect(bin.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Invalid BIN/IIN')).toBeTruthy();
    fireEvent.change(bin, { target: { value: ACTING.bin } });
    expect(screen.getByText('You cannot add yourself as a signer')).toBeTruthy();
  });

  it('shows a repeated BIN/IIN inline on the repeat', () => {
    render(<Harness initial={[valid(PARTIES.beta.bin), draft({})]} />);
    fireEvent.change(within(cards()[1] as HTMLElement).getByRole('textbox', { name: 'BIN/IIN' }), {
      target: { value: PARTIES.beta.bin },
    });
    expect(
      within(cards()[1] as HTMLElement).getByText('This BIN/IIN has already been added as a signer'),
    ).toBeTruthy();
    expect(within(cards()[0] as HTMLElement).queryByText(/already been added/)).toBeNull();
  });

  it('shows every problem after a submit attempt, in the user language', () => {
    setLocale('ru');
    render(<Harness initial={[draft({ approverEmail: '' })]} showAllProblems />);
    expect(screen.getAllByText('Заполните это поле')).toHaveLength(3);
    expect(
      screen.getByText('Неверный e-mail согласующего. Исправьте его или удалите согласующего'),
    ).toBeTruthy();
  });

  it('adds a signer and focuses its BIN/IIN', () => {
    render(<Harness />);
    expect(screen.getByText('No signers yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add signer' }));
    expect(cards()).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'BIN/IIN' }));
  });

  it('reorders with buttons, keeps focus on the moved signer and announces it', () => {
    const spy = vi.fn();
    render(
      <Harness
        initial={[valid(PARTIES.beta.bin), valid(PARTIES.gamma.bin)]}
        spy={spy}
        signingMethod="SEQUENTIAL"
      />,
    );
    expect(screen.getByText('Signers sign in the order of this list')).toBeTruthy();
    expect(screen.getByRole('list').tagName).toBe('OL');
    const up = screen.getByRole('button', { name: 'Move signer 1 up' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(up);
    expect(spy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Move signer 1 down' }));
    expect(spy.mock.calls[0]?.[0].map((s: SignerDraft) => s.identityNumber)).toEqual([
      PARTIES.gamma.bin,
      PARTIES.beta.bin,
    ]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move signer 2 down' }));
    expect(within(cards()[1] as HTMLElement).getByRole('textbox', { name: 'BIN/IIN' })).toHaveProperty(
      'value',
      PARTIES.beta.bin,
    );
    expect(announcement()).toBe('Signer moved to position 2');
  });

  it('removes a signer, focusing the next one or "Add signer"', () => {
    render(<Harness initial={[valid(PARTIES.beta.bin), valid(PARTIES.gamma.bin)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove signer 1' }));
    expect(cards()).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove signer 1' }));
    expect(announcement()).toBe('Signer removed');
    fireEvent.click(screen.getByRole('button', { name: 'Remove signer 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add signer' }));
  });

  it('adds and removes an approver, moving focus with it', () => {
    render(<Harness initial={[valid(PARTIES.beta.bin)]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add approver' }));
    const field = screen.getByRole('textbox', { name: "Approver's e-mail" });
    expect(document.activeElement).toBe(field);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the approver of signer 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add approver' }));
  });

  it('fills a signer from the counterparty combobox by keyboard, reusing a blank last row', () => {
    const spy = vi.fn();
    render(<Harness initial={[valid(PARTIES.beta.bin), draft({})]} spy={spy} />);
    const combo = screen.getByRole('combobox', { name: 'Add from counterparties' });
    fireEvent.change(combo, { target: { value: 'гамма' } });
    expect(combo.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(combo.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(combo, { key: 'Enter' });
    const signers = spy.mock.calls.at(-1)?.[0] as SignerDraft[];
    expect(signers).toHaveLength(2);
    expect(signers[1]).toMatchObject({
      identityNumber: PARTIES.gamma.bin,
      email: `info@${PARTIES.gamma.bin}.example.kz`,
      nameRu: 'ТОО «Гамма Логистик»',
      nameKk: '',
    });
    expect(combo).toHaveProperty('value', '');
    expect(announcement()).toBe('ТОО «Гамма Логистик» added as signer 2');
  });

  it('marks counterparties already among the signers and does not add them twice', () => {
    const spy = vi.fn();
    render(<Harness initial={[valid(PARTIES.beta.bin)]} spy={spy} />);
    const combo = screen.getByRole('combobox');
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    const first = screen.getAllByRole('option')[0] as HTMLElement;
    expect(first.getAttribute('aria-disabled')).toBe('true');
    expect(first.textContent).toContain('already added');
    fireEvent.click(first);
    expect(spy).not.toHaveBeenCalled();
    fireEvent.keyDown(combo, { key: 'ArrowDown' });
    fireEvent.keyDown(combo, { key: 'Enter' });
    expect(spy.mock.calls[0]?.[0]).toHaveLength(2);
  });

  it('closes the list on Escape and says when nothing matches', () => {
    render(<Harness initial={[]} />);
    const combo = screen.getByRole('combobox');
    fireEvent.change(combo, { target: { value: 'zzz' } });
    expect(screen.getByText('No counterparty matches')).toBeTruthy();
    fireEvent.keyDown(combo, { key: 'Escape' });
    expect(combo.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(combo, { key: 'Escape' });
    expect(combo).toHaveProperty('value', '');
  });

  it('has no axe violations with problems shown and the picker open', async () => {
    const { container } = render(
      <Harness
        initial={[valid(ACTING.bin), draft({ approverEmail: '' })]}
        showAllProblems
        signingMethod="SEQUENTIAL"
      />,
    );
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'а' } });
    await expectNoAxeViolations(container);
  });
});

describe('SignerEditor stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('section')).toBeTruthy());
});
