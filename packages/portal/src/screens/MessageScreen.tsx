import type { JSX, ReactNode } from 'react';
import { ScreenHeading } from './ScreenHeading';
import * as css from './screens.css';

/** Props of {@link MessageScreen}. */
export interface MessageScreenProps {
  /** Value of `data-route`, naming the state for tests and styles. */
  name: string;
  title: string;
  text: string;
  /** Announce the text at once (errors). */
  alert?: boolean;
  /** The one way forward: a button or a link. */
  children: ReactNode;
}

/** A screen that says one thing and offers one action: the cabinet's login request and its load error. */
export function MessageScreen({
  name,
  title,
  text,
  alert = false,
  children,
}: MessageScreenProps): JSX.Element {
  return (
    <section className={css.screen} data-route={name}>
      <ScreenHeading>{title}</ScreenHeading>
      <div className={`${css.panel} ${css.narrowPanel}`}>
        <p className={css.lead} role={alert ? 'alert' : undefined}>
          {text}
        </p>
        {children}
      </div>
    </section>
  );
}
