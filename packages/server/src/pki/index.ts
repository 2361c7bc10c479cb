/** The CMS signature verification engine: parse, check signatures, chain, revocation, KZ identity, ETSI report. */

export { type CmsOutline, outlineCms } from './cms/outline.js';
export { pkiConfigFromEnv, pkiEnv, pkiSettings } from './config.js';
export { signatureErrorCode } from './report.js';
export { type ContentBytes, type ContentDigests, digestMemo } from './signature/digest.js';
export {
  type CmsVerification,
  createVerifier,
  type PkiConfig,
  type Verifier,
  type VerifyCmsInput,
} from './verifier.js';
