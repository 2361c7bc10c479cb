import { style } from '@vanilla-extract/css';
import { segment, segmentGroup } from '../styles/segmented.css';
import { vars } from '../theme/vars.css';

/** The segmented group around the language buttons. */
export const group = style([
  segmentGroup,
  {
    display: 'inline-flex',
    flexWrap: 'wrap',
    gap: '2px',
    maxWidth: '100%',
    minInlineSize: 0,
    margin: 0,
    fontFamily: vars.font.body,
    fontSize: vars.font.sizeSm,
    lineHeight: vars.font.lineHeight,
  },
]);

/**
 * One language button; pressed state is carried by aria-pressed. It looks 32 px tall to keep headers compact,
 * but an invisible layer makes it 40 px tall to the finger.
 */
export const option = style([
  segment,
  {
    position: 'relative',
    minHeight: '32px',
    minWidth: '44px',
    whiteSpace: 'nowrap',
    selectors: {
      '&[aria-pressed="true"]:hover': { background: vars.color.primaryDark },
      '&::after': { content: '""', position: 'absolute', inset: '-4px 0' },
    },
  },
]);
