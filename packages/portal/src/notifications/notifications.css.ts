import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { headerMenuPopup, headerMenuRoot, headerMenuToggle } from '../layout/headerMenu.css';
import { visuallyHiddenHeading } from '../screens/screens.css';

export const bellRoot = headerMenuRoot;

export const bellButton = style([
  headerMenuToggle,
  {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    padding: 0,
  },
]);

/** The count on the bell (the button's label says it to screen readers). */
export const badge = style({
  position: 'absolute',
  top: '-4px',
  insetInlineEnd: '-4px',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: vars.radius.pill,
  background: vars.color.red,
  color: vars.color.onPrimary,
  fontSize: '11px',
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

/** Read out, not shown (the unread mark, the live counter). */
export const visuallyHidden = visuallyHiddenHeading;

export const panel = style([
  headerMenuPopup,
  {
    gap: vars.space.xs,
    width: 'min(380px, 90vw)',
    maxHeight: '70vh',
    overflowY: 'auto',
    padding: vars.space.sm,
  },
]);

export const panelHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingInline: vars.space.xs,
});

export const panelTitle = style({ margin: 0, fontSize: vars.font.sizeMd, fontWeight: 600 });

export const panelNote = style({ margin: 0, padding: vars.space.sm, color: vars.color.textMuted });

export const textButton = style({
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.grey['100'] },
    '&:disabled': { color: vars.color.textMuted, cursor: 'default' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const allLink = style({
  display: 'block',
  padding: vars.space.sm,
  textAlign: 'center',
  color: vars.color.primary,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' } },
});

export const list = style({ display: 'grid', gap: '2px', margin: 0, padding: 0, listStyle: 'none' });

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  borderRadius: vars.radius.sm,
  selectors: { '&[data-unread="true"]': { background: vars.color.grey['100'] } },
});

export const itemLink = style({
  display: 'grid',
  flex: 1,
  gap: '2px',
  minWidth: 0,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.grey['800'],
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { color: vars.color.primaryDark },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    [`${item}[data-unread="true"] &`]: { fontWeight: 600 },
  },
});

export const itemText = style({});

export const itemTime = style({ fontSize: vars.font.sizeSm, fontWeight: 400, color: vars.color.textMuted });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '44px',
  height: '44px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.primary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.grey['200'] },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const fieldset = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});

export const legend = style({ padding: `0 ${vars.space.xs}`, fontWeight: 600 });

export const checkRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  cursor: 'pointer',
});
