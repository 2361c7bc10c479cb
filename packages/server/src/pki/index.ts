/**
 * The signature verification engine, CMS, enveloped XMLDSig and document cards (a PDF carrying the original and
 * its detached CMS): parse, check signatures, chain, revocation, KZ identity, ETSI report.
 */

export { CARD_OCSP_WINDOW_MS } from './card/card-checks.js';
export {
  type CardFile,
  type CardLimits,
  type CardOutline,
  type CardRefusal,
  CardRefusedError,
  outlineCard,
} from './card/card-outline.js';
export type { CardSignature } from './card/verify-card.js';
export { type CmsOutline, outlineCms } from './cms/outline.js';
export { pkiConfigFromEnv, pkiEnv, pkiSettings } from './config.js';
export { archiveRenewalDue, proofExpiry } from './long-term/archive-renewal.js';
export {
  type HttpTsaOptions,
  httpTimestampAuthority,
  type TimestampAuthority,
  TimestampUnavailableError,
} from './long-term/timestamp-authority.js';
export type { ValidationData } from './long-term/validation-data.js';
export { signatureErrorCode } from './report.js';
export { type ContentBytes, type ContentDigests, digestMemo } from './signature/digest.js';
export {
  type CardVerification,
  type CmsVerification,
  createVerifier,
  type FileVerification,
  type PkiConfig,
  type SecuredCms,
  type Verifier,
  type VerifyCardInput,
  type VerifyCmsInput,
  type VerifyFileInput,
  type VerifyXmlInput,
  type XmlVerification,
} from './verifier.js';
export { outlineXml, type XmlOutline, XmlUnsignedError } from './xml/outline.js';
export {
  looksLikeXml,
  XML_MAX_BYTES,
  type XmlLimits,
  type XmlRefusal,
  XmlRefusedError,
} from './xml/xml-document.js';
