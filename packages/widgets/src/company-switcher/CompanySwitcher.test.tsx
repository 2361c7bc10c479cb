import type { Company } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { CompanySwitcher } from './CompanySwitcher';
import * as stories from './CompanySwitcher.stories';

const companies: Company[] = [
  {
    bin: '990340005977',
    nameRu: 'Товарищество с ограниченной ответственностью «Альфа»',
    shortNameRu: null,
    isMainCompany: false,
  },
  { bin: '020540003431', nameRu: 'АО Бета', shortNameRu: 'Бета', isMainCompany: true },
  { bin: '870412300123', nameRu: 'ИП Серикова', shortNameRu: null, isMainCompany: false },
];

const trigger = () => screen.getByRole('button', { name: /Company:/ });
const options = () => screen.getAllByRole('option');
const activeOption = () => {
  const id = screen.getByRole('listbox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('CompanySwitcher', () => {
  beforeEach(() => setLocale('en'));

  it('shows the current company by its display name and BIN', () => {
    render(<CompanySwitcher companies={companies} selectedBin="990340005977" />);
    expect(trigger().textContent).toContain('ТОО «Альфа»');
    expect(trigger().textContent).toContain('BIN/IIN 990340005977');
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the Kazakh name in Kazakh when the register has one', () => {
    const withKazakh = [
      { ...companies[0], nameKk: '«Альфа» жауапкершілігі шектеулі серіктестік' } as Company,
    ];
    render(<CompanySwitcher companies={withKazakh} selectedBin="990340005977" />);
    expect(screen.getByRole('button', { name: /Company:/ }).textContent).toContain('ТОО «Альфа»');
    act(() => setLocale('kk'));
    expect(screen.getByRole('button', { name: /Компания:|Ұйым:/ }).textContent).toContain('«Альфа» ЖШС');
  });

  it('falls back to the main company when nothing is selected', () => {
    render(<CompanySwitcher companies={companies} />);
    expect(trigger().textContent).toContain('Бета');
  });

  it('lists every company with the selected one and the main marker', () => {
    render(<CompanySwitcher companies={companies} selectedBin="990340005977" />);
    fireEvent.click(trigger());
    expect(screen.getByRole('listbox', { name: 'Choose a company' })).toBeTruthy();
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(options()[1]?.textContent).toContain('Main company');
    expect(options()[0]?.textContent).not.toContain('Main');
    expect(document.activeElement).toBe(screen.getByRole('listbox'));
  });

  it('selects with the mouse and reports it', () => {
    const selectCompany = vi.fn(() => true);
    const onSelect = vi.fn();
    render(
      <CompanySwitcher
        companies={companies}
        selectedBin="990340005977"
        actions={{ selectCompany }}
        onSelect={onSelect}
      />,
    );
    fireEvent.click(trigger());
    fireEvent.click(options()[2] as HTMLElement);
    expect(selectCompany).toHaveBeenCalledExactlyOnceWith('870412300123');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('870412300123');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('offers "Add company" last, by mouse and by keyboard, without selecting a company', () => {
    const selectCompany = vi.fn(() => true);
    const onAddCompany = vi.fn();
    render(
      <CompanySwitcher
        companies={companies}
        selectedBin="990340005977"
        actions={{ selectCompany }}
        onAddCompany={onAddCompany}
      />,
    );
    fireEvent.click(trigger());
    expect(options().map((o) => o.textContent)).toHaveLength(4);
    expect(options()[3]?.textContent).toBe('Add company');
    fireEvent.click(options()[3] as HTMLElement);
    expect(onAddCompany).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.keyDown(trigger(), { key: 'ArrowUp' });
    expect(activeOption()).toBe('Add company');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Enter' });
    expect(onAddCompany).toHaveBeenCalledTimes(2);
    expect(selectCompany).not.toHaveBeenCalled();
  });

  it('offers no "Add company" without onAddCompany', () => {
    render(<CompanySwitcher companies={companies} selectedBin="990340005977" />);
    fireEvent.click(trigger());
    expect(options()).toHaveLength(3);
  });

  it('is keyboard operable: arrows, Home/End, Enter selects, Esc closes', () => {
    const selectCompany = vi.fn(() => true);
    render(<CompanySwitcher companies={companies} selectedBin="990340005977" actions={{ selectCompany }} />);
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    const list = screen.getByRole('listbox');
    expect(activeOption()).toContain('Альфа');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(activeOption()).toContain('Бета');
    fireEvent.keyDown(list, { key: 'End' });
    expect(activeOption()).toContain('Серикова');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(activeOption()).toContain('Серикова');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(activeOption()).toContain('Альфа');
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(selectCompany).not.toHaveBeenCalled();
    fireEvent.keyDown(trigger(), { key: 'ArrowUp' });
    expect(activeOption()).toContain('Серикова');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'ArrowUp' });
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Enter' });
    expect(selectCompany).toHaveBeenCalledExactlyOnceWith('020540003431');
  });

  it('does not report re-selecting the current company', () => {
    const selectCompany = vi.fn(() => true);
    render(<CompanySwitcher companies={companies} selectedBin="990340005977" actions={{ selectCompany }} />);
    fireEvent.click(trigger());
    fireEvent.keyDown(screen.getByRole('listbox'), { key: ' ' });
    expect(selectCompany).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes on a press outside', () => {
    render(<CompanySwitcher companies={companies} />);
    fireEvent.click(trigger());
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it.each([
    ['en', 'You cannot switch company while editing a document'],
    ['ru', 'Нельзя сменить компанию во время редактирования документа'],
    ['kk', 'Құжатты өңдеп жатқанда компанияны ауыстыруға болмайды'],
  ] as const)('is blocked when disabled, announcing the reason in %s', (lang, reason) => {
    setLocale(lang);
    const selectCompany = vi.fn(() => true);
    render(<CompanySwitcher companies={companies} disabled actions={{ selectCompany }} />);
    const button = screen.getByRole('button');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const reasonId = button.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(reasonId)?.textContent).toBe(reason);
    expect(button.getAttribute('title')).toBe(reason);
    fireEvent.click(button);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('takes a custom reason and closes an open list when it becomes blocked', () => {
    const { rerender } = render(<CompanySwitcher companies={companies} />);
    fireEvent.click(trigger());
    expect(screen.getByRole('listbox')).toBeTruthy();
    rerender(<CompanySwitcher companies={companies} disabled disabledReason="Finish editing first" />);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('Finish editing first')).toBeTruthy();
  });

  it('says when there is no company and cannot open', () => {
    render(<CompanySwitcher companies={[]} />);
    const button = screen.getByRole('button', { name: /No company selected/ });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('relabels in Russian and Kazakh', () => {
    render(<CompanySwitcher companies={companies} selectedBin="990340005977" />);
    act(() => setLocale('ru'));
    expect(screen.getByRole('button', { name: /Компания: .*БИН\/ИИН 990340005977/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('listbox', { name: 'Выберите компанию' })).toBeTruthy();
    act(() => setLocale('kk'));
    expect(screen.getByRole('listbox', { name: 'Компанияны таңдаңыз' })).toBeTruthy();
    expect(screen.getByText('Негізгі компания')).toBeTruthy();
  });

  it('has no axe violations, closed and open', async () => {
    const { container } = render(<CompanySwitcher companies={companies} selectedBin="990340005977" />);
    await expectNoAxeViolations(container);
    fireEvent.click(trigger());
    await expectNoAxeViolations(container);
  });
});

describe('CompanySwitcher stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) =>
    expect(container.querySelector('button[aria-haspopup="listbox"]')).toBeTruthy(),
  );
});
