export { filterCounterparties } from './CounterpartyPicker';
export { SignerEditor, type SignerEditorProps } from './SignerEditor';
export {
  emptySigner,
  isBlankSigner,
  type SignerDraft,
  type SignerField,
  type SignerProblems,
  signerDraftFromCounterparty,
  signerDraftOf,
  signerInputOf,
  signerProblems,
  signersValid,
} from './signer-model';
