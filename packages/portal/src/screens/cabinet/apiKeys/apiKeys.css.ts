import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';

/** A table that scrolls sideways on narrow screens instead of squeezing its columns. */
export const tableWrap = style({ width: '100%', overflowX: 'auto' });

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.sizeSm,
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
  // break-word, not anywhere: a long origin may wrap, but no column is squeezed below its longest word ("Sta tus").
  overflowWrap: 'break-word',
});

export const headCell = style([cell, { color: vars.color.textMuted, fontWeight: 600, whiteSpace: 'nowrap' }]);

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const revokedRow = style({ color: vars.color.textMuted });

export const dialog = style({
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&::backdrop': { background: 'rgba(15, 23, 42, 0.45)' } },
});

export const wideDialog = style({ width: 'min(960px, calc(100vw - 32px))' });

export const dialogBody = style({ display: 'grid', gap: vars.space.md });

export const dialogTitle = style({ fontSize: '20px', fontWeight: 600, margin: 0 });

export const field = style({ display: 'grid', gap: vars.space.xs, fontWeight: 500 });

export const hint = style({ color: vars.color.textMuted, fontWeight: 400, fontSize: vars.font.sizeSm });

export const input = style({
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
});

export const textarea = style([input, { minHeight: '96px', padding: vars.space.md, resize: 'vertical' }]);

export const error = style({ color: vars.color.errorText, fontWeight: 500 });

export const buttonRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});

export const warning = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.grey['100'],
  borderLeft: `4px solid ${vars.color.primary}`,
});

export const secretRow = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const secretValue = style([
  input,
  {
    flex: '1 1 280px',
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    fontSize: vars.font.sizeSm,
  },
]);

export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' });
