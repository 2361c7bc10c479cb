import { DESKTOP_MIN_WIDTH } from '@qoltanba/core';

/** True when a viewport `width` in CSS pixels gets the desktop layout (at least DESKTOP_MIN_WIDTH). */
export function isDesktopWidth(width: number): boolean {
  return width >= DESKTOP_MIN_WIDTH;
}

/** Where bare `/cabinet` leads: the incoming list on desktop widths, the mobile main page otherwise. */
export function cabinetHomePath(width: number): '/cabinet/incoming' | '/cabinet/main' {
  return isDesktopWidth(width) ? '/cabinet/incoming' : '/cabinet/main';
}
