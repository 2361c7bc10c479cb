import type { JSX, ReactNode } from 'react';
import * as css from './screens.css';

/** Props of {@link ScreenHeading}. */
export interface ScreenHeadingProps {
  children: ReactNode;
  /**
   * Keep the heading for screen readers and focus, but do not show it: for screens whose widget shows the
   * same title as its own heading (the folder tree, the counterparty list, the document form).
   */
  visuallyHidden?: boolean;
}

/** The screen's one `<h1>`; focusable so route changes can move focus to it. */
export function ScreenHeading({ children, visuallyHidden = false }: ScreenHeadingProps): JSX.Element {
  return (
    <h1 className={visuallyHidden ? css.visuallyHiddenHeading : css.heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
