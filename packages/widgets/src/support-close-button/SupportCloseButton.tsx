import { mdiCheckCircleOutline, mdiLoading } from '@mdi/js';
import { errorTextOf } from '@qoltanba/sdk';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { button, spinner, useLang } from '../documents-common';
import { Icon } from '../icon';
import { supportT } from '../support-common';
import * as css from './SupportCloseButton.css';

/** Props of {@link SupportCloseButton}. */
export interface SupportCloseButtonProps {
  /** Closes the conversation; a rejection shows its catalogue text. */
  onClose: () => Promise<unknown>;
  className?: string;
}

/**
 * "Close conversation" with a confirmation in place: the question takes focus, Escape or "Cancel" goes back to the
 * button, "Close" closes (busy meanwhile) and a refusal is shown in the catalogue's words.
 *
 * @example <SupportCloseButton onClose={() => $supportInbox.close()} />
 */
export function SupportCloseButton(props: SupportCloseButtonProps): JSX.Element {
  const lang = useLang();
  const t = supportT(lang);
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const question = useRef<HTMLParagraphElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (wasConfirming.current) opener.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const close = async () => {
    if (closing) return;
    setClosing(true);
    setFailure(undefined);
    try {
      await props.onClose();
      setConfirming(false);
    } catch (error) {
      setFailure({ error });
    } finally {
      setClosing(false);
    }
  };

  if (!confirming) {
    return (
      <button
        ref={opener}
        type="button"
        className={[button.secondary, props.className].filter(Boolean).join(' ')}
        onClick={() => setConfirming(true)}
      >
        <Icon path={mdiCheckCircleOutline} />
        {t('close')}
      </button>
    );
  }
  return (
    <fieldset
      aria-labelledby={`${id}-question`}
      className={[css.confirm, props.className].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !closing) {
          event.stopPropagation();
          setConfirming(false);
        }
      }}
    >
      <p id={`${id}-question`} ref={question} tabIndex={-1} className={css.question}>
        {t('confirmClose')}
      </p>
      {failure ? (
        <p role="alert" className={css.problem}>
          {errorTextOf(failure.error, lang)}
        </p>
      ) : null}
      <div className={css.buttons}>
        <button
          type="button"
          className={button.danger}
          aria-busy={closing || undefined}
          disabled={closing}
          onClick={() => void close()}
        >
          {closing ? <Icon path={mdiLoading} className={spinner} /> : null}
          {t('confirm')}
        </button>
        <button
          type="button"
          className={button.secondary}
          disabled={closing}
          onClick={() => setConfirming(false)}
        >
          {t('cancel')}
        </button>
      </div>
    </fieldset>
  );
}
