import { afterEach, describe, expect, it, vi } from 'vitest';
import { $mobileApp, detectMobileApp } from './mobileApp';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('detectMobileApp', () => {
  it.each([
    [`${ANDROID_CHROME} QoltanbaApp/1.4.0`, { inApp: true, platform: 'android' }],
    [`${IPHONE_SAFARI} QoltanbaApp/2.0.1-beta.3`, { inApp: true, platform: 'ios' }],
    [`${IPAD} QoltanbaApp/1.0`, { inApp: true, platform: 'ios' }],
    ['QoltanbaApp/3.1 (iOS 18)', { inApp: true, platform: 'ios' }],
    [`${DESKTOP} QoltanbaApp/1.0.0`, { inApp: true, platform: 'unknown' }],
    [ANDROID_CHROME, { inApp: false, platform: 'android' }],
    [IPHONE_SAFARI, { inApp: false, platform: 'ios' }],
    [DESKTOP, { inApp: false, platform: 'unknown' }],
    ['', { inApp: false, platform: 'unknown' }],
  ] as const)('%s', (userAgent, expected) => {
    expect(detectMobileApp(userAgent)).toEqual(expected);
  });

  it('needs the token with a version, as a separate word', () => {
    expect(detectMobileApp(`${ANDROID_CHROME} QoltanbaApp`).inApp).toBe(false);
    expect(detectMobileApp(`${ANDROID_CHROME} NotQoltanbaApp/1.0`).inApp).toBe(false);
    expect(detectMobileApp(`${ANDROID_CHROME} qoltanbaapp/1.0`).inApp).toBe(false);
  });

  it('does not mistake words containing the platform names', () => {
    expect(detectMobileApp('Mozilla/5.0 Androidish; iPhoneX-like').platform).toBe('unknown');
  });
});

describe('$mobileApp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('reads navigator.userAgent when the module loads', async () => {
    vi.stubGlobal('navigator', { userAgent: `${IPHONE_SAFARI} QoltanbaApp/1.2.3` });
    vi.resetModules();
    const fresh = await import('./mobileApp');
    expect(fresh.$mobileApp.get()).toEqual({ inApp: true, platform: 'ios' });
  });

  it('is computed from the environment once (node: not in app)', () => {
    const value = $mobileApp.get();
    expect(value).toEqual(detectMobileApp(typeof navigator === 'undefined' ? '' : navigator.userAgent));
    expect(value.inApp).toBe(false);
  });
});
