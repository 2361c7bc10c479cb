import { createGlobalThemeContract } from '@vanilla-extract/css';
import { lightThemeTokens } from './tokens';

/**
 * Theme contract: every token is a stable CSS custom property `--qoltanba-<path>`
 * (e.g. `--qoltanba-color-primary`), so host pages can restyle widgets by setting them on the element.
 */
export const vars = createGlobalThemeContract(
  lightThemeTokens,
  (_value, path) => `qoltanba-${path.join('-')}`,
);
