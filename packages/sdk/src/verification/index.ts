export {
  printableCopyUrl,
  signatureSheetUrl,
  signedPackageUrl,
  storedFileVerificationReportPdf,
  storedFileVerificationReportUrl,
  type VerifySignaturesOptions,
  verificationReportPdf,
  verifySignatures,
  verifyStoredFile,
  verifyStoredFilePath,
} from './verificationApi';
