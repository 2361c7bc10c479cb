import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/**
 * The column every account widget and its form is laid out in: fits a 390 px phone, stops growing at 420 px,
 * carries the theme's body font and text colour.
 */
export const formLayout = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  boxSizing: 'border-box',
  width: '100%',
  maxWidth: '420px',
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
  color: vars.color.text,
});

/**
 * A form column (the shared {@link formLayout}). Inside a widget's own column it takes that column's whole
 * width, so its fields line up with the tabs and links around it (a dialog widens the column past 420 px).
 */
export const form = style([formLayout, { selectors: { [`${formLayout} &`]: { maxWidth: 'none' } } }]);

/** Label, control, hint and error of one field. */
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });

/** A field label. */
export const label = style({ fontWeight: vars.font.weightMedium, fontSize: vars.font.sizeSm });

/** Wraps an input with a button placed inside its end edge. */
export const control = style({ position: 'relative', display: 'flex', alignItems: 'center' });

/** A text input; red border while aria-invalid. */
export const input = style({
  boxSizing: 'border-box',
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.errorText, borderWidth: '2px' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&:disabled': { background: vars.color.grey['100'], color: vars.color.textMuted },
  },
});

/** Leaves room for the button inside the input's end edge. */
export const inputWithButton = style({ paddingRight: '48px' });

/** The show/hide password toggle inside the input. */
export const inlineButton = style({
  position: 'absolute',
  right: '4px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.grey['200'] },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

/** A hint under a control. */
export const hint = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

/** A field's error text. */
export const fieldError = style({ fontSize: vars.font.sizeSm, color: vars.color.errorText });

/** The form's alert region; takes no room while empty. */
export const alert = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.errorText}`,
  borderRadius: vars.radius.sm,
  background: vars.color.grey['100'],
  color: vars.color.errorText,
  overflowWrap: 'anywhere',
  selectors: { '&:empty': { display: 'none' } },
});

/** The link after an alert's message: the page that fixes the cause. */
export const alertLink = style({
  color: vars.color.errorText,
  fontWeight: 600,
  textDecoration: 'underline',
});

/** A polite status line (e.g. "a new code has been sent"); takes no room while empty. */
export const status = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  selectors: { '&:empty': { display: 'none' } },
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  boxSizing: 'border-box',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontWeight: vars.font.weightMedium,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-disabled="true"]': { opacity: 0.65, cursor: 'not-allowed' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

/** The main action of a form, full width. */
export const primaryButton = style([
  buttonBase,
  {
    width: '100%',
    border: 'none',
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover:not([aria-disabled="true"])': { background: vars.color.primaryDark } },
  },
]);

/** A secondary action with an outline. */
export const secondaryButton = style([
  buttonBase,
  {
    border: `1px solid ${vars.color.inputBorder}`,
    background: vars.color.surface,
    color: vars.color.text,
    selectors: { '&:hover:not([aria-disabled="true"])': { background: vars.color.grey['200'] } },
  },
]);

/** A button that looks like a link (navigation inside the forms); 40 px tall to be easy to tap. */
export const linkButton = style({
  minHeight: '40px',
  padding: `${vars.space.xs} 0`,
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  textDecoration: 'underline',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.primaryDark },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-disabled="true"]': { color: vars.color.textMuted, textDecoration: 'none', cursor: 'default' },
  },
});

/** A row of links or buttons that wraps on narrow screens. */
export const actionsRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** The busy spinner inside a button. */
export const spinner = style({ animation: `${spin} 0.9s linear infinite` });

/** A form heading. */
export const heading = style({ margin: 0, fontSize: '20px', fontWeight: 600, lineHeight: 1.3 });

/** Explanatory text in a form. */
export const paragraph = style({ margin: 0, color: vars.color.textMuted });
