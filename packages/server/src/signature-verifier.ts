import { AppError, type SignatureReport, type VerificationReport } from '@qoltanba/core';

/**
 * What the signing flows need of the signature engine (`src/pki`, `createVerifier`): verify one CMS, detached
 * over `content` or carrying it. Kept as an interface so tests give a verifier for their own trust store.
 */
export interface CmsVerifier {
  verifyCms(input: { cms: Uint8Array; content?: Uint8Array }): Promise<CmsVerification>;
}

/** The outcome of {@link CmsVerifier.verifyCms}: the report, each signer's report and certificate, the content. */
export interface CmsVerification {
  report: VerificationReport;
  signers: Array<{ report: SignatureReport; certificateDer: Uint8Array }>;
  /** The signed content: the attached one, else the detached content given. */
  content: Uint8Array | null;
}

/** A verifier for a server without a configured signature engine: every verification answers 503. */
export const unavailableVerifier: CmsVerifier = {
  async verifyCms() {
    throw new AppError('SERVICE_UNAVAILABLE');
  },
};
