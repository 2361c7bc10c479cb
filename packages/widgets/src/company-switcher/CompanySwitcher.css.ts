import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Anchors the popup under the trigger. */
export const root = style({
  position: 'relative',
  display: 'inline-block',
  maxWidth: '100%',
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
  color: vars.color.text,
});

/** The button showing the current company. */
export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  boxSizing: 'border-box',
  maxWidth: '100%',
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover:not([aria-disabled="true"])': { background: vars.color.grey['100'] },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-disabled="true"]': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
});

/** Name and number stacked; long names are cut with an ellipsis. */
export const triggerText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

/** A company name on one line. */
export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.font.weightMedium,
});

/** The BIN/IIN line. */
export const identity = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

/** The list of companies. */
export const listbox = style({
  position: 'absolute',
  zIndex: 800,
  top: 'calc(100% + 4px)',
  left: 0,
  boxSizing: 'border-box',
  width: 'max(100%, min(360px, calc(100vw - 16px)))',
  maxHeight: '60vh',
  margin: 0,
  padding: vars.space.xs,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

/** One company; the active one (keyboard) is highlighted, the selected one carries a tick. */
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-active="true"]': { background: vars.color.grey['200'] },
  },
});

/** Holds the tick of the selected option, or its empty space. */
export const tick = style({ flexShrink: 0, width: '20px', color: vars.color.primary });

/** Name and number of an option. */
export const optionText = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });

/** The "Main" marker. */
export const mainBadge = style({
  flexShrink: 0,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: '12px',
  fontWeight: vars.font.weightMedium,
});
