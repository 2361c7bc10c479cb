import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';

/** Wide screens: the list beside the open conversation. */
export const split = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(260px, 360px) minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
});

/** Phones: one of the two at a time. */
export const single = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' });

/** The list column. */
export const list = style({ minWidth: 0 });

/** The conversation column: a panel as tall as the window allows, its messages scrolling inside. */
export const threadPane = style({
  boxSizing: 'border-box',
  height: 'calc(100vh - 260px)',
  minHeight: '420px',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

/** The conversation in its pane (or alone on a phone). */
export const thread = style({ minWidth: 0 });

/** "Choose a conversation". */
export const placeholder = style({ margin: 0 });

/** The live connection's state. */
export const banner = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.grey['200'],
  color: vars.color.text,
});
