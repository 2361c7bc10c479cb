import { style } from '@vanilla-extract/css';
import { vars } from '../theme/vars.css';

// Below this width the whole words of the step names ("Подтверждение") may not fit side by side.
const TINY = 'screen and (max-width: 374px)';

/**
 * The ordered list of steps: equal columns, except that a column widens to its longest word (e.g. the Russian
 * "Подтверждение") rather than break it, on phones 375 px wide and up.
 */
export const steps = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(min-content, 1fr)',
  '@media': { [TINY]: { gridAutoColumns: 'minmax(0, 1fr)' } },
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeSm,
});

/** One step: a number (or a tick when done) and its name. */
export const step = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  paddingTop: vars.space.xs,
  borderTop: `3px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="done"]': { borderTopColor: vars.color.green, color: vars.color.text },
    '&[aria-current="step"]': {
      borderTopColor: vars.color.primary,
      color: vars.color.text,
      fontWeight: vars.font.weightMedium,
    },
  },
});

/** The step's number badge. */
export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.pill,
  background: vars.color.grey['200'],
  fontSize: '12px',
  selectors: {
    [`${step}[aria-current="step"] &`]: { background: vars.color.primary, color: vars.color.onPrimary },
    [`${step}[data-state="done"] &`]: { background: vars.color.green, color: vars.color.onPrimary },
  },
});

/** The step's name; wraps between words, inside a word (hyphenated where the browser can) only below 375 px. */
export const stepName = style({
  minWidth: 0,
  overflowWrap: 'break-word',
  '@media': { [TINY]: { overflowWrap: 'anywhere', hyphens: 'auto' } },
});
