import {
  type Counterparty,
  type IdentityNumberSchemaOptions,
  type SignerInput,
  signerInputSchema,
  signerRuleViolation,
} from '@qoltanba/core';
import { type FieldProblem, problemOfIssue } from '../documents-common';

/** A signer as the editor holds it: every field a string as typed; `approverEmail` null when there is no approver. */
export interface SignerDraft {
  /** Stable identity of the row (React key, focus after reordering); not sent anywhere. */
  key: string;
  identityNumber: string;
  email: string;
  nameRu: string;
  nameKk: string;
  approverEmail: string | null;
}

/** The fields of a signer the editor validates. */
export type SignerField = 'identityNumber' | 'email' | 'nameRu' | 'nameKk' | 'approverEmail';

/** What is wrong with one signer, by field. */
export type SignerProblems = Partial<Record<SignerField, FieldProblem>>;

let nextKey = 0;

/** A new, empty signer row. */
export function emptySigner(): SignerDraft {
  nextKey += 1;
  return {
    key: `signer-${nextKey}`,
    identityNumber: '',
    email: '',
    nameRu: '',
    nameKk: '',
    approverEmail: null,
  };
}

/** A signer row from a stored signer (editing a document) or a signer input. */
export function signerDraftOf(signer: SignerInput): SignerDraft {
  return {
    ...emptySigner(),
    identityNumber: signer.identityNumber,
    email: signer.email,
    nameRu: signer.nameRu,
    nameKk: signer.nameKk ?? '',
    approverEmail: signer.approverEmail ?? null,
  };
}

/** A signer row filled from a counterparty of the address book (its first e-mail). */
export function signerDraftFromCounterparty(
  counterparty: Counterparty,
  key = emptySigner().key,
): SignerDraft {
  return {
    key,
    identityNumber: counterparty.identityNumber,
    email: counterparty.emails[0] ?? '',
    nameRu: counterparty.nameRu,
    nameKk: counterparty.nameKk ?? '',
    approverEmail: null,
  };
}

/** True when nothing has been typed into the row. */
export function isBlankSigner(signer: SignerDraft): boolean {
  return (
    !signer.identityNumber.trim() &&
    !signer.email.trim() &&
    !signer.nameRu.trim() &&
    !signer.nameKk.trim() &&
    signer.approverEmail === null
  );
}

/** The signer as the API takes it: trimmed, spaces out of the BIN/IIN, an empty Kazakh name as null. */
export function signerInputOf(signer: SignerDraft): SignerInput {
  return {
    identityNumber: signer.identityNumber.replace(/\s/g, ''),
    email: signer.email.trim(),
    nameRu: signer.nameRu.trim(),
    nameKk: signer.nameKk.trim() || null,
    approverEmail: signer.approverEmail === null ? null : signer.approverEmail.trim(),
  };
}

const REQUIRED_FIELDS = ['identityNumber', 'email', 'nameRu'] as const;

/**
 * What is wrong with each signer: core's signerInputSchema field by field (REQUIRED for an empty required
 * field, APPROVER_EMAIL_INVALID for an added approver left empty), then core's signerRuleViolation against
 * the acting company: SELF_AS_SIGNER, and SIGNER_DUPLICATE on every repeat of an earlier BIN/IIN.
 */
export function signerProblems(
  signers: readonly SignerDraft[],
  actingBin: string,
  options?: IdentityNumberSchemaOptions,
): SignerProblems[] {
  const schema = signerInputSchema(options);
  const inputs = signers.map(signerInputOf);
  return inputs.map((input, index) => {
    const problems: SignerProblems = {};
    const result = schema.safeParse(input);
    for (const issue of result.success ? [] : result.error.issues) {
      const field = issue.path[0] as SignerField;
      problems[field] ??= problemOfIssue(issue);
    }
    for (const field of REQUIRED_FIELDS) if (input[field] === '') problems[field] = 'REQUIRED';
    if (problems.identityNumber || input.identityNumber === '') return problems;
    if (signerRuleViolation([input], actingBin) === 'SELF_AS_SIGNER') {
      problems.identityNumber = 'SELF_AS_SIGNER';
    } else if (
      inputs
        .slice(0, index)
        .some((earlier) => signerRuleViolation([earlier, input], actingBin) === 'SIGNER_DUPLICATE')
    ) {
      problems.identityNumber = 'SIGNER_DUPLICATE';
    }
    return problems;
  });
}

/** True when no signer has a problem. */
export function signersValid(problems: readonly SignerProblems[]): boolean {
  return problems.every((p) => Object.keys(p).length === 0);
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
