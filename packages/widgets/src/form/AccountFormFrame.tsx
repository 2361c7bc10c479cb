import type { JSX, ReactNode } from 'react';
import { formLayout, heading } from './form.css';

/** Props of {@link AccountFormFrame}. */
export interface AccountFormFrameProps {
  title: string;
  /** Id of the heading, for a dialog's aria-labelledby. */
  titleId?: string;
  className?: string;
  /** What follows the heading: the form, its links. */
  children: ReactNode;
}

/** The frame of the account widgets (login, registration, recovery): their column and heading. */
export function AccountFormFrame({
  title,
  titleId,
  className,
  children,
}: AccountFormFrameProps): JSX.Element {
  return (
    <div className={className ? `${formLayout} ${className}` : formLayout}>
      <h2 id={titleId} className={heading}>
        {title}
      </h2>
      {children}
    </div>
  );
}
