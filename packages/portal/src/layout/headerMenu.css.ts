import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../app/breakpoints';

// The header's disclosures (the user menu, the notification bell) look alike: these are their shared parts, which
// account.css.ts and notifications.css.ts compose with their own sizes.

/** A header menu's root: the popup is placed against it. */
export const headerMenuRoot = style({
  position: 'relative',
  flexShrink: 0,
  '@media': { [media.narrow]: { marginInlineStart: vars.space.sm } },
});

/** A header menu's toggle: a pill that stays pressed-looking while its popup is open. */
export const headerMenuToggle = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.grey['800'],
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.grey['100'] },
    '&[aria-expanded="true"]': { background: vars.color.grey['100'], borderColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** A header menu's popup, under the toggle at the inline end; `hidden` while closed. */
export const headerMenuPopup = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: 'calc(100% + 6px)',
  zIndex: 20,
  display: 'grid',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.12)',
  selectors: { '&[hidden]': { display: 'none' } },
});
