import type { JSX, ReactNode } from 'react';
import * as css from './screens.css';

/** The screen's one `<h1>`; focusable so route changes can move focus to it. */
export function ScreenHeading({ children }: { children: ReactNode }): JSX.Element {
  return (
    <h1 className={css.heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
