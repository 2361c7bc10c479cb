import { useStore } from '@nanostores/react';
import { CODE_LENGTH } from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import { type JSX, type Ref, useEffect, useState } from 'react';
// The form modules themselves, not '../form': that index re-exports CodeStep, which renders this component.
import { linkButton, status } from '../form/form.css';
import { TextField } from '../form/TextField';
import { authFormsT } from '../form/texts';
import { codeInput, sentTo, wrapper } from './CodeInput.css';

/** What a resend reports: the new wait before the next resend, or undefined when it failed (shown by the form). */
export type ResendResult = { resendAfterSeconds: number } | undefined;

/** Props of {@link CodeInput}. */
export interface CodeInputProps {
  /** The digits typed so far (controlled). */
  value: string;
  /** Called with the digits only, at most CODE_LENGTH of them (pasted text like "123 456" works). */
  onChange: (code: string) => void;
  /** Called once the code has all CODE_LENGTH digits. */
  onComplete?: (code: string) => void;
  /** Error text to show under the field (also sets aria-invalid). */
  error?: string;
  /** Where the code went, shown above the field (a normalised e-mail or phone). */
  target?: string;
  /** Seconds before a new code may be asked for; the resend button counts down from here. */
  resendAfterSeconds?: number;
  /** Asks for a new code; without it there is no resend button. */
  onResend?: () => Promise<ResendResult>;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** `m:ss` for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Only the digits of `input`, at most CODE_LENGTH of them. */
export function codeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/**
 * The one-time-code field: numeric keyboard, `autocomplete="one-time-code"` (SMS autofill), paste of a whole
 * code, and a resend button that counts down from `resendAfterSeconds`.
 *
 * @example <CodeInput value={code} onChange={setCode} resendAfterSeconds={60} onResend={resend} />
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  error,
  target,
  resendAfterSeconds = 0,
  onResend,
  autoFocus,
  inputRef,
}: CodeInputProps): JSX.Element {
  const lang = useStore($locale);
  const t = authFormsT(lang);
  // A deadline rather than a decrement, so a throttled background tab still shows the right time.
  const [deadline, setDeadline] = useState(() => Date.now() + resendAfterSeconds * 1000);
  const [remaining, setRemaining] = useState(resendAfterSeconds);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  useEffect(() => {
    const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    setRemaining(left());
    if (left() === 0) return;
    const timer = setInterval(() => {
      const seconds = left();
      setRemaining(seconds);
      if (seconds === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const change = (raw: string): void => {
    const digits = codeDigits(raw);
    onChange(digits);
    if (digits.length === CODE_LENGTH && digits !== value) onComplete?.(digits);
  };

  const resend = async (): Promise<void> => {
    if (!onResend || remaining > 0 || resending) return;
    setResending(true);
    setResent(false);
    try {
      const result = await onResend();
      if (result) {
        setDeadline(Date.now() + result.resendAfterSeconds * 1000);
        setRemaining(result.resendAfterSeconds);
        setResent(true);
      }
    } catch {
      // The form that owns onResend shows its failure.
    } finally {
      setResending(false);
    }
  };

  const waiting = remaining > 0 || resending;
  return (
    <div className={wrapper}>
      {target ? <p className={sentTo}>{t('code.sentTo', { target })}</p> : null}
      <TextField
        label={t('code.label')}
        hint={t('code.hint', { length: CODE_LENGTH })}
        value={value}
        onValueChange={change}
        error={error}
        inputRef={inputRef}
        inputClassName={codeInput}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        name="code"
        autoFocus={autoFocus}
      />
      {onResend ? (
        <button
          type="button"
          className={linkButton}
          aria-disabled={waiting || undefined}
          onClick={() => void resend()}
        >
          {remaining > 0 ? t('code.resendIn', { time: formatCountdown(remaining) }) : t('code.resend')}
        </button>
      ) : null}
      <span role="status" className={status}>
        {resent ? t('code.resent') : ''}
      </span>
    </div>
  );
}
