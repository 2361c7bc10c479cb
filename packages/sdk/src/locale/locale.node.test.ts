import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { $locale, initLocale, setLocale } from './locale';

describe('locale on node (no document, no location)', () => {
  it('initialises and switches without touching the DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(initLocale()).toBe('kk');
    expect(initLocale({ search: '?lang=kz' })).toBe('kk');
    expect(initLocale({ search: '?lang=ru' })).toBe('ru');
    setLocale('en');
    expect($locale.get()).toBe('en');
    expect(i18n.language).toBe('en');
  });
});
