import { style } from '@vanilla-extract/css';
import { segment, segmentGroup } from '../styles/segmented.css';
import { vars } from '../theme/vars.css';

/** Heading, tabs, then the list. */
export const layout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** The open / closed tabs. */
export const tabs = style([segmentGroup, { display: 'inline-flex', alignSelf: 'flex-start' }]);

/** One tab. */
export const tab = segment;

/** The tab's content. */
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/** The conversations, one under the other. */
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
});

/** One conversation: a link filling its row (44 px and more, a comfortable touch target). */
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    'li:last-child > &': { borderBottom: 'none' },
    '&:hover': { background: vars.color.grey['100'] },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[aria-current="page"]': {
      background: vars.color.grey['200'],
      boxShadow: `inset 3px 0 0 ${vars.color.primary}`,
    },
  },
});

/** Name and time. */
export const topLine = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm, minWidth: 0 });

/** The visitor's name: one line, cut with an ellipsis. */
export const name = style({
  flex: 1,
  minWidth: 0,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** The time of the last activity. */
export const time = style({ flexShrink: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** Anonymous, portal user or partner's user. */
export const kind = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** Preview and unread badge. */
export const bottomLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });

/** The last message, one line. */
export const preview = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
});

/** The preview of a conversation with unread messages. */
export const previewUnread = style({ color: vars.color.text, fontWeight: vars.font.weightMedium });

/** The unread count. */
export const badge = style({
  flexShrink: 0,
  minWidth: '22px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: '22px',
  textAlign: 'center',
});

/** "Show more". */
export const more = style({ alignSelf: 'center' });
