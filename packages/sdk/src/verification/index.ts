export {
  downloadPrintableCopy,
  downloadSignatureSheet,
  downloadSignedPackage,
  printableCopyUrl,
  signatureSheetUrl,
  signedPackageUrl,
  type VerifySignaturesOptions,
  verifySignatures,
  verifyStoredFile,
  verifyStoredFilePath,
} from './verificationApi';
