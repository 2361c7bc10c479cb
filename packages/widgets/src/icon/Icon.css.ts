import { style } from '@vanilla-extract/css';

/** Inline icon box: keeps its size in flex rows and follows the text colour. */
export const icon = style({
  display: 'inline-block',
  flexShrink: 0,
  verticalAlign: 'middle',
  fill: 'currentColor',
});
