import {
  type Counterparty,
  type IdentityNumberSchemaOptions,
  type SignerInput,
  signerInputSchema,
  signerRuleViolation,
} from '@qoltanba/core';
import {
  type DraftSigner,
  draftSignerInput,
  draftSignerOf,
  emptyDraftSigner,
  isBlankDraftSigner,
} from '@qoltanba/sdk';
import { type FieldProblem, problemOfIssue } from '../documents-common';

/** A signer row as typed: the sdk draft editor's row, so the form and the editor share one shape. */
export type SignerDraft = DraftSigner;

/** The fields of a signer the editor validates. */
export type SignerField = 'identityNumber' | 'email' | 'nameRu' | 'nameKk' | 'approverEmail';

/** What is wrong with one signer, by field. */
export type SignerProblems = Partial<Record<SignerField, FieldProblem>>;

/** A new, empty signer row (the sdk's {@link emptyDraftSigner}). */
export const emptySigner: () => SignerDraft = emptyDraftSigner;

/** A signer row from a stored signer (editing a document) or a signer input (the sdk's {@link draftSignerOf}). */
export function signerDraftOf(signer: SignerInput): SignerDraft {
  return draftSignerOf(signer);
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

/** True when nothing has been typed into the row (the sdk's {@link isBlankDraftSigner}). */
export const isBlankSigner: (signer: SignerDraft) => boolean = isBlankDraftSigner;

/** The signer as the API takes it: trimmed, spaces out of the BIN/IIN, an empty Kazakh name as null. */
export const signerInputOf: (signer: SignerDraft) => SignerInput = draftSignerInput;

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
