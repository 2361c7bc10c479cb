import {
  type Counterparty,
  type CounterpartyInput,
  counterpartyInputSchema,
  type IdentityNumberSchemaOptions,
} from '@qoltanba/core';
import { type FieldProblem, problemOfIssue } from '../documents-common';

/** The form's values as typed. */
export interface CounterpartyValues {
  identityNumber: string;
  nameRu: string;
  nameKk: string;
  emails: string[];
}

/** A field of the form: the number, a name, or one e-mail row (`emails.0`, `emails.1`, ...). */
export type CounterpartyField = 'identityNumber' | 'nameRu' | 'nameKk' | `emails.${number}`;

/** The values of an existing counterparty, or empty ones with one e-mail row. */
export function counterpartyValuesOf(counterparty?: Counterparty): CounterpartyValues {
  return {
    identityNumber: counterparty?.identityNumber ?? '',
    nameRu: counterparty?.nameRu ?? '',
    nameKk: counterparty?.nameKk ?? '',
    emails: counterparty?.emails.length ? [...counterparty.emails] : [''],
  };
}

/**
 * Checks the values with core's counterpartyInputSchema. Blank e-mail rows are left out (all blank is
 * REQUIRED on the first row); problems are keyed by field, e-mails by their row. Returns the input to send
 * when there is no problem.
 */
export function checkCounterparty(
  values: CounterpartyValues,
  options?: IdentityNumberSchemaOptions,
): { problems: Partial<Record<CounterpartyField, FieldProblem>>; input?: CounterpartyInput } {
  const rows = values.emails
    .map((email, row) => ({ email: email.trim(), row }))
    .filter(({ email }) => email !== '');
  const input = {
    identityNumber: values.identityNumber.replace(/\s/g, ''),
    nameRu: values.nameRu.trim(),
    nameKk: values.nameKk.trim() || null,
    emails: rows.map(({ email }) => email),
  };
  const problems: Partial<Record<CounterpartyField, FieldProblem>> = {};
  const result = counterpartyInputSchema(options).safeParse(input);
  for (const issue of result.success ? [] : result.error.issues) {
    const [field, index] = issue.path;
    const key: CounterpartyField =
      field === 'emails'
        ? `emails.${typeof index === 'number' ? (rows[index]?.row ?? 0) : 0}`
        : (field as CounterpartyField);
    problems[key] ??= problemOfIssue(issue);
  }
  if (input.identityNumber === '') problems.identityNumber = 'REQUIRED';
  if (input.nameRu === '') problems.nameRu = 'REQUIRED';
  if (rows.length === 0) problems['emails.0'] = 'REQUIRED';
  return Object.keys(problems).length === 0 && result.success
    ? { problems, input: result.data }
    : { problems };
}
