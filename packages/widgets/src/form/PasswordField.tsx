import { mdiEye, mdiEyeOff } from '@mdi/js';
import { type JSX, useState } from 'react';
import { Icon } from '../icon';
import { inlineButton } from './form.css';
import { TextField, type TextFieldProps } from './TextField';

/** Props of {@link PasswordField}. */
export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endButton'> {
  /** Accessible name of the show/hide toggle, in the current language. */
  showLabel: string;
}

/** A password input with a show/hide toggle (a pressed-state button, so the state is announced). */
export function PasswordField({ showLabel, ...props }: PasswordFieldProps): JSX.Element {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      endButton={
        <button
          type="button"
          className={inlineButton}
          aria-label={showLabel}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon path={visible ? mdiEyeOff : mdiEye} />
        </button>
      }
    />
  );
}
