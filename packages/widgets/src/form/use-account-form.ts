import { useStore } from '@nanostores/react';
import type { Lang } from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import { type FormEvent, type RefObject, useRef } from 'react';
import { errorText, type ShownError } from './shown-error';
import { type FormStatus, useFormStatus } from './use-form-status';

/** What {@link useAccountForm} returns. */
export interface AccountForm<F extends string> {
  /** The current language. */
  lang: Lang;
  /** Goes on the `<form>`: the first invalid control inside takes focus. */
  formRef: RefObject<HTMLFormElement | null>;
  status: FormStatus<F>;
  /** An error's text in the current language; undefined stays undefined. */
  text: (error: ShownError | undefined) => string | undefined;
  /** A field's change handler: stores the value and forgets that field's error. */
  edit: (field: F, set: (value: string) => void) => (value: string) => void;
  /** The `<form>`'s submit handler: no page load, and nothing while an action runs. */
  onSubmit: (run: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
}

/** What every account form starts with: language, form ref, status, and the error-text and edit helpers. */
export function useAccountForm<F extends string>(): AccountForm<F> {
  const lang = useStore($locale);
  const formRef = useRef<HTMLFormElement>(null);
  const status = useFormStatus<F>(formRef);
  const text = (error: ShownError | undefined) => (error ? errorText(error, lang) : undefined);
  const edit = (field: F, set: (value: string) => void) => (value: string) => {
    set(value);
    status.clearError(field);
  };
  const onSubmit = (run: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!status.busy) void run();
  };
  return { lang, formRef, status, text, edit, onSubmit };
}
