import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  maxWidth: '72ch',
  scrollMarginTop: '80px',
  lineHeight: 1.55,
});

export const sectionTitle = style({ fontSize: '22px', fontWeight: 700, color: vars.color.grey['800'] });

export const list = style({ display: 'grid', gap: vars.space.xs, paddingInlineStart: '1.5em' });

export const terms = style({ display: 'grid', gap: vars.space.sm });

export const term = style({ fontWeight: 600 });

export const meaning = style({ marginInlineStart: 0, color: vars.color.textMuted });

export const contents = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  paddingInlineStart: 0,
  listStyle: 'none',
});

export const languages = style({ display: 'flex', gap: vars.space.md });
