import { mdiLoading } from '@mdi/js';
import type { JSX, ReactNode } from 'react';
import { Icon } from '../icon';
import { primaryButton, spinner } from './form.css';

/** Props of {@link SubmitButton}. */
export interface SubmitButtonProps {
  children: ReactNode;
  /** While true the button shows a spinner, is marked busy and aria-disabled; the form ignores submits. */
  busy: boolean;
  className?: string;
}

/**
 * A form's submit button. It stays focusable while busy (aria-disabled rather than disabled), so focus is not
 * lost during the request.
 */
export function SubmitButton({ children, busy, className }: SubmitButtonProps): JSX.Element {
  return (
    <button
      type="submit"
      className={className ?? primaryButton}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
    >
      {busy ? <Icon path={mdiLoading} className={spinner} /> : null}
      {children}
    </button>
  );
}
