import { style } from '@vanilla-extract/css';
import { roundIconButton } from '../styles/icon-button.css';
import { vars } from '../theme/vars.css';

/** The dimmed page behind the dialog; centres it and scrolls when the dialog is taller than the screen. */
export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 900,
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  boxSizing: 'border-box',
  padding: `max(${vars.space.xl}, 5vh) ${vars.space.sm}`,
  overflowY: 'auto',
  background: 'rgba(37, 44, 54, 0.55)',
});

/** The dialog panel; full width on a phone, 480 px at most. */
export const dialog = style({
  position: 'relative',
  boxSizing: 'border-box',
  width: 'min(480px, 100%)',
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  fontFamily: vars.font.body,
  '@media': { 'screen and (min-width: 480px)': { padding: vars.space.xl } },
  selectors: { '&:focus': { outline: 'none' } },
});

/** The forms inside use the whole width of the panel. */
export const content = style({ maxWidth: 'none' });

/** The close (×) button in the top corner. */
export const closeButton = style([
  roundIconButton,
  { position: 'absolute', top: vars.space.sm, right: vars.space.sm, width: '40px', height: '40px' },
]);
