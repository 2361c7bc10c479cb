import { describe, expect, it } from 'vitest';
import { lightThemeTokens } from './tokens';
import { vars } from './vars.css';

function leaves(tree: object, prefix: string[] = []): Array<[string[], string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[[...prefix, key], value]] : leaves(value as object, [...prefix, key]),
  );
}

function pick(tree: object, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
}

describe('theme contract', () => {
  it('names every token as a stable --qoltanba-* custom property', () => {
    for (const [path] of leaves(lightThemeTokens)) {
      expect(pick(vars, path)).toBe(`var(--qoltanba-${path.join('-')})`);
    }
  });

  it('has the SPEC section 9 palette, including the grey scale 100..800', () => {
    expect(Object.keys(lightThemeTokens.color.grey)).toEqual([
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
    ]);
    for (const [, value] of leaves(lightThemeTokens.color)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    expect(vars.color.primary).toBe('var(--qoltanba-color-primary)');
  });
});

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('light theme contrast (WCAG AA)', () => {
  const { color } = lightThemeTokens;
  it.each([
    ['text on surface', color.text, color.surface],
    ['muted text on surface', color.textMuted, color.surface],
    ['muted text on grey background', color.textMuted, color.background],
    ['error text on surface', color.errorText, color.surface],
    ['on-primary on primary', color.onPrimary, color.primary],
    ['on-primary on primary dark', color.onPrimary, color.primaryDark],
    ['primary on surface', color.primary, color.surface],
  ])('%s is at least 4.5:1', (_name, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('input borders reach 3:1 against the surface', () => {
    expect(contrast(color.inputBorder, color.surface)).toBeGreaterThanOrEqual(3);
  });
});
