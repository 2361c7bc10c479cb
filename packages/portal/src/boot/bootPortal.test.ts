import { $locale, deleteCookie, readCookie, setLocale } from '@qoltanba/sdk';
import { lightTheme } from '@qoltanba/widgets';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_PLATFORM_ATTRIBUTE, bootPortal } from './bootPortal';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
  setLocale('kk');
});

describe('bootPortal', () => {
  it('takes the language from ?lang=kz as Kazakh and puts it on <html lang>', () => {
    setLocale('en');
    stop = bootPortal({ search: '?lang=kz', userAgent: DESKTOP_UA, environment: 'test' });
    expect($locale.get()).toBe('kk');
    expect(document.documentElement.lang).toBe('kk');
  });

  it('takes ?lang=ru and keeps <html lang> in step with later switches', () => {
    stop = bootPortal({ search: '?lang=ru', userAgent: DESKTOP_UA, environment: 'test' });
    expect(document.documentElement.lang).toBe('ru');
    setLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to the stored choice, then to Kazakh', () => {
    setLocale('ru');
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'test' });
    expect($locale.get()).toBe('ru');
    stop();
    deleteCookie('lang');
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'test' });
    expect($locale.get()).toBe('kk');
  });

  it('marks <html> with the app platform only inside the mobile app', () => {
    stop = bootPortal({
      search: '',
      userAgent: `${DESKTOP_UA} Android QoltanbaApp/1.0`,
      environment: 'test',
    });
    expect(document.documentElement.getAttribute(APP_PLATFORM_ATTRIBUTE)).toBe('android');
    stop();
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'test' });
    expect(document.documentElement.hasAttribute(APP_PLATFORM_ATTRIBUTE)).toBe(false);
  });

  it('applies the light theme class to <body> and removes it on cleanup', () => {
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'test' });
    expect(document.body.classList.contains(lightTheme)).toBe(true);
    stop();
    stop = undefined;
    expect(document.body.classList.contains(lightTheme)).toBe(false);
  });

  it('writes the lastProjectHref cookie on start', () => {
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'test' });
    expect(readCookie('lastProjectHref')).toBe(window.location.href);
  });

  it("does not remember the embed page as the last page (its address holds the partner's token)", () => {
    deleteCookie('lastProjectHref');
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'test', embedded: true });
    expect(readCookie('lastProjectHref')).toBeUndefined();
  });

  it('reports uncaught errors only in production', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'development' });
    expect(listen.mock.calls.map(([type]) => type)).not.toContain('unhandledrejection');
    stop();
    stop = bootPortal({ search: '', userAgent: DESKTOP_UA, environment: 'production' });
    expect(listen.mock.calls.map(([type]) => type)).toContain('unhandledrejection');
  });
});
