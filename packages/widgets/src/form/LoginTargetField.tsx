import { useStore } from '@nanostores/react';
import { $locale } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { TextField } from './TextField';
import { authFormsT } from './texts';

/** Props of {@link LoginTargetField}. */
export interface LoginTargetFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Error text (sets aria-invalid). */
  error?: string;
}

/** The "E-mail or phone" field of login, registration and recovery (username autofill, no autocorrection). */
export function LoginTargetField({ value, onValueChange, error }: LoginTargetFieldProps): JSX.Element {
  const t = authFormsT(useStore($locale));
  return (
    <TextField
      label={t('loginLabel')}
      hint={t('loginHint')}
      value={value}
      onValueChange={onValueChange}
      error={error}
      name="login"
      type="text"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}
