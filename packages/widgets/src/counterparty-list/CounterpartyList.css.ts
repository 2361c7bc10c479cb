import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Heading row, then the cards. */
export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** Title and "Add counterparty". */
export const headerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** The cards: as many columns as fit, one on phones. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** One counterparty. */
export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

/** The counterparty's name. */
export const name = style({
  margin: 0,
  fontSize: vars.font.sizeMd,
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

/** Edit and delete (or the confirmation). */
export const cardButtons = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginTop: 'auto',
  paddingTop: vars.space.sm,
});
