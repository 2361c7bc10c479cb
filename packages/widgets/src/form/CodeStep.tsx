import { useStore } from '@nanostores/react';
import { $locale } from '@qoltanba/sdk';
import type { JSX, ReactNode } from 'react';
import { CodeInput } from '../code-input/CodeInput';
import { FormActions } from './FormActions';
import { linkButton } from './form.css';
import { errorText } from './shown-error';
import type { CodeSending, SentCode } from './use-code-sending';
import type { FormStatus } from './use-form-status';

/** Props of {@link CodeStep}. */
export interface CodeStepProps<D> {
  /** The form's code sending (from useCodeSending) and the step it is on. */
  sending: CodeSending<D>;
  sent: SentCode<D>;
  /** The form's status; the code's errors are its `code` field. */
  status: FormStatus<'code'>;
  /** Where the code went, as people read it (an e-mail, a formatted phone). */
  target: string;
  /** Called once all digits are typed; left out where more fields follow the code. */
  onComplete?: (code: string) => void;
  submitLabel: string;
  /** The label of the link back to the details the code was sent for. */
  backLabel: string;
  /** Fields after the code (e.g. the new password of a recovery). */
  children?: ReactNode;
}

/**
 * A form's code step: the code field (with resend countdown), any fields after it, the alert, the submit
 * button and the way back to the details. Typing clears the code's error.
 */
export function CodeStep<D>({
  sending,
  sent,
  status,
  target,
  onComplete,
  submitLabel,
  backLabel,
  children,
}: CodeStepProps<D>): JSX.Element {
  const lang = useStore($locale);
  const { errors, alert, busy, clearError } = status;
  return (
    <>
      <CodeInput
        key={sent.round}
        value={sending.code}
        onChange={(value) => {
          sending.setCode(value);
          clearError('code');
        }}
        onComplete={onComplete}
        error={errors.code ? errorText(errors.code, lang) : undefined}
        target={target}
        resendAfterSeconds={sent.resendAfterSeconds}
        onResend={sending.resend}
        autoFocus
      />
      {children}
      <FormActions alert={alert ? errorText(alert, lang) : undefined} busy={busy} submitLabel={submitLabel}>
        <button type="button" className={linkButton} onClick={sending.back}>
          {backLabel}
        </button>
      </FormActions>
    </>
  );
}
