import { DESKTOP_MIN_WIDTH } from '@qoltanba/core';

/** Phones: below this width the header compacts and the cabinet tabs become a bottom bar. */
export const NARROW_MAX_WIDTH = 599;

/** Media queries shared by styles and components. */
export const media = {
  narrow: `screen and (max-width: ${NARROW_MAX_WIDTH}px)`,
  wide: `screen and (min-width: ${NARROW_MAX_WIDTH + 1}px)`,
  desktop: `screen and (min-width: ${DESKTOP_MIN_WIDTH}px)`,
  notDesktop: `screen and (max-width: ${DESKTOP_MIN_WIDTH - 1}px)`,
  /** Between phones and desktops: the header puts its main navigation on a row of its own. */
  tablet: `screen and (min-width: ${NARROW_MAX_WIDTH + 1}px) and (max-width: ${DESKTOP_MIN_WIDTH - 1}px)`,
} as const;
