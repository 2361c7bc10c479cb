import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';

/** The embed page's content: its height is what the host sizes the iframe to, so it has no minimum of its own. */
export const root = style({
  display: 'grid',
  gap: vars.space.lg,
  alignContent: 'start',
  padding: vars.space.lg,
  color: vars.color.text,
  background: vars.color.background,
});

/** A smaller heading than a page's: the partner's page has its own. */
export const heading = style({ fontSize: '20px', lineHeight: 1.3, fontWeight: 700, color: vars.color.text });
