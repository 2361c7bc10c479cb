import type { JSX, ReactNode } from 'react';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';

/** Props of {@link FormActions}. */
export interface FormActionsProps {
  /** The alert text (a failure that concerns no single field); empty keeps the region silent. */
  alert?: string;
  /** The submit button's busy state. */
  busy: boolean;
  /** The submit button's label. */
  submitLabel: string;
  /** What follows the submit button (e.g. a link back to the previous step). */
  children?: ReactNode;
}

/** The end of every account form step: the alert region, the submit button and any link after it. */
export function FormActions({ alert, busy, submitLabel, children }: FormActionsProps): JSX.Element {
  return (
    <>
      <FormAlert message={alert} />
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      {children}
    </>
  );
}
