import { parseCms } from '../cms/parse.js';
import { signatureTimestamp } from '../cms/timestamp-token.js';
import { OID } from '../oids.js';
import { digestMemo } from '../signature/digest.js';
import type { CmsVerification, VerifyCmsInput } from '../verifier.js';
import { stampWithRetry, type TimestampAuthority, TimestampUnavailableError } from './timestamp-authority.js';
import { timestampAttribute, withUnsignedAttributes } from './unsigned-attributes.js';
import { validationDataAttributes } from './validation-data.js';

/** The result of securing a CMS: the CMS to keep and its verification. */
export interface SecuredCms {
  /** CAdES-T with validation data when it passed and a TSA is configured; else the CMS as given. */
  cms: Uint8Array;
  verification: CmsVerification;
}

/** The unsigned attributes {@link secureCms} writes anew each time (kept once, not piled up). */
const KEPT_TYPES: ReadonlySet<string> = new Set([OID.certValues, OID.revocationValues]);

/**
 * Verifies a CMS with `verifyCms` and, when every signature passed and `tsa` is given, makes it long-term: a
 * signatureTimeStampToken over each signature value (kept when the signer already stamped), then certValues and
 * revocationValues with what the signer's and the TSA's paths were checked with. Throws
 * TimestampUnavailableError when the TSA gave no token that verifies after retries.
 */
export async function secureCms(
  verifyCms: (input: VerifyCmsInput) => Promise<CmsVerification>,
  tsa: TimestampAuthority | undefined,
  input: VerifyCmsInput,
): Promise<SecuredCms> {
  // One memo for the three passes below: a large original is hashed once.
  const memo =
    input.content !== undefined ? { contentDigests: input.contentDigests ?? digestMemo(input.content) } : {};
  const first = await verifyCms({ ...input, ...memo });
  const cms = input.cms;
  if (tsa === undefined || first.signers.length === 0 || first.report.verdict !== 'TOTAL_PASSED') {
    return { cms, verification: first };
  }
  const tokens: Uint8Array[][] = [];
  for (const signer of parseCms(cms).signers) {
    tokens.push(
      signatureTimestamp(signer) === null
        ? [timestampAttribute(await stampWithRetry(tsa, signer.signature))]
        : [],
    );
  }
  const stamped = withUnsignedAttributes(cms, tokens, new Set());
  // Judging the stamped CMS checks the TSA's token and collects its path and revocation answers too.
  const judged = await verifyCms({ ...input, ...memo, cms: stamped });
  if (judged.report.signatures.some((s) => s.timestamp?.indication !== 'TOTAL_PASSED')) {
    throw new TimestampUnavailableError(
      `the TSA token does not verify: ${JSON.stringify(judged.report.signatures.map((s) => s.timestamp))}`,
    );
  }
  const kept = judged.signers.map((s) => validationDataAttributes(s.validationData));
  const secured = withUnsignedAttributes(stamped, kept, KEPT_TYPES);
  return { cms: secured, verification: await verifyCms({ ...input, ...memo, cms: secured }) };
}
