import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

/** The card. */
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  boxSizing: 'border-box',
  width: '100%',
  maxWidth: '560px',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: vars.font.lineHeight,
});

/** Avatar beside its button; stacks on a narrow phone. */
export const avatarRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
});

/** The round avatar image (or its placeholder). */
export const avatar = style({
  flexShrink: 0,
  width: '88px',
  height: '88px',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.grey['200'],
  color: vars.color.grey['500'],
});

/** The button, hint and messages beside the avatar. */
export const avatarActions = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  minWidth: 0,
  flex: '1 1 200px',
});

/** Read-only facts: name, e-mail. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(90px, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  margin: 0,
});

/** A fact's name. */
export const term = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, alignSelf: 'center' });

/** A fact's value. */
export const value = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

/** Buttons of the names form. */
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** A section title inside the card. */
export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeMd, fontWeight: 600 });

/** A section of the card. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

/** The language switch keeps its own width: stretched, its pill outline would run on past the buttons. */
export const languageSwitch = style({ alignSelf: 'flex-start' });
