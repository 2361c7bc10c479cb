import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Heading, picker, the signers and "Add signer". */
export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** The list of signers. */
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** One signer: a fieldset card. */
export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minInlineSize: 0,
  margin: 0,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});

/** The signer's legend ("Signer 2"). */
export const legend = style({
  float: 'left',
  padding: 0,
  fontWeight: 600,
  lineHeight: '40px',
});

// The floated legend stays inside the card's border; what follows starts below it.
globalStyle(`${legend} + *`, { clear: 'both' });

/** Move up / move down / remove, at the card's top end. */
export const rowButtons = style({
  position: 'absolute',
  top: vars.space.sm,
  insetInlineEnd: vars.space.sm,
  display: 'flex',
  gap: '2px',
});

/** The fields of a signer: two columns when there is room. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
  gap: vars.space.md,
});

/** The approver row: the e-mail field and its remove button. */
export const approverRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});

globalStyle(`${approverRow} > :first-child`, { flex: 1 });

/** The approver's remove button, level with the input under the label. */
export const approverRemove = style({ marginTop: '22px' });

/** The picker with its popup. */
export const pickerRoot = style({ position: 'relative' });

/** The popup list of counterparties. */
export const listbox = style({
  position: 'absolute',
  zIndex: 800,
  top: 'calc(100% + 4px)',
  left: 0,
  right: 0,
  maxHeight: '320px',
  margin: 0,
  padding: vars.space.xs,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
});

/** One counterparty in the popup. */
export const option = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-active="true"]': { background: vars.color.grey['200'] },
    '&[aria-disabled="true"]': { color: vars.color.textMuted, cursor: 'default' },
  },
});

/** BIN/IIN line of an option. */
export const optionMeta = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

/** "No counterparty matches"; takes no room while empty. */
export const emptyNote = style({
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  selectors: { '&:empty': { display: 'none' } },
});
