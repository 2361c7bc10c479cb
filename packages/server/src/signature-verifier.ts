import type { Verifier } from './pki/index.js';

/**
 * What the signing flows need of the signature engine: `verifyCms` of `createVerifier` (src/pki). Only that
 * method, so tests can give a verifier for their own trust store or a stand-in.
 */
export type CmsVerifier = Pick<Verifier, 'verifyCms'>;

/** What signing needs besides: keeping a signature long-term (`secureCms`: timestamp and validation data). */
export type SigningVerifier = Pick<Verifier, 'verifyCms' | 'secureCms'>;

/**
 * What the server needs: XML documents with enveloped XMLDSig signatures too (`verifyXml`), document cards
 * (`verifyCard`), and signing's.
 */
export type SignatureVerifier = Pick<Verifier, 'verifyCms' | 'verifyXml' | 'verifyCard' | 'secureCms'> &
  Partial<Pick<Verifier, 'archiveCms'>>;

/** The outcome of {@link CmsVerifier.verifyCms}. */
export type { CmsVerification } from './pki/index.js';
