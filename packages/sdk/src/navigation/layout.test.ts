import { describe, expect, it } from 'vitest';
import { cabinetHomePath, isDesktopWidth } from './layout';

describe('layout breakpoint', () => {
  it.each([
    [1279, false, '/cabinet/main'],
    [1280, true, '/cabinet/incoming'],
    [1400, true, '/cabinet/incoming'],
    [390, false, '/cabinet/main'],
  ] as const)('width %i: desktop %s, cabinet home %s', (width, desktop, home) => {
    expect(isDesktopWidth(width)).toBe(desktop);
    expect(cabinetHomePath(width)).toBe(home);
  });
});
