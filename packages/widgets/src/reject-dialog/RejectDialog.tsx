import { mdiLoading } from '@mdi/js';
import { type ErrorCode, isErrorCode, REJECT_COMMENT_MAX, rejectRequestSchema } from '@qoltanba/core';
import { errorTextOf } from '@qoltanba/sdk';
import { type FormEvent, type JSX, useId, useState } from 'react';
import { button, codeText, spinner } from '../documents-common';
import { useLang } from '../documents-common/lang';
import { Icon } from '../icon';
import { ModalDialog, signingT } from '../signing-common';
import { buttonRow, errorLine, fieldFooter, fieldLabel, textarea } from '../signing-common/signing.css';

/** Props of {@link RejectDialog}. */
export interface RejectDialogProps {
  /** Sends the rejection (sdk `documentStore(id).reject` or `rejectByLink`); rejects with ApiError. */
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** Called after the server accepted the rejection. */
  onRejected?: () => void;
}

/** The catalogue code of a reason core's `rejectRequestSchema` refuses, else undefined. */
export function rejectReasonProblem(reason: string): ErrorCode | undefined {
  const result = rejectRequestSchema.safeParse({ reason });
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message;
  return isErrorCode(message) ? message : 'VALIDATION_FAILED';
}

/**
 * Rejecting a document: a reason of 5 to 100 characters with a live counter, checked with core's
 * `rejectRequestSchema` (the server's rule, the same text), then sent; the server's refusal is shown in the
 * user's language.
 *
 * @example <RejectDialog onReject={(reason) => $doc.reject(reason)} onClose={close} />
 */
export function RejectDialog({ onReject, onClose, onRejected }: RejectDialogProps): JSX.Element {
  const lang = useLang();
  const t = signingT(lang);
  const id = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  // The caught error itself, so its text (with the values the server sent) follows a language switch.
  const [failure, setFailure] = useState<{ error: unknown }>();
  const problem = rejectReasonProblem(reason);
  const shownProblem = touched ? problem : undefined;
  const length = reason.trim().length;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(undefined);
    onReject(reason.trim()).then(
      () => {
        setBusy(false);
        onRejected?.();
        onClose();
      },
      (error: unknown) => {
        setBusy(false);
        setFailure({ error });
      },
    );
  };

  return (
    <ModalDialog title={t('reject.title')} closeLabel={t('close')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <label className={fieldLabel} htmlFor={`${id}-reason`}>
          {t('reject.reason')}
        </label>
        <textarea
          id={`${id}-reason`}
          className={textarea}
          value={reason}
          maxLength={REJECT_COMMENT_MAX + 20}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={`${id}-hint ${id}-counter${shownProblem ? ` ${id}-problem` : ''}`}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        <div className={fieldFooter}>
          <span id={`${id}-hint`}>{t('reject.hint')}</span>
          <span id={`${id}-counter`} aria-live="polite">
            {t('reject.counter', { count: length, max: REJECT_COMMENT_MAX })}
          </span>
        </div>
        {shownProblem ? (
          <p id={`${id}-problem`} className={errorLine}>
            {codeText(shownProblem, lang)}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className={errorLine}>
            {errorTextOf(failure.error, lang)}
          </p>
        ) : null}
        <div className={buttonRow}>
          <button type="submit" className={button.danger} aria-busy={busy || undefined}>
            {busy ? <Icon path={mdiLoading} className={spinner} /> : null}
            {t('reject.submit')}
          </button>
          <button type="button" className={button.secondary} onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
