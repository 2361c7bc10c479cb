import type { SignerInput } from '@qoltanba/core';

/**
 * A signer row of a draft as it is typed: every field a string, `approverEmail` null without an approver, and a
 * stable `key` (rendering, focus after reordering) that is never sent.
 */
export interface DraftSigner {
  key: string;
  identityNumber: string;
  email: string;
  nameRu: string;
  nameKk: string;
  approverEmail: string | null;
}

let nextKey = 0;

/** A new, empty signer row. */
export function emptyDraftSigner(): DraftSigner {
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

/** A signer row from a signer input or a stored signer; keeps `key` when given (a row replaced in place). */
export function draftSignerOf(signer: SignerInput, key = emptyDraftSigner().key): DraftSigner {
  return {
    key,
    identityNumber: signer.identityNumber,
    email: signer.email,
    nameRu: signer.nameRu,
    nameKk: signer.nameKk ?? '',
    approverEmail: signer.approverEmail ?? null,
  };
}

/** True when nothing has been typed into the row. */
export function isBlankDraftSigner(signer: DraftSigner): boolean {
  return (
    !signer.identityNumber.trim() &&
    !signer.email.trim() &&
    !signer.nameRu.trim() &&
    !signer.nameKk.trim() &&
    signer.approverEmail === null
  );
}

/** The signer as the API takes it: trimmed, spaces out of the BIN/IIN, an empty Kazakh name as null. */
export function draftSignerInput(signer: DraftSigner): SignerInput {
  return {
    identityNumber: signer.identityNumber.replace(/\s/g, ''),
    email: signer.email.trim(),
    nameRu: signer.nameRu.trim(),
    nameKk: signer.nameKk.trim() || null,
    approverEmail: signer.approverEmail === null ? null : signer.approverEmail.trim(),
  };
}
