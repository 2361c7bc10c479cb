import { readCookie, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { renderPortal } from '../test/renderPortal';

beforeEach(() => {
  registerPortalTranslations();
  setLocale('kk');
});

describe('language switching in the header', () => {
  it('updates <html lang> and every text at once, without a reload', async () => {
    renderPortal('/');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Құжаттарға ЭЦҚ немесе eGov mobile арқылы онлайн қол қойыңыз');
    const header = screen.getByRole('banner');
    const nav = screen.getByRole('navigation', { name: 'Негізгі мәзір' });
    expect(within(nav).getByRole('link', { name: /Тарифтер/ })).toBeTruthy();

    fireEvent.click(within(header).getByRole('button', { name: 'Русский' }));

    expect(document.documentElement.lang).toBe('ru');
    expect(heading.textContent).toBe('Подписывайте документы онлайн с ЭЦП или eGov mobile');
    expect(
      within(screen.getByRole('navigation', { name: 'Основное меню' })).getByRole('link', { name: /Тарифы/ }),
    );
    // Same DOM nodes: the page was re-rendered in place, not reloaded.
    expect(screen.getByRole('banner')).toBe(header);
    expect(within(header).getByRole('button', { name: 'Русский' }).getAttribute('aria-pressed')).toBe('true');
    expect(readCookie('lang')).toBe('ru');
    await waitFor(() => expect(document.title).toBe('Подписание электронных документов · Qoltanba'));

    fireEvent.click(within(header).getByRole('button', { name: 'English' }));
    expect(document.documentElement.lang).toBe('en');
    expect(heading.textContent).toBe('Sign documents online with an EDS or eGov mobile');
  });
});
