import type { ErrorCode } from '@qoltanba/core';
import { recoverPassword, requestRecoveryCode } from '@qoltanba/sdk';
import { type JSX, useState } from 'react';
import {
  AccountFormFrame,
  accountTargetCodes,
  authFormsT,
  CodeStep,
  ContactStep,
  codeError,
  form,
  linkButton,
  NewPasswordFields,
  newPasswordCodes,
  newPasswordError,
  paragraph,
  useAccountForm,
  useContactCodeSending,
} from '../form';

/** The sdk calls {@link RecoveryForm} makes; stories and tests pass fakes. */
export interface RecoveryActions {
  requestRecoveryCode: typeof requestRecoveryCode;
  recoverPassword: typeof recoverPassword;
}

/** The sdk's recovery actions, used for any not passed in `actions`. */
export const defaultRecoveryActions: RecoveryActions = { requestRecoveryCode, recoverPassword };

/** Props of {@link RecoveryForm}. */
export interface RecoveryFormProps {
  /** Replaces sdk actions (all default to the sdk's). */
  actions?: Partial<RecoveryActions>;
  /** Called once the password is changed; the user is then logged in. */
  onSuccess?: () => void;
  /** Called by the "Back to login" link. */
  onNavigate?: (view: 'login') => void;
  /** Id of the heading, for a dialog's aria-labelledby. */
  titleId?: string;
  className?: string;
}

type Field = 'target' | 'code' | 'newPassword';

const CHANGE_FIELDS: Partial<Record<ErrorCode, Field>> = {
  ...accountTargetCodes('target'),
  INVALID_CODE: 'code',
  ...newPasswordCodes('newPassword'),
};

/**
 * Password recovery: the account's e-mail or phone gets a code; the code and a new password change the
 * password and log the user in.
 *
 * @example <RecoveryForm onSuccess={() => navigate('/cabinet')} onNavigate={() => setView('login')} />
 */
export function RecoveryForm({
  actions,
  onSuccess,
  onNavigate,
  titleId,
  className,
}: RecoveryFormProps): JSX.Element {
  const act = { ...defaultRecoveryActions, ...actions };
  const { lang, formRef, status, text, edit, onSubmit } = useAccountForm<Field>();
  const t = authFormsT(lang);
  const [targetInput, setTargetInput] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const sending = useContactCodeSending(
    status,
    'target',
    ({ target }) => act.requestRecoveryCode({ target }),
    CHANGE_FIELDS,
  );
  const { sent, code } = sending;

  const change = async (): Promise<void> => {
    if (!sent) return;
    if (!status.validate({ code: codeError(code), newPassword: newPasswordError(newPassword) })) return;
    const { target } = sent.details;
    const done = await status.submit(() => act.recoverPassword({ target, code, newPassword }), CHANGE_FIELDS);
    if (done.ok) onSuccess?.();
  };

  return (
    <AccountFormFrame title={t('recovery.title')} titleId={titleId} className={className}>
      <form
        ref={formRef}
        className={form}
        noValidate
        onSubmit={onSubmit(() => (sent ? change() : sending.sendTo(targetInput)))}
      >
        {sent ? (
          <CodeStep
            sending={sending}
            sent={sent}
            status={status}
            target={sent.details.shownTarget}
            submitLabel={t('recovery.submit')}
            backLabel={t('changeTarget')}
          >
            <NewPasswordFields
              label="newPasswordLabel"
              password={{
                value: newPassword,
                onValueChange: edit('newPassword', setNewPassword),
                error: text(status.errors.newPassword),
              }}
            />
          </CodeStep>
        ) : (
          <ContactStep
            value={targetInput}
            onValueChange={edit('target', setTargetInput)}
            error={text(status.errors.target)}
            alert={text(status.alert)}
            busy={status.busy}
          >
            <p className={paragraph}>{t('recovery.intro')}</p>
          </ContactStep>
        )}
      </form>
      <button type="button" className={linkButton} onClick={() => onNavigate?.('login')}>
        {t('recovery.backToLogin')}
      </button>
    </AccountFormFrame>
  );
}
