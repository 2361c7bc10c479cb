import type { JSX } from 'react';
import { alert, alertLink } from './form.css';

/** A page the alert leads to, where the user can fix the cause. */
export interface FormAlertLink {
  href: string;
  label: string;
  /** Opens the page inside the app (a client-side router); without it the link is a plain one. */
  onOpen?: (href: string) => void;
}

/** Props of {@link FormAlert}. */
export interface FormAlertProps {
  /** The message; empty or undefined renders an empty (invisible) region. */
  message?: string;
  /** Shown after the message (e.g. the tariffs page of a send refused for want of a tariff). */
  link?: FormAlertLink | undefined;
}

/** The form's alert region. Always rendered, so a message appearing in it is announced. */
export function FormAlert({ message, link }: FormAlertProps): JSX.Element {
  return (
    <div role="alert" className={alert}>
      {message ?? ''}
      {message && link ? (
        <>
          {' '}
          <a
            className={alertLink}
            href={link.href}
            onClick={(event) => {
              if (!link.onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                return;
              event.preventDefault();
              link.onOpen(link.href);
            }}
          >
            {link.label}
          </a>
        </>
      ) : null}
    </div>
  );
}
