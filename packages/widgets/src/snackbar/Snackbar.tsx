import { mdiAlertCircle, mdiCheckCircle, mdiClose, mdiInformation } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { $locale, $snackbars, dismissSnackbar, getT, type SnackbarKind } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { Icon } from '../icon';
import { dismiss, kindIcon, message, snackbar, stack } from './Snackbar.css';

/** Props of {@link Snackbar}. */
export interface SnackbarProps {
  className?: string;
}

const KIND_ICON: Record<SnackbarKind, string> = {
  info: mdiInformation,
  success: mdiCheckCircle,
  error: mdiAlertCircle,
};

/**
 * Shows the SDK's `$snackbars` (oldest first) at the bottom of the screen. Errors are announced at once
 * (role=alert), others politely (role=status); each has a dismiss button. Render it once, near the root.
 *
 * @example showSnackbar({ message: t('saved'), kind: 'success' }) // then <Snackbar /> shows it for 5 s
 */
export function Snackbar({ className }: SnackbarProps): JSX.Element {
  const items = useStore($snackbars);
  const t = getT('common', useStore($locale));
  return (
    <div className={className ? `${stack} ${className}` : stack}>
      {items.map((item) => (
        <div key={item.id} role={item.kind === 'error' ? 'alert' : 'status'} className={snackbar[item.kind]}>
          <Icon path={KIND_ICON[item.kind]} className={kindIcon} />
          <span className={message}>{item.message}</span>
          <button
            type="button"
            className={dismiss}
            aria-label={t('close')}
            onClick={() => dismissSnackbar(item.id)}
          >
            <Icon path={mdiClose} />
          </button>
        </div>
      ))}
    </div>
  );
}
