import { vars } from '@qoltanba/widgets';
import { globalStyle, style } from '@vanilla-extract/css';
import { media } from '../../app/breakpoints';
import { actionButton, iconTile } from '../../app/shared.css';

export const landing = style({ display: 'grid', gap: '48px', '@media': { [media.narrow]: { gap: '32px' } } });

export const hero = style({
  display: 'grid',
  gap: vars.space.lg,
  justifyItems: 'start',
  padding: '56px 48px',
  borderRadius: '20px',
  background: `linear-gradient(135deg, ${vars.color.primaryDark} 0%, ${vars.color.primary} 60%, ${vars.color.accentBlue} 100%)`,
  color: vars.color.onPrimary,
  position: 'relative',
  overflow: 'hidden',
  '@media': { [media.narrow]: { padding: `32px ${vars.space.lg}`, borderRadius: vars.radius.lg } },
});

/** Decorative signed-document mark on the hero's empty side (wide screens only). */
export const heroArt = style({
  position: 'absolute',
  insetInlineEnd: '56px',
  top: '50%',
  transform: 'translateY(-50%) rotate(-8deg)',
  color: 'rgba(255, 255, 255, 0.16)',
  pointerEvents: 'none',
  '@media': { 'screen and (max-width: 1099px)': { display: 'none' } },
});

export const badge = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: 'rgba(255, 255, 255, 0.16)',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});

export const heroTitle = style({
  maxWidth: '22ch',
  fontSize: '44px',
  lineHeight: 1.15,
  fontWeight: 700,
  letterSpacing: '-0.015em',
  '@media': { [media.narrow]: { fontSize: '30px' } },
});

export const heroLead = style({
  maxWidth: '60ch',
  fontSize: '18px',
  color: 'rgba(255, 255, 255, 0.9)',
  '@media': { [media.narrow]: { fontSize: '16px' } },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  marginBlockStart: vars.space.sm,
  '@media': { [media.narrow]: { display: 'grid', width: '100%' } },
});

export const features = style({ display: 'grid', gap: vars.space.xl });

export const featuresTitle = style({ fontSize: '26px', fontWeight: 700, color: vars.color.grey['800'] });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.xl,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    'screen and (max-width: 899px)': { gridTemplateColumns: '1fr' },
  },
});

export const card = style({
  display: 'grid',
  gap: vars.space.md,
  alignContent: 'start',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const cardIcon = style([iconTile, { width: '52px', height: '52px', borderRadius: vars.radius.lg }]);

export const cardTitle = style({ fontSize: '19px', fontWeight: 700, color: vars.color.grey['800'] });

export const cardText = style({ color: vars.color.textMuted });

export const heroPrimary = style([
  actionButton,
  {
    background: vars.color.surface,
    color: vars.color.primaryDark,
    selectors: { '&:hover': { background: vars.color.grey['100'] } },
  },
]);

export const heroSecondary = style([
  actionButton,
  {
    border: '1px solid rgba(255, 255, 255, 0.7)',
    color: vars.color.onPrimary,
    selectors: { '&:hover': { background: 'rgba(255, 255, 255, 0.12)' } },
  },
]);

// White ring: the default blue focus ring would vanish on the blue hero.
globalStyle(`${hero} :focus-visible`, { outlineColor: vars.color.onPrimary });
