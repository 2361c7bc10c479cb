import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../app/breakpoints';
import { iconTile, navItem, tabBarItem } from '../app/shared.css';

/** Page column width shared by header, main and footer. */
const column = {
  width: '100%',
  maxWidth: '1200px',
  marginInline: 'auto',
  paddingInline: vars.space.lg,
} as const;

export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: '-100px',
  zIndex: 100,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primaryDark,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  ...column,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.xl,
  rowGap: 0,
  minHeight: '64px',
  '@media': {
    [media.tablet]: { columnGap: vars.space.md },
    [media.narrow]: {
      gap: 0,
      minHeight: 0,
      paddingBlockStart: vars.space.sm,
    },
  },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.primaryDark,
  fontSize: '22px',
  fontWeight: 700,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
  '@media': {
    // Sets the first row's height when the company switcher wraps to a second row.
    [media.wide]: { minHeight: '64px' },
    // Pushes the language switch and the account corner to the end of the first row.
    [media.notDesktop]: { flex: '1 1 auto' },
    // 40 px tall to be easy to tap on a phone (the mark itself is 36 px).
    [media.narrow]: { fontSize: '20px', minHeight: '40px' },
  },
});

export const brandMark = style([
  iconTile,
  { width: '36px', height: '36px', background: vars.color.primary, color: vars.color.onPrimary },
]);

export const mainNav = style({
  flex: '1 1 auto',
  '@media': {
    // Below desktop widths Kazakh labels do not fit beside the brand, the language switch and the account.
    [media.notDesktop]: {
      order: 3,
      flexBasis: '100%',
      minWidth: 0,
      marginInline: `calc(-1 * ${vars.space.lg})`,
      borderTop: `1px solid ${vars.color.grey['200']}`,
    },
    [media.tablet]: {
      // The links' own padding then lines their icons up with the brand.
      padding: `${vars.space.xs} calc(${vars.space.lg} - ${vars.space.md})`,
      overflowX: 'auto',
      scrollbarWidth: 'none',
    },
    [media.narrow]: { marginBlockStart: vars.space.sm },
  },
});

export const navList = style({
  display: 'flex',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  // On phones the three items share the row equally, icon above label, like a tab bar.
  '@media': { [media.narrow]: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0 } },
});

export const navLink = style([
  navItem,
  {
    display: 'inline-flex',
    gap: vars.space.sm,
    '@media': {
      [media.narrow]: {
        ...tabBarItem,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: '2px',
        minHeight: '56px',
        padding: vars.space.xs,
        fontSize: vars.font.sizeSm,
        lineHeight: 1.2,
        textAlign: 'center',
        whiteSpace: 'normal',
      },
    },
  },
]);

export const main = style({
  ...column,
  flex: '1 0 auto',
  paddingBlock: vars.space.xl,
  ':focus': { outline: 'none' },
  '@media': { [media.narrow]: { paddingBlock: vars.space.lg } },
});

export const footer = style({
  marginBlockStart: '48px',
  background: vars.color.grey['800'],
  color: vars.color.grey['200'],
});

export const footerInner = style({
  ...column,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  paddingBlock: vars.space.xl,
});

export const footerBrand = style({
  display: 'grid',
  gap: vars.space.xs,
});

export const footerName = style({ color: '#ffffff', fontWeight: 700, fontSize: '18px' });

export const footerText = style({ fontSize: vars.font.sizeSm, color: vars.color.grey['400'] });

export const footerLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A footer link, 40 px tall to be easy to tap (the rows of links then need no gap between them). */
export const footerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '40px',
  color: vars.color.grey['200'],
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: '#ffffff', textDecoration: 'underline' },
    // The theme's blue ring is too dark to see on the dark footer (under 3:1).
    '&:focus-visible': { outlineColor: vars.color.grey['200'] },
  },
});

/** Header items that keep their width; the navigation gives way instead. */
export const noShrink = style({ flexShrink: 0 });
