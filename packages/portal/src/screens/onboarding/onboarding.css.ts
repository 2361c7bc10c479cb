import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../../app/breakpoints';
import { actionButton, iconTile } from '../../app/shared.css';

export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))',
  minWidth: 0,
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  maxWidth: '820px',
});

export const choice = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  height: '100%',
  boxSizing: 'border-box',
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.primary, boxShadow: '0 2px 10px rgba(26, 95, 209, 0.12)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { [media.narrow]: { padding: vars.space.lg } },
});

export const choiceIcon = style([iconTile, { width: '48px', height: '48px' }]);

export const choiceTitle = style({
  display: 'block',
  marginBlockEnd: vars.space.xs,
  fontSize: '18px',
  fontWeight: 600,
  color: vars.color.primaryDark,
});

export const choiceText = style({ display: 'block', color: vars.color.textMuted });

/** The "sign with EDS" button of attaching a legal entity. */
export const signButton = style([actionButton]);

/** A refusal under the button. */
export const failureText = style({ margin: 0, color: vars.color.errorText });
