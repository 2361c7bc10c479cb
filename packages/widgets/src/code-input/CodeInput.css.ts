import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The code field and its resend row. */
export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
  color: vars.color.text,
});

/** Wide-spaced digits, so six of them read as a code. */
export const codeInput = style({
  fontVariantNumeric: 'tabular-nums',
  fontSize: '22px',
  letterSpacing: '0.4em',
  maxWidth: '240px',
});

/** "Code sent to …" above the field. */
export const sentTo = style({ margin: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
