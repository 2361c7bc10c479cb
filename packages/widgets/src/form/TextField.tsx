import { type InputHTMLAttributes, type JSX, type ReactNode, type Ref, useId } from 'react';
import {
  control,
  field,
  fieldError,
  hint as hintClass,
  input,
  inputWithButton,
  label as labelClass,
} from './form.css';

/** Props of {@link TextField}: an input's own attributes plus label, value, hint, error and an inline button. */
export interface TextFieldProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'id' | 'className'
  > {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Help under the input, always read with it. */
  hint?: string;
  /** Error text; sets aria-invalid and is read with the input. */
  error?: string;
  /** A button placed inside the input's end edge (e.g. show password). */
  endButton?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra class of the input element. */
  inputClassName?: string;
}

/** A labelled input with hint and error wired through aria-describedby and aria-invalid. */
export function TextField({
  label,
  value,
  onValueChange,
  hint,
  error,
  endButton,
  inputRef,
  inputClassName,
  ...inputProps
}: TextFieldProps): JSX.Element {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ');
  return (
    <div className={field}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className={control}>
        <input
          {...inputProps}
          id={id}
          ref={inputRef}
          className={[input, endButton ? inputWithButton : '', inputClassName ?? ''].join(' ').trim()}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {endButton}
      </div>
      {error ? (
        <span id={errorId} className={fieldError}>
          {error}
        </span>
      ) : null}
      {hint ? (
        <span id={hintId} className={hintClass}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
