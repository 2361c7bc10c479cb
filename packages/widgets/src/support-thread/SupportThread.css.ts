import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** Header, the scrolling messages, then the reply form; it fills the height its parent gives it. */
export const layout = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minHeight: 0,
  height: '100%',
});

/** Back button, who the visitor is, and the actions. */
export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** Name and details. */
export const who = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

/** The visitor's name. */
export const title = style({ overflowWrap: 'anywhere' });

/** Status, kind, e-mail, language, page. */
export const details = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});

/** The page the visitor wrote from (a long address breaks anywhere). */
export const page = style({ overflowWrap: 'anywhere', minWidth: 0 });

/** The header's buttons. */
export const actions = style({ flexShrink: 0, display: 'flex', gap: vars.space.xs });

/** The messages' scrolling area. */
export const scroller = style({ flex: 1, minHeight: '120px', overflowY: 'auto' });

/** The messages, oldest first. */
export const messages = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const bubble = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxWidth: 'min(80%, 560px)',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  boxSizing: 'border-box',
});

/** A message by its author: the visitor's on the left, an operator's on the right, the system's centred. */
export const message = styleVariants({
  visitor: [bubble, { alignSelf: 'flex-start', background: vars.color.surface }],
  operator: [bubble, { alignSelf: 'flex-end', background: vars.color.grey['200'] }],
  system: [
    bubble,
    {
      alignSelf: 'center',
      border: 'none',
      background: 'transparent',
      color: vars.color.textMuted,
      fontSize: vars.font.sizeSm,
      textAlign: 'center',
    },
  ],
});

/** Author and time. */
export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});

/** Who wrote it. */
export const author = style({ fontWeight: 600, color: vars.color.text });

/** The text as written: its line breaks kept, long words broken. */
export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** An attachment's download link. */
export const attachment = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '32px',
  color: vars.color.primary,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

/** The attachment's file name. */
export const attachmentName = style({ overflowWrap: 'anywhere' });

/** Holds "Earlier messages" centred above the first message shown. */
export const earlier = style({ display: 'flex', justifyContent: 'center', marginBottom: vars.space.sm });
