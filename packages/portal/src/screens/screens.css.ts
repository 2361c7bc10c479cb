import { vars } from '@qoltanba/widgets';
import { style } from '@vanilla-extract/css';
import { media } from '../app/breakpoints';
import { actionButton } from '../app/shared.css';

export const screen = style({ display: 'grid', gap: vars.space.lg, alignContent: 'start' });

export const heading = style({
  fontSize: '28px',
  lineHeight: 1.25,
  fontWeight: 700,
  color: vars.color.grey['800'],
  '@media': { [media.narrow]: { fontSize: '24px' } },
});

export const lead = style({ maxWidth: '60ch', color: vars.color.textMuted, fontSize: '17px' });

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  padding: vars.space.xl,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  '@media': { [media.narrow]: { padding: vars.space.lg } },
});

/** A panel for one form or one message, not stretched across wide screens. */
export const narrowPanel = style({ maxWidth: '640px' });

/**
 * A panel around one account widget: as wide as the widget's 420 px column plus the panel's padding and border,
 * so no empty strip is left beside the form.
 */
export const widgetPanel = style({ maxWidth: `calc(420px + 2 * ${vars.space.xl} + 2px)` });

/** A lone "Back" link under a screen, tall enough to tap. */
export const backLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: '40px' });

export const muted = style({ color: vars.color.textMuted });

export const meta = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.grey['200'],
  color: vars.color.grey['700'],
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
});

export const primaryButton = style([
  actionButton,
  {
    background: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:hover': { background: vars.color.primaryDark } },
  },
]);

export const secondaryButton = style([
  actionButton,
  {
    background: vars.color.surface,
    color: vars.color.primaryDark,
    border: `1px solid ${vars.color.inputBorder}`,
    selectors: { '&:hover': { background: vars.color.grey['100'] } },
  },
]);

export const linkGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const tileLink = style({
  display: 'grid',
  height: '100%',
  alignContent: 'start',
  gap: vars.space.sm,
  justifyItems: 'start',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.grey['800'],
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.primary, color: vars.color.primaryDark } },
});

export const tileIcon = style({ color: vars.color.primary });

/** Read out and focusable, but not shown: a screen heading the widget below repeats visibly. */
export const visuallyHiddenHeading = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
