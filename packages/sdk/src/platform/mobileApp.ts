import { atom, type ReadableAtom } from 'nanostores';

/** Mobile platform as far as the user agent tells. */
export type MobilePlatform = 'android' | 'ios' | 'unknown';

/** Whether the page runs inside the Qoltanba mobile app wrapper, and on which platform. */
export interface MobileAppInfo {
  inApp: boolean;
  platform: MobilePlatform;
}

// Design decision: the app's WebView appends `QoltanbaApp/<version>` to the system user agent.
const APP_TOKEN = /(?:^|[\s;(])QoltanbaApp\/[0-9A-Za-z.+-]+/;

/**
 * Reads the mobile-app context from a user-agent string.
 *
 * Contract with the mobile app: its WebView appends the token `QoltanbaApp/<version>` (e.g.
 * `QoltanbaApp/1.4.0`) to the platform's user agent. `inApp` is true only when that token is present;
 * `platform` comes from the `Android` or `iPhone` / `iPad` / `iPod` / `iOS` tokens, in or out of the app.
 *
 * @example detectMobileApp('Mozilla/5.0 (Linux; Android 14) ... QoltanbaApp/1.4.0') // { inApp: true, platform: 'android' }
 */
export function detectMobileApp(userAgent: string): MobileAppInfo {
  const inApp = APP_TOKEN.test(userAgent);
  let platform: MobilePlatform = 'unknown';
  if (/\bAndroid\b/i.test(userAgent)) platform = 'android';
  else if (/\b(?:iPhone|iPad|iPod|iOS)\b/.test(userAgent)) platform = 'ios';
  return { inApp, platform };
}

/** The mobile-app context of this page, computed once from `navigator.userAgent` (not in app on node). */
export const $mobileApp: ReadableAtom<MobileAppInfo> = atom(
  detectMobileApp(typeof navigator === 'undefined' ? '' : (navigator.userAgent ?? '')),
);
