import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../../../app/breakpoints';

/** The tree beside the documents on wide screens, above them on narrow ones. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(240px, 320px) minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 899px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const tree = style({ minWidth: 0 });

export const documents = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

export const folderTitle = style({ fontSize: '22px', fontWeight: 600, margin: 0, overflowWrap: 'anywhere' });

export const boxTabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.narrow]: { flexWrap: 'nowrap', overflowX: 'auto' } },
});

export const boxTab = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.grey['800'],
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&:hover:not([aria-current="page"])': { borderColor: vars.color.primary },
  },
});
