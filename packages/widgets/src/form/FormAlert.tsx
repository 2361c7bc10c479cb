import type { JSX } from 'react';
import { alert } from './form.css';

/** Props of {@link FormAlert}. */
export interface FormAlertProps {
  /** The message; empty or undefined renders an empty (invisible) region. */
  message?: string;
}

/** The form's alert region. Always rendered, so a message appearing in it is announced. */
export function FormAlert({ message }: FormAlertProps): JSX.Element {
  return (
    <div role="alert" className={alert}>
      {message ?? ''}
    </div>
  );
}
