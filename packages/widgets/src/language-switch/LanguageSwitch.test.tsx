import type { Lang } from '@qoltanba/core';
import { $locale, setLocale } from '@qoltanba/sdk';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-support/axe';
import { LanguageSwitch, type LanguageSwitchProps } from './LanguageSwitch';
import * as stories from './LanguageSwitch.stories';

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('LanguageSwitch', () => {
  beforeEach(() => setLocale('kk'));

  it('names every language in itself and labels the group in the current language', () => {
    render(<LanguageSwitch />);
    expect(screen.getByRole('group', { name: 'Тілді таңдаңыз' })).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('lang')])).toEqual([
      ['Қазақша', 'kk'],
      ['Русский', 'ru'],
      ['English', 'en'],
    ]);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  });

  it('switches $locale on click, updates the pressed state and the label, and reports the choice', () => {
    const onLanguageChange = vi.fn();
    render(<LanguageSwitch onLanguageChange={onLanguageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Русский' }));
    expect($locale.get()).toBe('ru');
    expect(pressed('Русский')).toBe('true');
    expect(pressed('Қазақша')).toBe('false');
    expect(screen.getByRole('group', { name: 'Выберите язык' })).toBeTruthy();
    expect(onLanguageChange).toHaveBeenCalledExactlyOnceWith('ru');
  });

  it('does not report a click on the language already chosen', () => {
    const onLanguageChange = vi.fn();
    render(<LanguageSwitch onLanguageChange={onLanguageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Қазақша' }));
    expect(onLanguageChange).not.toHaveBeenCalled();
    expect($locale.get()).toBe('kk');
  });

  it('follows changes made elsewhere without reporting them as user choices', () => {
    const onLanguageChange = vi.fn();
    render(<LanguageSwitch onLanguageChange={onLanguageChange} />);
    act(() => setLocale('en'));
    expect(pressed('English')).toBe('true');
    expect(screen.getByRole('group', { name: 'Choose a language' })).toBeTruthy();
    expect(onLanguageChange).not.toHaveBeenCalled();
  });

  it('forces the shared locale from the locale prop, accepting kz for Kazakh', () => {
    const { rerender } = render(<LanguageSwitch locale="en" />);
    expect($locale.get()).toBe('en');
    expect(pressed('English')).toBe('true');
    rerender(<LanguageSwitch locale="kz" />);
    expect($locale.get()).toBe('kk');
    rerender(<LanguageSwitch locale="de" />);
    expect($locale.get()).toBe('kk');
  });

  it('moves focus with arrow keys, Home and End', () => {
    render(<LanguageSwitch />);
    const [kk, ru, en] = screen.getAllByRole('button');
    kk?.focus();
    fireEvent.keyDown(kk as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(ru);
    fireEvent.keyDown(ru as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(en);
    fireEvent.keyDown(en as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(kk);
    fireEvent.keyDown(kk as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(en);
    fireEvent.keyDown(en as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(kk);
  });

  it('shows short labels in compact mode while keeping the full name accessible', () => {
    render(<LanguageSwitch compact />);
    const ru = screen.getByRole('button', { name: 'Русский' });
    expect(ru.textContent).toBe('РУС');
  });

  it('has no axe violations', async () => {
    const { container } = render(<LanguageSwitch />);
    await expectNoAxeViolations(container);
  });
});

describe('LanguageSwitch props', () => {
  it('types the callback payload as a Lang and rejects wrong prop types', () => {
    expectTypeOf<Parameters<NonNullable<LanguageSwitchProps['onLanguageChange']>>>().toEqualTypeOf<[Lang]>();
    // @ts-expect-error compact is a boolean
    const wrong: LanguageSwitchProps = { compact: 'yes' };
    expect(wrong).toBeDefined();
  });
});

describe('LanguageSwitch stories', () => {
  const composed = Object.entries(composeStories(stories));

  it.each(composed)('%s renders with its language pressed and no axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    const lang = Story.args.locale ?? 'kk';
    expect(container.querySelector(`button[lang="${lang}"]`)?.getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(container);
  });
});
