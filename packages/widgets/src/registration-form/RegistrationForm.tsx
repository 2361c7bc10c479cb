import { mdiCheck } from '@mdi/js';
import type { ErrorCode } from '@qoltanba/core';
import { completeRegistration, requestCode, verifyRegistrationCode } from '@qoltanba/sdk';
import { type JSX, useState } from 'react';
import {
  AccountFormFrame,
  authFormsT,
  CodeStep,
  ContactStep,
  codeError,
  FormActions,
  form,
  linkButton,
  NewPasswordFields,
  newAccountTargetCodes,
  newPasswordCodes,
  newPasswordError,
  personNameError,
  repeatPasswordError,
  TextField,
  useAccountForm,
  useContactCodeSending,
} from '../form';
import { Icon } from '../icon';
import { step as stepClass, stepName, stepNumber, steps } from './RegistrationForm.css';

/** The sdk calls {@link RegistrationForm} makes; stories and tests pass fakes. */
export interface RegistrationActions {
  requestCode: typeof requestCode;
  verifyRegistrationCode: typeof verifyRegistrationCode;
  completeRegistration: typeof completeRegistration;
}

/** The sdk's registration actions, used for any not passed in `actions`. */
export const defaultRegistrationActions: RegistrationActions = {
  requestCode,
  verifyRegistrationCode,
  completeRegistration,
};

/** Props of {@link RegistrationForm}. */
export interface RegistrationFormProps {
  /** Replaces sdk actions (all default to the sdk's). */
  actions?: Partial<RegistrationActions>;
  /** Called once the account exists and the user is logged in. */
  onSuccess?: () => void;
  /** Called by the "Already have an account? Log in" link. */
  onNavigate?: (view: 'login') => void;
  /** Id of the heading, for a dialog's aria-labelledby. */
  titleId?: string;
  className?: string;
}

/** The steps of a registration, in order. */
export type RegistrationStep = 'contact' | 'code' | 'details';

const STEPS: readonly RegistrationStep[] = ['contact', 'code', 'details'];
const STEP_NAME = { contact: 'stepContact', code: 'stepCode', details: 'stepDetails' } as const;

type Field = 'target' | 'code' | 'firstname' | 'lastname' | 'password' | 'repeat';

const CODE_FIELDS: Partial<Record<ErrorCode, Field>> = {
  ...newAccountTargetCodes('target'),
  INVALID_CODE: 'code',
};
const DETAIL_FIELDS = newPasswordCodes<Field>('password');

/**
 * Registration in three steps: an e-mail or phone gets a code, the code proves it, then name and password
 * (twice) create the account and log the user in. Values typed survive errors and going back.
 *
 * @example <RegistrationForm onSuccess={() => navigate('/cabinet')} onNavigate={() => setView('login')} />
 */
export function RegistrationForm({
  actions,
  onSuccess,
  onNavigate,
  titleId,
  className,
}: RegistrationFormProps): JSX.Element {
  const act = { ...defaultRegistrationActions, ...actions };
  const { lang, formRef, status, text, edit, onSubmit } = useAccountForm<Field>();
  const t = authFormsT(lang);
  const [targetInput, setTargetInput] = useState('');
  const [registrationToken, setRegistrationToken] = useState<string>();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const sending = useContactCodeSending(
    status,
    'target',
    ({ channel, target }) => act.requestCode({ purpose: 'registration', channel, target }),
    CODE_FIELDS,
  );
  const { sent } = sending;
  const step: RegistrationStep = registrationToken ? 'details' : sent ? 'code' : 'contact';

  const verifyCode = async (value: string): Promise<void> => {
    if (!sent || !status.validate({ code: codeError(value) })) return;
    const { channel, target } = sent.details;
    const verified = await status.submit(
      () => act.verifyRegistrationCode({ channel, target, code: value }),
      CODE_FIELDS,
    );
    if (verified.ok) setRegistrationToken(verified.value.registrationToken);
  };

  const complete = async (): Promise<void> => {
    if (!registrationToken) return;
    const passwordProblem = newPasswordError(password);
    const found = {
      firstname: personNameError(firstname),
      lastname: personNameError(lastname),
      password: passwordProblem,
      // One problem at a time: the repetition is judged once the password itself is acceptable.
      repeat: passwordProblem ? undefined : repeatPasswordError(password, repeat),
    };
    if (!status.validate(found)) return;
    const done = await status.submit(
      () =>
        act.completeRegistration({
          registrationToken,
          password,
          firstname: firstname.trim(),
          lastname: lastname.trim(),
        }),
      DETAIL_FIELDS,
    );
    if (done.ok) onSuccess?.();
  };

  const submitStep = (): Promise<void> =>
    step === 'contact'
      ? sending.sendTo(targetInput)
      : step === 'code'
        ? verifyCode(sending.code)
        : complete();

  const current = STEPS.indexOf(step);
  return (
    <AccountFormFrame title={t('registration.title')} titleId={titleId} className={className}>
      <ol className={steps} aria-label={t('registration.steps')}>
        {STEPS.map((s, index) => (
          <li
            key={s}
            className={stepClass}
            aria-current={s === step ? 'step' : undefined}
            data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
          >
            <span className={stepNumber} aria-hidden="true">
              {index < current ? <Icon path={mdiCheck} size={14} /> : index + 1}
            </span>
            <span className={stepName}>{t(`registration.${STEP_NAME[s]}`)}</span>
          </li>
        ))}
      </ol>
      <form ref={formRef} className={form} noValidate onSubmit={onSubmit(submitStep)}>
        {step === 'details' ? (
          <>
            <TextField
              label={t('firstnameLabel')}
              value={firstname}
              onValueChange={edit('firstname', setFirstname)}
              error={text(status.errors.firstname)}
              name="given-name"
              autoComplete="given-name"
              autoFocus
            />
            <TextField
              label={t('lastnameLabel')}
              value={lastname}
              onValueChange={edit('lastname', setLastname)}
              error={text(status.errors.lastname)}
              name="family-name"
              autoComplete="family-name"
            />
            <NewPasswordFields
              label="passwordLabel"
              password={{
                value: password,
                onValueChange: edit('password', setPassword),
                error: text(status.errors.password),
              }}
              repeat={{
                value: repeat,
                onValueChange: edit('repeat', setRepeat),
                error: text(status.errors.repeat),
              }}
            />
            <FormActions
              alert={text(status.alert)}
              busy={status.busy}
              submitLabel={t('registration.submit')}
            />
          </>
        ) : sent ? (
          <CodeStep
            sending={sending}
            sent={sent}
            status={status}
            target={sent.details.shownTarget}
            onComplete={(value) => void verifyCode(value)}
            submitLabel={t('next')}
            backLabel={t('changeTarget')}
          />
        ) : (
          <ContactStep
            value={targetInput}
            onValueChange={edit('target', setTargetInput)}
            error={text(status.errors.target)}
            alert={text(status.alert)}
            busy={status.busy}
          />
        )}
      </form>
      <button type="button" className={linkButton} onClick={() => onNavigate?.('login')}>
        {t('registration.haveAccount')}
      </button>
    </AccountFormFrame>
  );
}
