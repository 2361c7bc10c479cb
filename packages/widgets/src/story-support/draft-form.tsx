import { useStore } from '@nanostores/react';
import type { SignerInput, SigningMethod } from '@qoltanba/core';
import { createDraftEditor, type DraftEditor, draftSignerOf } from '@qoltanba/sdk';
import { type JSX, useState } from 'react';
import { DocumentForm, type DocumentFormProps } from '../document-form/DocumentForm';

/** What a story's or test's draft starts with. */
export interface DraftStart {
  name?: string;
  signingMethod?: SigningMethod;
  signers?: readonly SignerInput[];
}

/** Props of {@link DocumentFormOnDraft}: the form's, with the draft's start instead of its store. */
export type DocumentFormOnDraftProps = Omit<DocumentFormProps, 'value' | 'edit'> & {
  initial?: DraftStart;
  /** Receives the editor made, so a test can read the draft the form edits. */
  onEditor?: (editor: DraftEditor) => void;
};

/**
 * The document form on a real sdk draft editor (its state and edits need no server; save and send stay the
 * props'), as the portal wires it: for stories and tests.
 */
export function DocumentFormOnDraft({ initial, onEditor, ...props }: DocumentFormOnDraftProps): JSX.Element {
  const [editor] = useState(() => {
    const made = createDraftEditor({ bin: props.actingBin });
    made.setName(initial?.name ?? '');
    made.setSigningMethod(initial?.signingMethod ?? 'PARALLEL');
    made.setSigners((initial?.signers ?? []).map((signer) => draftSignerOf(signer)));
    onEditor?.(made);
    return made;
  });
  const state = useStore(editor.$state);
  return <DocumentForm {...props} value={state} edit={editor} />;
}
