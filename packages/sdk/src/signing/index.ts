export {
  attachCompanyBySignature,
  attachCompanyWithNcaLayer,
  createAttachChallenge,
} from './attachBySignature';
export {
  createNcaLayerClient,
  LEGAL_ENTITY_KEY_USAGE_OID,
  type NcaLayerClient,
  type NcaLayerClientOptions,
  type NcaLayerSignOptions,
  type NcaLayerSocket,
  type NcaLayerSocketConstructor,
  SIGNING_KEY_USAGE_OID,
} from './ncaLayerClient';
export {
  type FollowQrSigningOptions,
  followQrSigning,
  type QrEventSource,
  type QrEventSourceConstructor,
  type QrSigningFollower,
  type QrSigningFollowState,
} from './qrSigningFollower';
export { attachSignerFilter, documentSignerFilter } from './signerFilter';
export { type NcaLayerSigning, type SigningProgress, signFilesWithNcaLayer } from './signFiles';
export {
  rejectDocument,
  resendSigningLink,
  revokeDocument,
  signDocument,
  startQrSigning,
  submitDocumentSignatures,
} from './signingApi';
export {
  $signingConfig,
  DEFAULT_SIGNING_CONFIG,
  getSigningConfig,
  loadSigningConfig,
  ncaLayerFor,
  resetSigningConfig,
} from './signingConfig';
export {
  downloadSigningLinkFile,
  getSigningLink,
  rejectByLink,
  signByLink,
  signingLinkFileUrl,
  signingLinkPreviewUrl,
  startQrSigningByLink,
  submitSigningLinkSignatures,
} from './signingLinkApi';
