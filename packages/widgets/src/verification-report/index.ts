export { VerificationResult, VerifyDropzone } from './lazy-widgets';
export type { VerificationResultProps } from './VerificationResult';
export type { VerifyDropzoneActions, VerifyDropzoneProps } from './VerifyDropzone';
