import { vars } from '@qoltanba/widgets';
import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../app/breakpoints';
import { headerMenuPopup, headerMenuRoot, headerMenuToggle } from './headerMenu.css';

export const loginButton = style({
  position: 'relative',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  font: 'inherit',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primaryDark },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': {
    // Phones: an icon button, so the header row keeps the brand, the language switch and the account.
    [media.narrow]: {
      justifyContent: 'center',
      width: '40px',
      minHeight: '40px',
      padding: 0,
      marginInlineStart: vars.space.sm,
    },
  },
});

/** Visible text on wide screens; on phones only read out (the button shows its icon). */
export const narrowHidden = style({
  '@media': {
    [media.narrow]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const menuRoot = headerMenuRoot;

export const menuButton = style([
  headerMenuToggle,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    minHeight: '40px',
    maxWidth: '220px',
    padding: `0 ${vars.space.sm}`,
    font: 'inherit',
    fontWeight: 500,
    '@media': { [media.narrow]: { justifyContent: 'center', width: '40px', padding: 0 } },
  },
]);

/** The first name beside the avatar on wide screens (the menu shows the full name). */
export const menuName = style({
  maxWidth: '120px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [media.notDesktop]: { display: 'none' } },
});

/** The chevron of the menu button; phones show only the avatar icon. */
export const menuChevron = style({
  display: 'inline-flex',
  '@media': { [media.narrow]: { display: 'none' } },
});

export const menuList = style([
  headerMenuPopup,
  { gap: '2px', minWidth: '240px', margin: 0, padding: vars.space.xs, listStyle: 'none' },
]);

export const menuIdentity = style({
  display: 'grid',
  gap: '2px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.grey['200']}`,
  marginBlockEnd: vars.space.xs,
});

export const menuIdentityName = style({ fontWeight: 600, color: vars.color.grey['800'] });

export const menuIdentityEmail = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.grey['800'],
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.grey['100'], color: vars.color.primaryDark },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

/**
 * The company switcher's place: a row of its own under the brand and navigation, so the first row keeps
 * its room for the navigation in every language.
 */
export const companySlot = style({
  order: 2,
  display: 'flex',
  alignItems: 'center',
  flexBasis: '100%',
  minWidth: 0,
  paddingBlockEnd: vars.space.sm,
  '@media': { [media.narrow]: { paddingBlock: vars.space.xs } },
});

const slide = keyframes({
  '0%': { transform: 'translateX(-100%)' },
  '100%': { transform: 'translateX(250%)' },
});

export const progress = style({
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: 50,
  height: '3px',
  overflow: 'hidden',
  pointerEvents: 'none',
  opacity: 0,
  transition: 'opacity 200ms ease',
  selectors: {
    '&[data-active="true"]': { opacity: 1, transitionDelay: '150ms' },
    '&::before': {
      content: '""',
      position: 'absolute',
      insetBlock: 0,
      width: '40%',
      background: vars.color.primary,
      animation: `${slide} 1.1s ease-in-out infinite`,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&::before': { animation: 'none', width: '100%' } } },
  },
});
