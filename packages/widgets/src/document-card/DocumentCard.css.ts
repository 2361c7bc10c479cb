import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

const WIDE = '(min-width: 900px)';

/** Header, actions, then the sections; two columns (files and signers | history) on wide widths. */
export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

/** The sections below the header. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  '@container': { [WIDE]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

/** One column of sections. */
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

/** Name, number, status. */
export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** The document name. */
export const title = style({
  margin: 0,
  fontSize: '22px',
  fontWeight: 600,
  lineHeight: 1.25,
  overflowWrap: 'anywhere',
});

/** Number and status on one line. */
export const titleLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

/** Label/value pairs of the details. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
  '@container': { '(max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** A detail's label. */
export const term = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** A detail's value. */
export const definition = style({ margin: 0, overflowWrap: 'anywhere' });

/** The trash notice. */
export const notice = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.yellow}`,
  borderRadius: vars.radius.sm,
  background: vars.color.grey['100'],
});

/** The actions bar: wraps on phones. */
export const actionsBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  minInlineSize: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

/** A paragraph without margins. */
export const paragraph = style({ margin: 0, overflowWrap: 'anywhere' });

/** A section with its heading. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** A file, signer or event item. */
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderBottom: `1px solid ${vars.color.grey['200']}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

/** An item's first line: name and badge or buttons. */
export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

/** An item's name. */
export const itemName = style({ fontWeight: vars.font.weightMedium, overflowWrap: 'anywhere', minWidth: 0 });

/** Small muted facts of an item, separated by gaps. */
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `2px ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});

/** The short hash, monospace. */
export const hash = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' });

/** Buttons of a file. */
export const fileButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/** The place number of a signer in a sequential document. */
export const order = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '24px',
  height: '24px',
  marginInlineEnd: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.grey['200'],
  fontSize: vars.font.sizeSm,
  fontWeight: vars.font.weightMedium,
});

/** The rejection reason box. */
export const rejection = style({
  padding: vars.space.md,
  borderLeft: `4px solid ${vars.color.errorText}`,
  borderRadius: vars.radius.sm,
  background: vars.color.grey['100'],
});

/** The history timeline: a line with a dot per event. */
export const timeline = style({ position: 'relative', margin: 0, padding: 0, listStyle: 'none' });

/** One event of the timeline. */
export const event = style({
  position: 'relative',
  paddingInlineStart: vars.space.xl,
  paddingBottom: vars.space.md,
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: '6px',
      top: '6px',
      width: '10px',
      height: '10px',
      borderRadius: vars.radius.pill,
      background: vars.color.primary,
    },
    '&::after': {
      content: '""',
      position: 'absolute',
      insetInlineStart: '10px',
      top: '18px',
      bottom: 0,
      width: '2px',
      background: vars.color.grey['300'],
    },
    '&:last-child::after': { display: 'none' },
  },
});
