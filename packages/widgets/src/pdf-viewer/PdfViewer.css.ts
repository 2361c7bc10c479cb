import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Space around and between pages, in px (the fit-to-width scale leaves it free). */
export const PAGE_GAP_PX = 12;

/** Toolbar above the scrolling pages. */
export const frame = style({
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surface,
});

/** Page navigation and zoom; wraps into two rows on phones. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** A group of toolbar controls. */
export const toolbarGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

/** The zoom percentage. */
export const zoomText = style({ minWidth: '7ch', textAlign: 'center', fontSize: vars.font.sizeSm });

/** The scrolling area of the pages (its height is set by the viewer). */
export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  background: vars.color.grey['300'],
  overscrollBehavior: 'contain',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' } },
});

/** The column of pages. */
export const pages = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: `${PAGE_GAP_PX}px`,
  padding: `${PAGE_GAP_PX}px`,
  width: 'max-content',
  minWidth: '100%',
  boxSizing: 'border-box',
});

/** A page: white, with a shadow; its size is set inline from the page and the scale. */
export const page = style({
  position: 'relative',
  flexShrink: 0,
  background: '#ffffff',
  boxShadow: '0 1px 4px rgba(37, 44, 54, 0.25)',
});

/** The page's canvas fills its box. */
export const canvas = style({ display: 'block', width: '100%', height: '100%' });

/** A page that could not be drawn. */
export const pageError = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  color: vars.color.errorText,
  textAlign: 'center',
});
