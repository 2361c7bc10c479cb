import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The confirmation: question, problem, buttons. */
export const confirm = style({
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '360px',
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** The question (focused when the confirmation opens). */
export const question = style({
  margin: 0,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

/** Why closing failed. */
export const problem = style({ margin: 0, color: vars.color.errorText, fontSize: vars.font.sizeSm });

/** Close and cancel. */
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
