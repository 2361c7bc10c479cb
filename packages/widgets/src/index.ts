export {
  type AttachCompanyActions,
  AttachCompanyForm,
  type AttachCompanyFormProps,
} from './attach-company';
export {
  type AuthActions,
  AuthDialog,
  type AuthDialogProps,
  type AuthSuccess,
  type AuthView,
} from './auth-dialog';
export { CodeInput, type CodeInputProps, type ResendResult } from './code-input';
export { CompanySwitcher, type CompanySwitcherActions, type CompanySwitcherProps } from './company-switcher';
export { CounterpartyForm, type CounterpartyFormProps, type RegisterNames } from './counterparty-form';
export { CounterpartyList, type CounterpartyListProps } from './counterparty-list';
export {
  DocumentCard,
  type DocumentCardAction,
  type DocumentCardProps,
  documentCardActions,
} from './document-card';
export {
  DocumentForm,
  type DocumentFormEdits,
  type DocumentFormProps,
  type DocumentFormValue,
  type UploadItem,
} from './document-form';
export { DocumentsTable, type DocumentsTableProps } from './documents-table';
export { FolderTree, type FolderTreeProps } from './folder-tree';
export { Icon, type IconProps } from './icon';
export { LanguageSwitch, type LanguageSwitchProps } from './language-switch';
export {
  type LoginActions,
  LoginForm,
  type LoginFormProps,
  type LoginMethod,
  type LoginNavigation,
} from './login-form';
export {
  type PdfDocument,
  type PdfLoader,
  type PdfPage,
  type PdfSource,
  PdfViewer,
  type PdfViewerProps,
  type PdfViewport,
} from './pdf-viewer';
export { type ProfileActions, ProfileCard, type ProfileCardProps } from './profile-card';
export {
  type QrSigningActions,
  QrSigningDialog,
  type QrSigningDialogProps,
} from './qr-signing-dialog';
export { type RecoveryActions, RecoveryForm, type RecoveryFormProps } from './recovery-form';
export {
  type RegistrationActions,
  RegistrationForm,
  type RegistrationFormProps,
  type RegistrationStep,
} from './registration-form';
export { RejectDialog, type RejectDialogProps, RevokeDialog, type RevokeDialogProps } from './reject-dialog';
export { SignPanel, type SignPanelActions, type SignPanelProps } from './sign-panel';
export {
  emptySigner,
  type SignerDraft,
  SignerEditor,
  type SignerEditorProps,
  type SignerProblems,
  signerDraftOf,
  signerInputOf,
  signerProblems,
} from './signer-editor';
export { Snackbar, type SnackbarProps } from './snackbar';
export { SupportCloseButton, type SupportCloseButtonProps } from './support-close-button';
export { SupportConversationList, type SupportConversationListProps } from './support-conversation-list';
export { SupportReplyForm, type SupportReplyFormProps } from './support-reply-form';
export { SupportThread, type SupportThreadProps } from './support-thread';
export { type GreyStep, lightTheme, lightThemeTokens, type ThemeTokens, vars } from './theme';
export {
  VerificationResult,
  type VerificationResultProps,
  VerifyDropzone,
  type VerifyDropzoneActions,
  type VerifyDropzoneProps,
} from './verification-report';
