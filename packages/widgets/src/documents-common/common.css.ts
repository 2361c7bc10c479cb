import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

// Pieces shared by the document widgets (buttons, badges, state messages, panels).

/** The root of a document widget: theme font and colours; a size container for its narrow (phone) layout. */
export const widgetRoot = style({
  boxSizing: 'border-box',
  containerType: 'inline-size',
  width: '100%',
  minWidth: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
  color: vars.color.text,
});

const focusRing = { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' };

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  boxSizing: 'border-box',
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontWeight: vars.font.weightMedium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': focusRing,
    '&[aria-disabled="true"], &:disabled': { opacity: 0.6, cursor: 'not-allowed' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

/** Buttons: the main action, an outlined secondary one, a quiet text one, and a destructive one. */
export const button = styleVariants({
  primary: [
    buttonBase,
    {
      border: '1px solid transparent',
      background: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.primaryDark },
      },
    },
  ],
  secondary: [
    buttonBase,
    {
      border: `1px solid ${vars.color.inputBorder}`,
      background: vars.color.surface,
      color: vars.color.text,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.grey['200'] },
      },
    },
  ],
  quiet: [
    buttonBase,
    {
      border: '1px solid transparent',
      background: 'transparent',
      color: vars.color.primary,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.grey['100'] },
      },
    },
  ],
  danger: [
    buttonBase,
    {
      border: `1px solid ${vars.color.errorText}`,
      background: vars.color.surface,
      color: vars.color.errorText,
      selectors: {
        '&:hover:not([aria-disabled="true"]):not(:disabled)': { background: vars.color.grey['100'] },
      },
    },
  ],
});

/** A square 40 px button holding one icon; its name comes from aria-label. */
export const iconButton = style([
  buttonBase,
  {
    width: '40px',
    padding: 0,
    border: '1px solid transparent',
    background: 'transparent',
    color: vars.color.textMuted,
    selectors: {
      '&:hover:not([aria-disabled="true"]):not(:disabled)': {
        background: vars.color.grey['200'],
        color: vars.color.text,
      },
    },
  },
]);

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: '1px solid currentColor',
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightMedium,
  whiteSpace: 'nowrap',
  background: vars.color.surface,
});

/** Status badges by tone: darker text colours keep 4.5:1 on white. */
export const badge = styleVariants({
  neutral: [badgeBase, { color: vars.color.grey['700'] }],
  progress: [badgeBase, { color: vars.color.primary }],
  success: [badgeBase, { color: vars.color.green }],
  danger: [badgeBase, { color: vars.color.errorText }],
  muted: [badgeBase, { color: vars.color.textMuted }],
});

/** A bordered surface panel. */
export const panel = style({
  boxSizing: 'border-box',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

/** The loading / empty / error message of a widget. */
export const stateBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

/** The error variant of {@link stateBox}. */
export const stateError = style({ color: vars.color.errorText });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** A spinning icon. */
export const spinner = style({
  animation: `${spin} 0.9s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** Small muted text. */
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** A section heading inside a widget. */
export const sectionHeading = style({ margin: 0, fontSize: '17px', fontWeight: 600, lineHeight: 1.3 });

/** A list without bullets or indentation. */
export const plainList = style({ margin: 0, padding: 0, listStyle: 'none' });

/** Text that may break anywhere rather than overflow (names, e-mails, hashes). */
export const breakAnywhere = style({ overflowWrap: 'anywhere', minWidth: 0 });

/** A paragraph without margins. */
export const flush = style({ margin: 0 });
