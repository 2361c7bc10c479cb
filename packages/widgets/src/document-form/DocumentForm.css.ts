import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The form's column: fits a 390 px phone, stops growing at 820 px. */
export const formColumn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: '820px',
  margin: 0,
});

/** A titled part of the form (name, method, files). */
export const part = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minInlineSize: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

/** The form heading. */
export const formTitle = style({ margin: 0, fontSize: '22px', fontWeight: 600, lineHeight: 1.25 });

/** A legend styled like a section heading. */
export const legendHeading = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: '17px',
  fontWeight: 600,
});

/** The two signing methods side by side (stacked on phones). */
export const methods = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
  gap: vars.space.sm,
});

/** One signing method: a radio with its name and hint, the whole card clickable. */
export const methodOption = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.inputBorder}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
    },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** The radio input of a method. */
export const radio = style({
  width: '20px',
  height: '20px',
  margin: '2px 0 0',
  accentColor: vars.color.primary,
});

/** The files part. */
export const fileSection = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

/** The dashed drop area; highlighted while files are dragged over it. */
export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.xl,
  border: `2px dashed ${vars.color.inputBorder}`,
  borderRadius: vars.radius.lg,
  background: vars.color.grey['100'],
  color: vars.color.textMuted,
  textAlign: 'center',
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.primary, background: vars.color.surface },
  },
});

/** Files refused before upload. */
export const refusedBox = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.errorText}`,
  borderRadius: vars.radius.sm,
  background: vars.color.grey['100'],
  color: vars.color.errorText,
});

/** One upload. */
export const fileItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.grey['200']}`,
});

/** Name, state and buttons of an upload. */
export const fileLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

/** The name of an upload; takes the room left. */
export const fileName = style({ flex: 1 });

/** "Uploaded" with a tick. */
export const uploadedMark = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.green,
  fontSize: vars.font.sizeSm,
  whiteSpace: 'nowrap',
});

/** A progress bar's track. */
export const bar = style({
  height: '6px',
  overflow: 'hidden',
  borderRadius: vars.radius.pill,
  background: vars.color.grey['200'],
});

/** A progress bar's fill. */
export const barFill = style({
  height: '100%',
  background: vars.color.primary,
  transition: 'width 0.2s',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** An error under an upload or the file list. */
export const fileError = style({ color: vars.color.errorText, fontSize: vars.font.sizeSm });

/** "Save draft" and "Send", wrapping on phones; the explanation under them. */
export const submitRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Why "Send" is not available yet. */
export const blockerNote = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0 });
