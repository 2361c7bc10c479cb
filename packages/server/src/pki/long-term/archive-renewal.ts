import { createHash } from 'node:crypto';
import { parseCertificate } from '../chain/certificate.js';
import { parseCms } from '../cms/parse.js';
import { readTimestampToken, signatureTimestamp, type TimestampToken } from '../cms/timestamp-token.js';
import { bytesEqual, FormatError } from '../der.js';
import { OID } from '../oids.js';
import { digest, digestMemo } from '../signature/digest.js';
import type { CmsVerification, VerifyCmsInput } from '../verifier.js';
import { archiveImprintInput, archiveInputs, atsHashIndexDer, atsHashIndexOf } from './archive-timestamp.js';
import type { SecuredCms } from './secure-cms.js';
import { stampWithRetry, type TimestampAuthority, TimestampUnavailableError } from './timestamp-authority.js';
import {
  attributeDer,
  withUnsignedAttributeReplaced,
  withUnsignedAttributes,
} from './unsigned-attributes.js';
import { type ValidationData, validationDataAttributes } from './validation-data.js';

/**
 * Adds an archive-time-stamp-v3 (ETSI EN 319 122-1 5.5.3, CAdES-A) to each SignerInfo of a CMS that verifies
 * TOTAL_PASSED: its ats-hash-index-v3 (SHA-256) lists every certificate, CRL and unsigned attribute value present,
 * and rides as an unsigned attribute of the TSA's token. A CMS that does not verify comes back as it was. Throws
 * TimestampUnavailableError when the TSA gives no token whose imprint is the archive hash input.
 */
export async function addArchiveTimestamps(
  verifyCms: (input: VerifyCmsInput) => Promise<CmsVerification>,
  tsa: TimestampAuthority,
  input: VerifyCmsInput,
): Promise<SecuredCms> {
  const memo =
    input.content !== undefined ? { contentDigests: input.contentDigests ?? digestMemo(input.content) } : {};
  const first = await verifyCms({ ...input, ...memo });
  if (first.signers.length === 0 || first.report.verdict !== 'TOTAL_PASSED') {
    return { cms: input.cms, verification: first };
  }
  const content = input.content ?? first.content;
  if (content === null || content === undefined)
    throw new FormatError('archive timestamp: no signed content');
  const contentHash = digest(OID.sha256, content);
  const cms = withNewestArchiveEvidence(
    input.cms,
    first.signers.map((s) => s.validationData),
  );
  const inputs = archiveInputs(cms);
  const added: Uint8Array[][] = [];
  for (let index = 0; index < inputs.signers.length; index += 1) {
    const indexDer = atsHashIndexDer(atsHashIndexOf(inputs, index));
    const data = archiveImprintInput(inputs, index, contentHash, indexDer);
    const token = await stampWithRetry(tsa, data);
    const stamped = readTimestampToken(token).imprint;
    const expected = new Uint8Array(createHash('sha256').update(data).digest());
    if (stamped.hashAlgorithm !== OID.sha256 || !bytesEqual(stamped.hash, expected)) {
      throw new TimestampUnavailableError('the TSA stamped another imprint than the archive hash input');
    }
    const withIndex = withUnsignedAttributes(
      token,
      [[attributeDer(OID.atsHashIndexV3, indexDer)]],
      new Set(),
    );
    added.push([attributeDer(OID.archiveTimestampV3, withIndex)]);
  }
  const archived = withUnsignedAttributes(cms, added, new Set());
  const verification = await verifyCms({ ...input, ...memo, cms: archived });
  const archives = verification.report.signatures.map((s) => s.archiveTimestamps?.at(-1));
  if (archives.some((a) => a?.indication !== 'TOTAL_PASSED')) {
    throw new TimestampUnavailableError(`the archive timestamp does not verify: ${JSON.stringify(archives)}`);
  }
  return { cms: archived, verification };
}

/**
 * Before a new archive timestamp covers it, the newest earlier archive timestamp's token gets (as certValues and
 * revocationValues among its own unsigned attributes, which its TSA did not sign) the validation data the
 * signature was just checked with: that TSA's path and status as of now, which no one may be able to fetch once
 * its certificate has ended. The signature timestamp's TSA needs none: its data was kept at signing.
 */
function withNewestArchiveEvidence(cms: Uint8Array, used: readonly ValidationData[]): Uint8Array {
  let out = cms;
  parseCms(cms).signers.forEach((signer, index) => {
    const data = used[index];
    let newest: { position: number; token: Uint8Array; at: Date } | null = null;
    signer.unsignedAttrs.forEach((attribute, position) => {
      const value = attribute.values[0];
      if (attribute.type !== OID.archiveTimestampV3 || value === undefined) return;
      const token = new Uint8Array(value.valueBeforeDecodeView);
      const at = readTimestampToken(token).genTime;
      if (newest === null || at >= newest.at) newest = { position, token, at };
    });
    const found = newest as { position: number; token: Uint8Array; at: Date } | null;
    if (found === null || data === undefined) return;
    const replaced = new Set<string>([OID.certValues, OID.revocationValues]);
    const token = withUnsignedAttributes(found.token, [validationDataAttributes(data)], replaced);
    out = withUnsignedAttributeReplaced(
      out,
      index,
      found.position,
      attributeDer(OID.archiveTimestampV3, token),
    );
  });
  return out;
}

/** The token's TSA certificate's end of validity; null when the token carries no certificate that signed it. */
function tsaNotAfter(token: TimestampToken): Date | null {
  const [signer] = token.cms.signers;
  if (signer === undefined) return null;
  for (const der of token.cms.certificates) {
    const record = parseCertificate(der);
    const { sid } = signer;
    const matches =
      'subjectKeyId' in sid
        ? record.subjectKeyId === sid.subjectKeyId
        : record.issuerKey === sid.issuerKey && record.serialHex === sid.serialHex;
    if (matches) return record.notAfter;
  }
  return null;
}

/**
 * When a CMS's proof of existence runs out: per SignerInfo, the end of validity of the TSA certificate of its
 * newest timestamp (archive timestamps, else the signature timestamp); the earliest of those, or null when a
 * signer has no timestamp at all (nothing to renew: it needs a signature timestamp first).
 */
export function proofExpiry(cms: Uint8Array): Date | null {
  let earliest: Date | null = null;
  for (const signer of parseCms(cms).signers) {
    const tokens = signer.unsignedAttrs
      .filter((a) => a.type === OID.archiveTimestampV3)
      .flatMap((a) => a.values.slice(0, 1))
      .map((value) => readTimestampToken(new Uint8Array(value.valueBeforeDecodeView)));
    const first = signatureTimestamp(signer);
    if (first) tokens.push(first);
    if (tokens.length === 0) return null;
    const newest = tokens.reduce((a, b) => (b.genTime > a.genTime ? b : a));
    const end = tsaNotAfter(newest);
    if (end === null) return null;
    if (earliest === null || end < earliest) earliest = end;
  }
  return earliest;
}

/** Whether a CMS's proof of existence ends within `marginMs` of `now`, so it needs an archive timestamp now. */
export function archiveRenewalDue(cms: Uint8Array, now: Date, marginMs: number): boolean {
  const end = proofExpiry(cms);
  return end !== null && end.getTime() - now.getTime() <= marginMs;
}
