import type { JSX } from 'react';
import { icon } from './Icon.css';

/** Props of {@link Icon}. */
export interface IconProps {
  /** An SVG path from `@mdi/js`, e.g. `mdiTranslate`. */
  path: string;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  /** Edge length in px or any CSS length (default 20). */
  size?: number | string;
  className?: string;
}

/**
 * A material design icon rendered as inline SVG.
 * @example <Icon path={mdiTranslate} label="Language" />
 */
export function Icon({ path, label, size = 20, className }: IconProps): JSX.Element {
  const classes = className ? `${icon} ${className}` : icon;
  if (label) {
    return (
      <svg role="img" aria-label={label} className={classes} width={size} height={size} viewBox="0 0 24 24">
        <title>{label}</title>
        <path d={path} />
      </svg>
    );
  }
  return (
    <svg
      aria-hidden="true"
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
