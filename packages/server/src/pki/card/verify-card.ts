import { type CardChecks, type EtsiIndication, overallVerdict, type SignatureReport } from '@qoltanba/core';
import type { CertificateRecord } from '../chain/certificate.js';
import { type ParsedCms, parseCms } from '../cms/parse.js';
import { readValidationData, type ValidationData } from '../long-term/validation-data.js';
import { digestMemo } from '../signature/digest.js';
import type { CmsVerification, VerifyCmsInput } from '../verifier.js';
import { cardChecks, cardReport } from './card-checks.js';
import type { CardFile, CardOutline } from './card-outline.js';

/** One signature of a card: the engine's report (as the card specification judges it) and the card's checks. */
export interface CardSignature {
  report: SignatureReport;
  card: CardChecks;
}

/** The result of {@link verifyCard}. */
export interface CardVerification {
  original: CardFile;
  /** Per signature file of the card, in its order: each SignerInfo's report and checks. */
  signatureFiles: Array<{ file: CardFile; signatures: CardSignature[] }>;
  /** The worst indication of all its signatures: the card is to be relied on only when TOTAL_PASSED. */
  verdict: EtsiIndication;
}

function parsedOrNull(bytes: Uint8Array): ParsedCms | null {
  try {
    return parseCms(bytes);
  } catch {
    return null;
  }
}

function keptOf(cms: ParsedCms | null, index: number): ValidationData | null {
  const signer = cms?.signers[index];
  try {
    return signer ? readValidationData(signer.unsignedAttrs) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies every signature file of a card over its original with `verifyCms` (the CMS's own timestamp and
 * revocation values first, as for any CAdES-T/LT signature), then the card specification's checks on each.
 * A file that is no CMS is its FORMAT_FAILURE report with the finding NOT_CMS.
 */
export async function verifyCard(
  verifyCms: (input: VerifyCmsInput) => Promise<CmsVerification>,
  readCertificate: (der: Uint8Array) => CertificateRecord | null,
  card: CardOutline,
): Promise<CardVerification> {
  const content = card.original.bytes;
  // The original is hashed once per digest algorithm, however many signatures the card carries.
  const contentDigests = digestMemo(content, { sha256: card.original.sha256 });
  const signatureFiles: CardVerification['signatureFiles'] = [];
  for (const file of card.signatures) {
    const cms = parsedOrNull(file.bytes);
    const verification = await verifyCms({ cms: file.bytes, content, contentDigests });
    const signatures = verification.report.signatures.map((report, index): CardSignature => {
      if (cms === null) {
        const checks: CardChecks = {
          signatureTime: null,
          revocationSource: null,
          revocationTime: null,
          findings: ['NOT_CMS'],
        };
        return { report, card: checks };
      }
      const signer = verification.signers.find((found) => found.report === report);
      const checks = cardChecks({
        report,
        leaf: signer ? readCertificate(signer.certificateDer) : null,
        kept: keptOf(cms, index),
        revocationStatus: signer?.revocationStatus,
      });
      return { report: cardReport(report, checks), card: checks };
    });
    signatureFiles.push({ file, signatures });
  }
  const all = signatureFiles.flatMap((entry) => entry.signatures.map((s) => s.report.indication));
  return { original: card.original, signatureFiles, verdict: overallVerdict(all) };
}
