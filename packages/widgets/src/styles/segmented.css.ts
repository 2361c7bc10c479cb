import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

// The pill-shaped segmented control shared by the login method tabs and the language switch.

/** The pill outline around a row of segments. */
export const segmentGroup = style({
  padding: '2px',
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
});

/** One segment button; the chosen one (aria-selected or aria-pressed) is filled with the primary colour. */
export const segment = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.font.weightMedium,
  cursor: 'pointer',
  selectors: {
    '&:hover:not([aria-selected="true"]):not([aria-pressed="true"])': { background: vars.color.grey['200'] },
    '&[aria-selected="true"], &[aria-pressed="true"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
