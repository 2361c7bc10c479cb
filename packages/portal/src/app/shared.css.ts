import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';

// Looks that several portal screens share; each screen composes them (`style([shared, {...}])`).

/** Pale primary behind the current navigation item and icon tiles (the theme has no such token). */
export const PRIMARY_SOFT = '#e8f0fc';

/** A 48 px action (button or link): icon and label centred; screens add the colours. */
export const actionButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `0 ${vars.space.xl}`,
  border: 'none',
  borderRadius: vars.radius.md,
  font: 'inherit',
  fontSize: '16px',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms ease',
});

/** An item of a navigation list (main menu, cabinet tabs): icon and label, the current page tinted. */
export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.grey['700'],
  fontWeight: 500,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.grey['100'], color: vars.color.primaryDark },
    '&[aria-current="page"]': { background: PRIMARY_SOFT, color: vars.color.primary },
  },
});

/** Rules for a {@link navItem} inside a tab bar: square, the current page underlined instead of tinted. */
export const tabBarItem = {
  borderRadius: 0,
  selectors: {
    '&[aria-current="page"]': {
      background: 'transparent',
      boxShadow: `inset 0 -3px 0 ${vars.color.primary}`,
    },
  },
} as const;

/** A square tile holding one icon, centred; screens set its size. */
export const iconTile = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.md,
  background: PRIMARY_SOFT,
  color: vars.color.primary,
});
