import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Below this widget width rows become cards (a 390 px phone, or a narrow column). */
const NARROW = '(max-width: 640px)';

/** Column of toolbar, table and footer. */
export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** Filters, search and sort; wraps on narrow widths. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/**
 * The filter segments: rows that wrap, so none is cut off at the edge ("Cancele…" at 1400 px, issue 22); on a
 * narrow widget one row that scrolls sideways instead (seven segments would take half a phone screen).
 */
export const filterGroup = style({
  display: 'flex',
  flexWrap: 'wrap',
  flexBasis: '100%',
  gap: vars.space.xs,
  minInlineSize: 0,
  margin: 0,
  border: 'none',
  padding: '2px',
  '@container': { [NARROW]: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin' } },
});

/** A filter segment with an outline, so unpressed ones still read as buttons. */
export const filterSegment = style({
  flexShrink: 0,
  minHeight: '36px',
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

/** The search field with its icon. */
export const searchBox = style({ position: 'relative', flex: '1 1 220px', minWidth: 0 });

/** The magnifier inside the search field. */
export const searchIcon = style({
  position: 'absolute',
  left: vars.space.md,
  top: '50%',
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

const fieldBase = {
  boxSizing: 'border-box',
  minHeight: '40px',
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' } },
} as const;

/** The search input. */
export const searchInput = style({
  ...fieldBase,
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.xs} 40px`,
});

/** "Sort" and its select. */
export const sortLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  '@container': { [NARROW]: { flex: '1 1 100%' } },
});

/** The sort select. */
export const select = style({
  ...fieldBase,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.sizeMd,
  '@container': { [NARROW]: { flex: 1, minWidth: 0 } },
});

/** The table; its rows turn into cards on narrow widths. */
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  selectors: { '&[aria-busy="true"]': { opacity: 0.6 } },
  '@container': { [NARROW]: { display: 'block' } },
});

/** The header row; hidden on narrow widths where each cell carries its own label. */
export const head = style({
  '@container': {
    [NARROW]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
    },
  },
});

/** A column header. */
export const headCell = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightMedium,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
});

/** The body; a column of cards on narrow widths. */
export const body = style({
  '@container': { [NARROW]: { display: 'flex', flexDirection: 'column', gap: vars.space.sm } },
});

/** A document row: the whole row opens the document. */
export const row = style({
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.grey['100'] } },
  '@container': {
    [NARROW]: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr',
      gap: `${vars.space.xs} ${vars.space.sm}`,
      padding: vars.space.md,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.lg,
      background: vars.color.surface,
    },
  },
});

/** A cell. */
export const cell = style({
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.grey['200']}`,
  verticalAlign: 'top',
  '@container': { [NARROW]: { display: 'contents', padding: 0, border: 'none' } },
});

/** A cell's own label, shown only on the narrow card layout (the header row names columns otherwise). */
export const cellLabel = style({
  display: 'none',
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  '@container': { [NARROW]: { display: 'block' } },
});

/** A cell's value; on cards it sits beside its label. */
export const cellValue = style({ minWidth: 0, overflowWrap: 'anywhere' });

/** The document name: a button that looks like a link, the row's keyboard target. */
export const nameButton = style({
  display: 'inline',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontWeight: vars.font.weightMedium,
  textAlign: 'start',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** Under the table: how many are shown and "Load more". */
export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

// Numbers and dates do not wrap in the wide table.
globalStyle(`${cell}[data-nowrap]`, { whiteSpace: 'nowrap' });
