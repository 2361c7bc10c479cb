import { useStore } from '@nanostores/react';
import { PASSWORD_MIN } from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { PasswordField } from './PasswordField';
import { authFormsT } from './texts';

/** One controlled password input of {@link NewPasswordFields}. */
export interface PasswordInput {
  value: string;
  onValueChange: (value: string) => void;
  /** Error text (sets aria-invalid). */
  error?: string;
}

/** Props of {@link NewPasswordFields}. */
export interface NewPasswordFieldsProps {
  /** Which label the new password gets: "Password" (a new account) or "New password" (a change). */
  label: 'passwordLabel' | 'newPasswordLabel';
  password: PasswordInput;
  /** The "Repeat the password" field; left out when the form asks once. */
  repeat?: PasswordInput;
}

/**
 * The new-password field (with the minimum length as hint) and, optionally, its repetition; both tell password
 * managers to suggest a new password.
 */
export function NewPasswordFields({ label, password, repeat }: NewPasswordFieldsProps): JSX.Element {
  const t = authFormsT(useStore($locale));
  return (
    <>
      <PasswordField
        {...password}
        label={t(label)}
        hint={t('passwordHint', { min: PASSWORD_MIN })}
        showLabel={t('showPassword')}
        name="new-password"
        autoComplete="new-password"
      />
      {repeat ? (
        <PasswordField
          {...repeat}
          label={t('repeatPasswordLabel')}
          showLabel={t('showPassword')}
          name="repeat-password"
          autoComplete="new-password"
        />
      ) : null}
    </>
  );
}
