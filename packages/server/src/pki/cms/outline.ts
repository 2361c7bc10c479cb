import { bytesEqual } from '../der.js';
import { type ContentDigests, digestMemo } from '../signature/digest.js';
import { parseCms } from './parse.js';
import { readSignedAttributes } from './signed-attributes.js';

/** The claims of one SignerInfo about its content: the digest algorithm and the messageDigest attribute. */
interface DigestClaim {
  algorithm: string;
  messageDigest: Uint8Array;
}

/** What a CMS says about itself before it is verified: whether it carries its content, and over what it signs. */
export interface CmsOutline {
  /** The CMS carries its content (attached). */
  attached: boolean;
  /**
   * True when some SignerInfo's messageDigest is the digest of `content` (its bytes, or their {@link digestMemo}
   * to hash each original once for several CMS): the way to find which of several originals a detached CMS
   * signs. Never throws (an unknown digest algorithm matches nothing).
   */
  signs(content: Uint8Array | ContentDigests): boolean;
}

/**
 * Recognises a CMS SignedData by parsing it (no cryptography): its outline, or null when the bytes are no
 * SignedData. Cheap enough to run on every uploaded file.
 *
 * @example outlineCms(upload)?.signs(original) // true for the CMS of that original
 */
export function outlineCms(bytes: Uint8Array): CmsOutline | null {
  let claims: DigestClaim[];
  let attached: boolean;
  try {
    const cms = parseCms(bytes);
    if (cms.signers.length === 0) return null;
    attached = cms.content !== null;
    claims = cms.signers.flatMap((signer) => {
      try {
        const { messageDigest } = readSignedAttributes(signer.signedAttrs);
        return messageDigest ? [{ algorithm: signer.digestAlgorithm, messageDigest }] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return null;
  }
  return {
    attached,
    signs(content) {
      const hashOf = typeof content === 'function' ? content : digestMemo(content);
      return claims.some((claim) => {
        try {
          return bytesEqual(claim.messageDigest, hashOf(claim.algorithm));
        } catch {
          return false;
        }
      });
    },
  };
}
