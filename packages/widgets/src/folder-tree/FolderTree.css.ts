import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Heading, actions, the inline editor and the tree. */
export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** The folder actions; wrap on phones. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  minInlineSize: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

/** The tree. */
export const tree = style({ margin: 0, padding: 0, listStyle: 'none' });

/** A nested level. */
export const group = style({ margin: 0, padding: 0, listStyle: 'none' });

/** A tree item: its focus ring is drawn on its row. */
export const treeItem = style({ outline: 'none' });

/** The visible row of a folder: chevron, icon, name, count. */
export const itemRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '40px',
  paddingInlineEnd: vars.space.sm,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.grey['100'] },
    '&[data-selected="true"]': { background: vars.color.grey['200'], fontWeight: vars.font.weightMedium },
    [`${treeItem}:focus-visible > &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
  },
});

/** The expand/collapse chevron; turned down while open, invisible (keeping its room) on a leaf. */
export const chevron = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '24px',
  justifyContent: 'center',
  color: vars.color.textMuted,
  transition: 'transform 0.15s',
  selectors: {
    '&[data-open="true"]': { transform: 'rotate(90deg)' },
    '&[data-hidden="true"]': { visibility: 'hidden' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** The document count badge. */
export const count = style({
  marginInlineStart: 'auto',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.grey['200'],
  color: vars.color.grey['700'],
  fontSize: vars.font.sizeSm,
});

/** The inline name form or delete confirmation. */
export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.grey['100'],
});

/** The editor's buttons. */
export const editorButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
