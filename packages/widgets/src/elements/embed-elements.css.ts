import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The column of an embedding element's sections. */
export const elementBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
});

/** Name, number and status of the document. */
export const elementHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});

/** The PDF preview and its close button. */
export const previewBox = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
