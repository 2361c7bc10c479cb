import type { DocumentDraft } from '@qoltanba/core';
import type { DraftEditor, DraftFile } from '@qoltanba/sdk';
import type { UploadItem } from '@qoltanba/widgets';

/**
 * The sdk editor's files as the widgets' DocumentForm lists them. A new document's files wait in the editor
 * until the draft is created with them (one request), so they are ready as far as the form goes: shown
 * without a bar, they let "Save draft" and "Send" go, and show progress once that request carries them.
 * An existing draft's queued file waits for the upload before it: shown as uploading.
 */
export function uploadItems(files: readonly DraftFile[], newDocument: boolean): UploadItem[] {
  return files.map(({ key, name, size, state }): UploadItem => {
    const item = { id: key, name, size };
    switch (state.status) {
      case 'queued':
        return { ...item, state: newDocument ? 'done' : 'uploading' };
      case 'uploading':
        return { ...item, state: 'uploading', progress: Math.round(state.progress * 100) };
      case 'done':
        return { ...item, state: 'done' };
      default:
        return { ...item, state: 'failed', error: state.code };
    }
  });
}

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
