import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The form's column: fits a 390 px phone, stops growing at 560 px. */
export const formColumn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '560px',
});

/** The form heading. */
export const title = style({ margin: 0, fontSize: '22px', fontWeight: 600, lineHeight: 1.25 });

/** The BIN/IIN field with the look-up button beside it (below it on phones). */
export const identityRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

globalStyle(`${identityRow} > :first-child`, { flex: '1 1 220px' });
globalStyle(`${identityRow} > button`, { marginTop: '22px' });

/** The e-mail rows. */
export const emails = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minInlineSize: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

/** The e-mails' legend. */
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600 });

/** An e-mail field with its remove button. */
export const emailRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.xs });

globalStyle(`${emailRow} > :first-child`, { flex: 1 });
globalStyle(`${emailRow} > button`, { marginTop: '22px' });

/** Save and cancel. */
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
