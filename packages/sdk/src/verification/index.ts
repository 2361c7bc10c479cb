export {
  printableCopyUrl,
  signatureSheetUrl,
  signedPackageUrl,
  storedFileVerificationReportUrl,
  type VerifySignaturesOptions,
  verificationReportPdf,
  verifySignatures,
  verifyStoredFile,
  verifyStoredFilePath,
} from './verificationApi';
