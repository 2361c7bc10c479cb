import { type ErrorCode, parseLoginTarget } from '@qoltanba/core';
import { loginWithCode, loginWithPassword, requestCode } from '@qoltanba/sdk';
import { type JSX, type KeyboardEvent, useId, useState } from 'react';
import {
  AccountFormFrame,
  accountTargetCodes,
  actionsRow,
  authFormsT,
  CodeStep,
  ContactStep,
  codeError,
  currentPasswordError,
  FormActions,
  form,
  LoginTargetField,
  linkButton,
  loginTargetError,
  PasswordField,
  useAccountForm,
  useContactCodeSending,
} from '../form';
import { tab, tabList } from './LoginForm.css';

/** The sdk calls {@link LoginForm} makes; stories and tests pass fakes. */
export interface LoginActions {
  loginWithPassword: typeof loginWithPassword;
  requestCode: typeof requestCode;
  loginWithCode: typeof loginWithCode;
}

/** The sdk's login actions, used for any not passed in `actions`. */
export const defaultLoginActions: LoginActions = { loginWithPassword, requestCode, loginWithCode };

/** How the user logs in. */
export type LoginMethod = 'password' | 'code';

/** Where the login form's links lead. */
export type LoginNavigation = 'register' | 'recover';

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Replaces sdk actions (all default to the sdk's). */
  actions?: Partial<LoginActions>;
  /** Called after a successful login (the sdk has stored the tokens and loads the profile). */
  onSuccess?: () => void;
  /** Called by the "Register" and "Forgot password?" links. */
  onNavigate?: (view: LoginNavigation) => void;
  /** The method shown first (default password). */
  initialMethod?: LoginMethod;
  /** Id of the heading, for a dialog's aria-labelledby. */
  titleId?: string;
  className?: string;
}

type Field = 'login' | 'password' | 'code';

const PASSWORD_FIELDS: Partial<Record<ErrorCode, Field>> = {
  ...accountTargetCodes('login'),
  INVALID_PASSWORD: 'password',
};

const CODE_FIELDS: Partial<Record<ErrorCode, Field>> = {
  ...accountTargetCodes('login'),
  INVALID_CODE: 'code',
};

const METHODS: readonly LoginMethod[] = ['password', 'code'];

/** Password refusals that leave login by code open: the form offers it (the server counts the methods apart). */
const CODE_STILL_OPEN: ReadonlySet<string> = new Set<ErrorCode>(['ACCOUNT_BLOCKED', 'RATE_LIMITED']);

/**
 * Login by password or by a one-time code (e-mail or SMS, inferred from what the user typed), with links to
 * registration and password recovery. Client checks and server errors show in the current language next to
 * their field or in the alert (ACCOUNT_BLOCKED with the unlock time the server gives); when password login is
 * blocked or slowed down, it offers login by code, which the server keeps open.
 *
 * @example <LoginForm onSuccess={() => navigate('/cabinet')} onNavigate={setView} />
 */
export function LoginForm({
  actions,
  onSuccess,
  onNavigate,
  initialMethod = 'password',
  titleId,
  className,
}: LoginFormProps): JSX.Element {
  const act = { ...defaultLoginActions, ...actions };
  const { lang, formRef, status, text, edit, onSubmit } = useAccountForm<Field>();
  const t = authFormsT(lang);
  const id = useId();
  const [method, setMethod] = useState<LoginMethod>(initialMethod);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const sending = useContactCodeSending(
    status,
    'login',
    ({ channel, target }) => act.requestCode({ purpose: 'otp', channel, target }),
    CODE_FIELDS,
  );
  const codeStep = sending.sent;
  const tabId = (m: LoginMethod) => `${id}-tab-${m}`;
  const panelId = `${id}-panel`;
  // The panel is named by the heading, not by a tab: a tab's name ("Password") would clash with the field's.
  const headingId = titleId ?? `${id}-title`;

  const chooseMethod = (next: LoginMethod): void => {
    if (next === method) return;
    status.reset();
    setMethod(next);
  };

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = METHODS.indexOf(method);
    const next =
      event.key === 'Home'
        ? METHODS[0]
        : event.key === 'End'
          ? METHODS[METHODS.length - 1]
          : METHODS[(index + (event.key === 'ArrowRight' ? 1 : METHODS.length - 1)) % METHODS.length];
    if (!next) return;
    chooseMethod(next);
    document.getElementById(tabId(next))?.focus();
  };

  const loginByPassword = async (): Promise<void> => {
    const target = parseLoginTarget(login);
    const ok = status.validate({ login: loginTargetError(login), password: currentPasswordError(password) });
    if (!ok || !target) return;
    const done = await status.submit(
      () => act.loginWithPassword({ login: target.value, password }),
      PASSWORD_FIELDS,
    );
    if (done.ok) onSuccess?.();
  };

  const loginByCode = async (value: string): Promise<void> => {
    if (!codeStep || !status.validate({ code: codeError(value) })) return;
    const { channel, target } = codeStep.details;
    const done = await status.submit(() => act.loginWithCode({ channel, target, code: value }), CODE_FIELDS);
    if (done.ok) onSuccess?.();
  };

  const submitMethod = (): Promise<void> =>
    method === 'password' ? loginByPassword() : codeStep ? loginByCode(sending.code) : sending.sendTo(login);

  const loginField = {
    value: login,
    onValueChange: edit('login', setLogin),
    error: text(status.errors.login),
  };

  return (
    <AccountFormFrame title={t('login.title')} titleId={headingId} className={className}>
      <div role="tablist" aria-label={t('login.methods')} className={tabList} onKeyDown={onTabKey}>
        {METHODS.map((m) => (
          <button
            key={m}
            id={tabId(m)}
            type="button"
            role="tab"
            className={tab}
            aria-selected={m === method}
            aria-controls={panelId}
            tabIndex={m === method ? 0 : -1}
            onClick={() => chooseMethod(m)}
          >
            {t(m === 'password' ? 'login.byPassword' : 'login.byCode')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={headingId}>
        <form ref={formRef} className={form} noValidate onSubmit={onSubmit(submitMethod)}>
          {method === 'password' ? (
            <>
              <LoginTargetField {...loginField} />
              <PasswordField
                label={t('passwordLabel')}
                showLabel={t('showPassword')}
                value={password}
                onValueChange={edit('password', setPassword)}
                error={text(status.errors.password)}
                name="password"
                autoComplete="current-password"
              />
              <FormActions alert={text(status.alert)} busy={status.busy} submitLabel={t('login.submit')}>
                {status.alert && CODE_STILL_OPEN.has(status.alert.code) ? (
                  <button type="button" className={linkButton} onClick={() => chooseMethod('code')}>
                    {t('login.codeInstead')}
                  </button>
                ) : null}
              </FormActions>
            </>
          ) : codeStep ? (
            <CodeStep
              sending={sending}
              sent={codeStep}
              status={status}
              target={codeStep.details.shownTarget}
              onComplete={(value) => void loginByCode(value)}
              submitLabel={t('login.submit')}
              backLabel={t('changeTarget')}
            />
          ) : (
            <ContactStep {...loginField} alert={text(status.alert)} busy={status.busy} />
          )}
        </form>
      </div>
      <div className={actionsRow}>
        <button type="button" className={linkButton} onClick={() => onNavigate?.('recover')}>
          {t('login.forgot')}
        </button>
        <button type="button" className={linkButton} onClick={() => onNavigate?.('register')}>
          {t('login.register')}
        </button>
      </div>
    </AccountFormFrame>
  );
}
