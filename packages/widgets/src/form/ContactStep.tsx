import { useStore } from '@nanostores/react';
import { $locale } from '@qoltanba/sdk';
import type { JSX, ReactNode } from 'react';
import { FormActions } from './FormActions';
import { LoginTargetField } from './LoginTargetField';
import { authFormsT } from './texts';

/** Props of {@link ContactStep}. */
export interface ContactStepProps {
  /** The e-mail or phone typed. */
  value: string;
  onValueChange: (value: string) => void;
  /** The field's error text. */
  error?: string;
  /** The alert text of the form. */
  alert?: string;
  busy: boolean;
  /** What comes before the field (e.g. a line saying what the code is for). */
  children?: ReactNode;
}

/** The step before a code, in login, registration and recovery: the e-mail or phone, then "Send code". */
export function ContactStep({
  value,
  onValueChange,
  error,
  alert,
  busy,
  children,
}: ContactStepProps): JSX.Element {
  const t = authFormsT(useStore($locale));
  return (
    <>
      {children}
      <LoginTargetField value={value} onValueChange={onValueChange} error={error} />
      <FormActions alert={alert} busy={busy} submitLabel={t('sendCode')} />
    </>
  );
}
