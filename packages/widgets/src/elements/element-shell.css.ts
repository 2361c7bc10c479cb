import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

// A custom element is inline by default; a block takes the width the host gives it.
globalStyle(':host', { display: 'block' });
globalStyle(':host([hidden])', { display: 'none' });

/** The element's root box: the theme's surface and text colours, so dark host pages get a dark element. */
export const elementRoot = style({
  color: vars.color.text,
  background: vars.color.surface,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
  borderRadius: vars.radius.md,
});

/** The line shown while the language's texts load. */
export const loadingLine = style({ display: 'block', padding: vars.space.md, color: vars.color.textMuted });
