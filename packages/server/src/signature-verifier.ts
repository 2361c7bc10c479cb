import type { Verifier } from './pki/index.js';

/**
 * What the signing flows need of the signature engine: `verifyCms` of `createVerifier` (src/pki). Only that
 * method, so tests can give a verifier for their own trust store or a stand-in.
 */
export type CmsVerifier = Pick<Verifier, 'verifyCms'>;

/** What public verification needs besides: XML documents with enveloped XMLDSig signatures too (`verifyXml`). */
export type SignatureVerifier = Pick<Verifier, 'verifyCms' | 'verifyXml'>;

/** The outcome of {@link CmsVerifier.verifyCms}. */
export type { CmsVerification } from './pki/index.js';
