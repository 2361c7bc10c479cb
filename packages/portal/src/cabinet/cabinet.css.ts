import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../app/breakpoints';
import { actionButton, navItem, tabBarItem } from '../app/shared.css';

/** Below this width the side navigation turns into a scrollable tab strip. */
const STRIP = 'screen and (max-width: 899px)';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [STRIP]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.lg } },
});

export const aside = style({
  position: 'sticky',
  // Below the sticky header, which has the company switcher row in the cabinet.
  top: '144px',
  display: 'grid',
  // Without this the grid column grows to the tab strip's full width instead of letting it scroll.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': {
    // Below desktop widths the header's navigation has a row of its own as well.
    [media.tablet]: { top: '196px' },
    // The strip sits flush under the site header.
    [STRIP]: {
      position: 'static',
      marginInline: `calc(-1 * ${vars.space.lg})`,
      marginBlockStart: `calc(-1 * ${vars.space.xl})`,
    },
    [media.narrow]: { marginBlockStart: `calc(-1 * ${vars.space.lg})` },
  },
});

/** "Create document" over the side navigation; narrower padding keeps the Russian label on one line in 240 px. */
export const createButton = style([
  actionButton,
  {
    paddingInline: vars.space.md,
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover': { background: vars.color.primaryDark } },
    '@media': { [STRIP]: { display: 'none' } },
  },
]);

export const tabList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.sm,
  listStyle: 'none',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': {
    [STRIP]: {
      display: 'flex',
      gap: 0,
      padding: `0 ${vars.space.sm}`,
      overflowX: 'auto',
      scrollbarWidth: 'none',
      borderRadius: 0,
      borderInline: 'none',
      borderTop: 'none',
    },
  },
});

export const tab = style([
  navItem,
  {
    gap: vars.space.md,
    '@media': { [STRIP]: { ...tabBarItem, gap: vars.space.sm, minHeight: '48px' } },
  },
]);

export const content = style({ minWidth: 0 });
