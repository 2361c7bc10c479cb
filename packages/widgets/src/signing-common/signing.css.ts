import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The content column of a signing dialog. */
export const dialogBody = style({ display: 'grid', gap: vars.space.md });

/** The sign panel: a column of its parts; buttons take the whole width on a phone. */
export const panelRoot = style({ display: 'grid', gap: vars.space.md, maxWidth: '560px' });

/** The row of signing buttons; stacked on narrow screens. */
export const buttonRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 480px)': { flexDirection: 'column', alignItems: 'stretch' } },
});

/** The "test signer" badge: impossible to miss, never in production. */
export const testBadge = style({
  display: 'inline-flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `2px dashed ${vars.color.yellow}`,
  background: vars.color.grey[100],
  fontWeight: 600,
});

/** Live status line (progress, outcome). */
export const statusLine = style({ margin: 0, minHeight: '1.5em' });

/** An error line. */
export const errorLine = style({ margin: 0, color: vars.color.errorText });

/** The QR code: square, at most 260 px, on white for the camera. */
export const qrBox = style({
  display: 'grid',
  placeItems: 'center',
  width: 'min(260px, 100%)',
  aspectRatio: '1',
  margin: '0 auto',
  padding: vars.space.sm,
  background: '#fff',
  boxSizing: 'border-box',
});

/** The deep link to eGov mobile: shown on touch and narrow screens only (a phone cannot scan itself). */
export const deepLink = style({
  display: 'none',
  '@media': {
    '(pointer: coarse), screen and (max-width: 600px)': { display: 'inline-flex', justifyContent: 'center' },
  },
});

/** The reason field of the reject dialog. */
export const textarea = style({
  width: '100%',
  boxSizing: 'border-box',
  minHeight: '96px',
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.inputBorder}`,
  font: 'inherit',
  resize: 'vertical',
});

/** A label above its field. */
export const fieldLabel = style({ display: 'grid', gap: vars.space.xs, fontWeight: 500 });

/** Hint and counter under a field. */
export const fieldFooter = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});
