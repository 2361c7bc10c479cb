import { type DocumentDraft, type Signer, signerRuleViolation } from '@qoltanba/core';
import { refuse } from '../fakeHttp';

// A document draft as a create or an edit brings it: the signers core's rules allow, stored in order.

// A server outside production accepts the NCA test certificates' numbers (QOLTANBA_IDENTITY_TEST_MODE).
export const TEST_MODE = { testMode: true };

/** A draft's signers as stored: in order, all waiting. */
export function signersOf(draft: DocumentDraft): Signer[] {
  return draft.signers.map((signer, index) => ({
    identityNumber: signer.identityNumber,
    email: signer.email,
    nameRu: signer.nameRu,
    nameKk: signer.nameKk ?? null,
    approverEmail: signer.approverEmail ?? null,
    order: index + 1,
    state: 'WAITING',
    signedAt: null,
  }));
}

/** Refuses signers core's rules forbid for a sender `bin` (itself, twice, ...). */
export function checkSigners(draft: DocumentDraft, bin: string): void {
  const violation = signerRuleViolation(draft.signers, bin);
  if (violation) refuse(violation);
}
