import { describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { shownPortalLang } from './portalTexts';

describe('portal strings one language at a time', () => {
  it('shows a language once its strings are loaded, else the default, else the first loaded, never keys', () => {
    expect(shownPortalLang('ru', ['kk', 'ru'])).toBe('ru');
    expect(shownPortalLang('ru', ['en', 'kk'])).toBe('kk');
    expect(shownPortalLang('ru', ['en'])).toBe('en');
    // Nothing loaded yet (before the first render): the wanted language, whose fetch the caller awaits.
    expect(shownPortalLang('en', [])).toBe('en');
  });

  it("loads a language's catalogue from its own module and translates with it", async () => {
    // Fresh modules: the test setup registered all three languages in the shared ones.
    vi.resetModules();
    const { $portalLangs, loadPortalTexts } = await import('./portalTexts');
    const { portalT } = await import('./usePortalT');
    expect($portalLangs.get()).toEqual([]);
    expect(portalT('en')('nav.check')).toBe('nav.check');
    await loadPortalTexts('en');
    expect($portalLangs.get()).toEqual(['en']);
    expect($portalLangs.get()).toContain('en');
    expect(portalT('en')('nav.check')).toBe(en.nav.check);
    // A second call is the same, settled: no second fetch, no duplicate registration.
    await loadPortalTexts('en');
    expect($portalLangs.get().filter((lang) => lang === 'en')).toHaveLength(1);
  });

  it("loads a language's error texts with its strings: core's catalogue texts of that language only", async () => {
    vi.resetModules();
    const { loadPortalTexts } = await import('./portalTexts');
    const { $loadedLangs, errorTextsOf } = await import('./errorTexts');
    const { errorMessage } = await import('@qoltanba/core');
    expect(errorTextsOf('ru')).toBeUndefined();
    await loadPortalTexts('ru');
    expect($loadedLangs.get()).toEqual(['ru']);
    expect(errorTextsOf('ru')?.INVALID_LOGIN).toBe(errorMessage('INVALID_LOGIN', 'ru'));
    expect(errorTextsOf('ru')?.['RATE_LIMITED#withoutParams']).toBe(
      'Слишком много запросов. Повторите попытку позже',
    );
    expect(errorTextsOf('en')).toBeUndefined();
  });
});
