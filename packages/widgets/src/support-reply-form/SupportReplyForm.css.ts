import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Field and button, then hint and problem. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** The field beside its button; the button wraps under it on narrow screens. */
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });

/** The reply field: grows with its text up to a few lines, then scrolls. */
export const field = style({
  flex: '1 1 240px',
  minWidth: 0,
  boxSizing: 'border-box',
  minHeight: '44px',
  maxHeight: '200px',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.inputBorder}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  resize: 'vertical',
  fieldSizing: 'content',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.errorText },
    '&[readonly]': { background: vars.color.grey['100'] },
  },
});

/** The send button. */
export const send = style({ flexShrink: 0 });

/** Hint and counter. */
export const footer = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});

/** The counter past the limit. */
export const over = style({ color: vars.color.errorText, fontWeight: 600 });

/** Why the reply was not sent. */
export const problem = style({ margin: 0, color: vars.color.errorText, fontSize: vars.font.sizeSm });

/** What a closed conversation shows instead of the form. */
export const closedNote = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.grey['100'],
  color: vars.color.textMuted,
});
