import type { ErrorCode } from '@qoltanba/core';
import { recoverPassword, requestRecoveryCode } from '@qoltanba/sdk';
import { type FormEvent, type JSX, useState } from 'react';
import {
  authFormsT,
  CodeStep,
  type CodeTarget,
  codeError,
  codeTargetOf,
  FormActions,
  form,
  heading,
  LoginTargetField,
  linkButton,
  loginTargetError,
  NewPasswordFields,
  newPasswordError,
  paragraph,
  useAccountForm,
  useCodeSending,
} from '../form';
import { root } from './RecoveryForm.css';

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

const TARGET_FIELDS: Partial<Record<ErrorCode, Field>> = {
  ACCOUNT_NOT_FOUND: 'target',
  INVALID_LOGIN: 'target',
  INVALID_EMAIL: 'target',
  INVALID_PHONE: 'target',
};
const CHANGE_FIELDS: Partial<Record<ErrorCode, Field>> = {
  ...TARGET_FIELDS,
  INVALID_CODE: 'code',
  PASSWORD_TOO_SHORT: 'newPassword',
  PASSWORD_TOO_LONG: 'newPassword',
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
  const { lang, formRef, status, text, edit } = useAccountForm<Field>();
  const t = authFormsT(lang);
  const [targetInput, setTargetInput] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const sending = useCodeSending(
    status,
    ({ target }: CodeTarget) => act.requestRecoveryCode({ target }),
    CHANGE_FIELDS,
  );
  const { sent, code } = sending;

  const sendCode = async (): Promise<void> => {
    const target = codeTargetOf(targetInput);
    if (status.validate({ target: loginTargetError(targetInput) }) && target) await sending.send(target);
  };

  const change = async (): Promise<void> => {
    if (!sent) return;
    if (!status.validate({ code: codeError(code), newPassword: newPasswordError(newPassword) })) return;
    const { target } = sent.details;
    const done = await status.submit(() => act.recoverPassword({ target, code, newPassword }), CHANGE_FIELDS);
    if (done.ok) onSuccess?.();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (status.busy) return;
    void (sent ? change() : sendCode());
  };

  return (
    <div className={className ? `${root} ${className}` : root}>
      <h2 id={titleId} className={heading}>
        {t('recovery.title')}
      </h2>
      <form ref={formRef} className={form} noValidate onSubmit={onSubmit}>
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
          <>
            <p className={paragraph}>{t('recovery.intro')}</p>
            <LoginTargetField
              value={targetInput}
              onValueChange={edit('target', setTargetInput)}
              error={text(status.errors.target)}
            />
            <FormActions alert={text(status.alert)} busy={status.busy} submitLabel={t('sendCode')} />
          </>
        )}
      </form>
      <button type="button" className={linkButton} onClick={() => onNavigate?.('login')}>
        {t('recovery.backToLogin')}
      </button>
    </div>
  );
}
