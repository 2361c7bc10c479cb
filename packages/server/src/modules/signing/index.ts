/** The signing module's front door (signatures, links, QR sessions): the only file other modules and app wiring import. */

export { type ArchiveRenewalRound, runArchiveRenewalRound } from './archive-renewal-job.js';
export { signaturesOfFiles } from './file-signatures.js';
export { decodeSignatures } from './signature-decode.js';
export { signaturesOf } from './signature-store.js';
export {
  rejectAsSigner,
  type SignerGrant,
  sendSignerFile,
  sendSignerPreview,
  signAsSigner,
  signerView,
  startSignerQrSigning,
} from './signer-actions.js';
export type { SigningContext } from './signing-context.js';
export { signingEnv, signingSettings } from './signing-env.js';
export { runSigningSchedule, signingContextOf, signingModule } from './signing-module.js';
