import { mdiLoading } from '@mdi/js';
import { errorTextOf } from '@qoltanba/sdk';
import { type JSX, useState } from 'react';
import { button, spinner } from '../documents-common';
import { useLang } from '../documents-common/lang';
import { Icon } from '../icon';
import { ModalDialog, signingT } from '../signing-common';
import { buttonRow, errorLine, statusLine } from '../signing-common/signing.css';

/** Props of {@link RevokeDialog}. */
export interface RevokeDialogProps {
  /** Revokes (sdk `documentStore(id).revoke`); rejects with ApiError. */
  onRevoke: () => Promise<unknown>;
  onClose: () => void;
  onRevoked?: () => void;
}

/**
 * The confirmation before revoking a document (signing stops for everyone and cannot be undone); the server's refusal ("a participant has already signed it") is shown in the user's language.
 */
export function RevokeDialog({ onRevoke, onClose, onRevoked }: RevokeDialogProps): JSX.Element {
  const lang = useLang();
  const t = signingT(lang);
  const [busy, setBusy] = useState(false);
  // The caught error itself, so its text (with the values the server sent) follows a language switch.
  const [failure, setFailure] = useState<{ error: unknown }>();

  const confirm = (): void => {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    onRevoke().then(
      () => {
        setBusy(false);
        onRevoked?.();
        onClose();
      },
      (error: unknown) => {
        setBusy(false);
        setFailure({ error });
      },
    );
  };

  return (
    <ModalDialog title={t('revoke.title')} closeLabel={t('close')} onClose={onClose}>
      <p className={statusLine}>{t('revoke.text')}</p>
      {failure ? (
        <p role="alert" className={errorLine}>
          {errorTextOf(failure.error, lang)}
        </p>
      ) : null}
      <div className={buttonRow}>
        <button type="button" className={button.secondary} onClick={onClose}>
          {t('cancel')}
        </button>
        <button type="button" className={button.danger} aria-busy={busy || undefined} onClick={confirm}>
          {busy ? <Icon path={mdiLoading} className={spinner} /> : null}
          {t('revoke.submit')}
        </button>
      </div>
    </ModalDialog>
  );
}
