import { mdiClose } from '@mdi/js';
import { type JSX, type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { backdrop, closeButton, dialog } from '../auth-dialog/AuthDialog.css';
import { focusableIn, wrapTab } from '../auth-dialog/focus-trap';
import { sectionHeading } from '../documents-common';
import { Icon } from '../icon';
import { dialogBody } from './signing.css';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog of the signing widgets (rendered only while open): focus moves in, Tab stays inside, Esc and
 * the × close it, and focus returns to where it was.
 */
export function ModalDialog({ title, closeLabel, onClose, children }: ModalDialogProps): JSX.Element {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root) (root.querySelector<HTMLElement>('textarea, input') ?? focusableIn(root)[0] ?? root).focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && ref.current && wrapTab(ref.current, event.shiftKey)) {
      event.preventDefault();
    }
  };

  return (
    <div className={backdrop}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={dialog}
        onKeyDown={onKeyDown}
      >
        <div className={dialogBody}>
          <h2 id={titleId} className={sectionHeading}>
            {title}
          </h2>
          {children}
        </div>
        <button type="button" className={closeButton} aria-label={closeLabel} onClick={onClose}>
          <Icon path={mdiClose} />
        </button>
      </div>
    </div>
  );
}
