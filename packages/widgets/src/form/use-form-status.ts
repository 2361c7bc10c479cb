import type { ErrorCode } from '@qoltanba/core';
import { type RefObject, useCallback, useRef, useState } from 'react';
import { routeError, type ShownError } from './shown-error';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/** Field errors of a form, by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, ShownError>>;

/** The outcome of {@link FormStatus.submit}. */
export type SubmitOutcome<T> = { ok: true; value: T } | { ok: false };

/** What {@link useFormStatus} returns. */
export interface FormStatus<F extends string> {
  errors: FieldErrors<F>;
  alert: ShownError | undefined;
  busy: boolean;
  /**
   * Shows the client-side problems found (a field mapped to undefined has none), replacing earlier ones, and
   * focuses the first; true when there are none.
   */
  validate: (found: { [K in F]?: ShownError | undefined }) => boolean;
  /**
   * Runs an action with the busy state on; a failure goes next to its field (by code) and takes focus,
   * or into the alert. Ignored while another action runs.
   */
  submit: <T>(
    action: () => Promise<T>,
    fieldByCode?: Partial<Record<ErrorCode, F>>,
  ) => Promise<SubmitOutcome<T>>;
  /** Forgets one field's error (called when the user edits that field). */
  clearError: (field: F) => void;
  /** Forgets every error and the alert (e.g. on a step or mode change). */
  reset: () => void;
  setAlert: (alert: ShownError | undefined) => void;
}

/** Errors, alert and busy state of a form whose root element is `root`. */
export function useFormStatus<F extends string>(root: RefObject<HTMLElement | null>): FormStatus<F> {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [alert, setAlert] = useState<ShownError>();
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two submits in one tick must not both start.
  const running = useRef(false);
  const focusFirstInvalid = useFocusFirstInvalid(root);

  const validate = useCallback(
    (found: { [K in F]?: ShownError | undefined }): boolean => {
      const problems = Object.fromEntries(
        Object.entries(found).filter(([, problem]) => problem !== undefined),
      ) as FieldErrors<F>;
      setErrors(problems);
      setAlert(undefined);
      if (Object.keys(problems).length === 0) return true;
      focusFirstInvalid();
      return false;
    },
    [focusFirstInvalid],
  );

  const submit = useCallback(
    async <T>(
      action: () => Promise<T>,
      fieldByCode: Partial<Record<ErrorCode, F>> = {},
    ): Promise<SubmitOutcome<T>> => {
      if (running.current) return { ok: false };
      running.current = true;
      setBusy(true);
      setAlert(undefined);
      try {
        return { ok: true, value: await action() };
      } catch (failure) {
        const { field, error } = routeError(failure, fieldByCode);
        if (field) {
          setErrors({ [field]: error } as FieldErrors<F>);
          focusFirstInvalid();
        } else setAlert(error);
        return { ok: false };
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [focusFirstInvalid],
  );

  const clearError = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setAlert(undefined);
  }, []);

  return { errors, alert, busy, validate, submit, clearError, reset, setAlert };
}
