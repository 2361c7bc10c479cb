import type { DocumentDraft } from '@qoltanba/core';
import type { DraftEditor } from '@qoltanba/sdk';

/**
 * Puts what the form holds (name, signing method, signers) into the editor. A signer the editor refuses
 * throws its catalogue code, which the form shows by the signers.
 */
export function applyDraft(editor: DraftEditor, draft: DocumentDraft): void {
  editor.setName(draft.name);
  editor.setSigningMethod(draft.signingMethod);
  for (let index = editor.$state.get().signers.length - 1; index >= 0; index -= 1) editor.removeSigner(index);
  for (const signer of draft.signers) {
    const issue = editor.addSigner(signer);
    if (issue) throw issue;
  }
}
