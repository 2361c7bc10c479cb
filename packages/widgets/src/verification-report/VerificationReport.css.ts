import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

// The verification result and the verification drop zone: one column, full width on a phone.

/** The result card. */
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  '@container': { '(max-width: 480px)': { padding: vars.space.md } },
});

const verdictBase = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: '6px solid',
  borderRadius: vars.radius.sm,
  background: vars.color.grey['100'],
  fontWeight: 600,
});

/** The overall verdict and each signature's indication, coloured by indication (the icon carries it too). */
export const verdict = styleVariants({
  TOTAL_PASSED: [verdictBase, { borderColor: vars.color.green }],
  INDETERMINATE: [verdictBase, { borderColor: vars.color.yellow }],
  TOTAL_FAILED: [verdictBase, { borderColor: vars.color.red }],
});

/** The icon colour of an indication. */
export const verdictIcon = styleVariants({
  TOTAL_PASSED: { flexShrink: 0, color: vars.color.green },
  INDETERMINATE: { flexShrink: 0, color: vars.color.yellow },
  TOTAL_FAILED: { flexShrink: 0, color: vars.color.red },
});

/** One signature. */
export const signatureItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});

/** A signature's facts: two columns, one on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(140px, max-content) 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  '@container': { '(max-width: 480px)': { gridTemplateColumns: '1fr', rowGap: 0 } },
});

/** A fact's name. */
export const term = style({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  '@container': { '(max-width: 480px)': { marginTop: vars.space.sm } },
});

/** A fact's value. */
export const value = style({ margin: 0, overflowWrap: 'anywhere', minWidth: 0 });

/** The drop zone, its file list and the check button. */
export const zone = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** One chosen file: name and size, then its progress bar while sending. */
export const fileRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  padding: `${vars.space.xs} 0`,
});
