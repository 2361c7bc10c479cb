// Internal building blocks of the signing widgets; not part of the package's public entry.
export { ModalDialog, type ModalDialogProps } from './ModalDialog';
export { QrCode, qrPath } from './QrCode';
export { SigningFailure } from './SigningFailure';
export { TestSignerBadge } from './TestSignerBadge';
export { signingT, signingTexts } from './texts';
