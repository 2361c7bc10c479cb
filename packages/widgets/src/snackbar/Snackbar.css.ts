import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { roundIconButton } from '../styles/icon-button.css';
import { vars } from '../theme/vars.css';

/** Fixed stack at the bottom centre; clicks pass through the empty area. */
export const stack = style({
  position: 'fixed',
  insetInline: 0,
  bottom: vars.space.lg,
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.lg,
  pointerEvents: 'none',
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
});

const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  boxSizing: 'border-box',
  width: 'min(560px, 100%)',
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: '4px',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  pointerEvents: 'auto',
});

const accent = createVar();

/** One snackbar, with the accent of its kind on the leading edge and on the icon. */
export const snackbar = styleVariants(
  { info: vars.color.accentBlue, success: vars.color.green, error: vars.color.red },
  (color) => [item, { vars: { [accent]: color }, borderLeftColor: accent }],
);

/** Kind icon, in the accent colour. */
export const kindIcon = style({ color: accent });

/** Message text; long words wrap instead of widening the snackbar. */
export const message = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

/** The dismiss (close) button. */
export const dismiss = style([roundIconButton, { flexShrink: 0, width: '40px', height: '40px' }]);
