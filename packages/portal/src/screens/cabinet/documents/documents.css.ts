import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../../../app/breakpoints';

/** A panel's heading row: the title and its close button. */
export const panelHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
});

export const panelTitle = style({ fontSize: '20px', fontWeight: 600, margin: 0, overflowWrap: 'anywhere' });

/** The preview takes the whole width: the viewer fits the page to it. */
export const previewPanel = style({ justifyItems: 'stretch' });

/** A short form on one row (wrapping on phones). */
export const inlineForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  '@media': { [media.narrow]: { display: 'grid', alignItems: 'stretch' } },
});

export const field = style({ display: 'grid', gap: vars.space.xs, fontWeight: 500, minWidth: '240px' });

export const input = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});

/** The screen's title row: the heading and a way back to the list. */
export const titleRow = style({ display: 'grid', gap: vars.space.xs });

/** The whole width for the widgets (the screen grid would otherwise size them to content). */
export const wide = style({ minWidth: 0, width: '100%' });

/** The share dialog: a native modal dialog, centred, as wide as a form. */
export const dialog = style({
  width: 'min(640px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.4)' } },
});

export const dialogBody = style({ display: 'grid', gap: vars.space.md });

/** A row of buttons and links that wraps. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

/** A fieldset's legend shown as the first item of its row. */
export const inlineLegend = style({ float: 'left', padding: 0, marginRight: vars.space.sm });

export const linkList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const linkItem = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
