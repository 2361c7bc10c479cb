import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../../app/breakpoints';

/** The plans side by side; one under another on narrow screens. */
export const plans = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  '@media': { [media.narrow]: { gridTemplateColumns: '1fr' } },
});

export const plan = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  '@media': { [media.narrow]: { padding: vars.space.lg } },
});

/** The plan the company has now. */
export const currentPlan = style({ borderColor: vars.color.primary, borderWidth: '2px' });

export const planName = style({ fontSize: '20px', fontWeight: 700, margin: 0 });

export const price = style({ fontSize: '24px', fontWeight: 700, color: vars.color.grey['800'] });

export const badge = style({
  justifySelf: 'start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.grey['200'],
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});

/** Sending is not possible: the state stands out. */
export const blocked = style({ color: vars.color.errorText, fontWeight: 600 });

export const table = style({ width: '100%', borderCollapse: 'collapse' });

export const cell = style({
  textAlign: 'start',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

/** A table that scrolls sideways on narrow screens instead of squeezing its columns (as the API keys table). */
export const tableWrap = style({ overflowX: 'auto', width: '100%' });
