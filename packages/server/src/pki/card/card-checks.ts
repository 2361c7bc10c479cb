import type { CardChecks, CardFinding, SignatureReport } from '@qoltanba/core';
import type { CertificateRecord } from '../chain/certificate.js';
import type { ValidationData } from '../long-term/validation-data.js';
import { OID } from '../oids.js';
import type { RevocationStatus } from '../revocation/checker.js';
import { type CrlRecord, parseCrl } from '../revocation/crl.js';

/** The card specification's bound between the signature time and an OCSP answer's thisUpdate: 5 minutes. */
export const CARD_OCSP_WINDOW_MS = 5 * 60_000;

/** What the card checks read of one judged SignerInfo. */
export interface CardCheckInput {
  report: SignatureReport;
  /** The signing certificate, when found. */
  leaf: CertificateRecord | null;
  /** The revocation values the CMS carries (null without). */
  kept: ValidationData | null;
  /** The engine's answer about the signing certificate; undefined when its checks ended before asking. */
  revocationStatus: RevocationStatus | null | undefined;
}

function hasExtension(extensions: ReadonlyArray<{ extnID: string }> | undefined, oid: string): boolean {
  return extensions?.some((extension) => extension.extnID === oid) ?? false;
}

function readCrl(der: Uint8Array): CrlRecord | null {
  try {
    return parseCrl(der);
  } catch {
    return null;
  }
}

/**
 * The card specification's checks over one signature the engine judged: the signature time is the verified
 * timestamp's genTime; the signer's status must come from the CMS's own evidence, an OCSP answer within
 * {@link CARD_OCSP_WINDOW_MS} of that time, or a CRL whose thisUpdate..nextUpdate covers it, with a delta CRL
 * when the CA publishes them (Freshest CRL on the certificate or the base CRL). Revocation findings only when
 * the engine got as far as asking (a signature that already failed needs no second reason).
 */
export function cardChecks(input: CardCheckInput): CardChecks {
  const findings: CardFinding[] = [];
  const stamp = input.report.timestamp ?? null;
  if (stamp === null) findings.push('TIMESTAMP_MISSING');
  else if (stamp.indication !== 'TOTAL_PASSED') findings.push('TIMESTAMP_FAILED');
  const signatureTime = stamp ? new Date(stamp.time) : null;
  const status = input.revocationStatus;
  const evidence = status?.embedded && status.evidence ? status.evidence : null;
  let revocationTime: Date | null = null;
  if (status !== undefined && evidence === null) findings.push('REVOCATION_MISSING');
  if (evidence?.kind === 'ocsp') {
    revocationTime = status?.checkedAt ?? null;
    const apart =
      signatureTime && revocationTime ? Math.abs(revocationTime.getTime() - signatureTime.getTime()) : null;
    if (apart === null || apart > CARD_OCSP_WINDOW_MS) findings.push('OCSP_NOT_AT_SIGNATURE_TIME');
  }
  if (evidence?.kind === 'crl') {
    const base = readCrl(evidence.der);
    revocationTime = base?.thisUpdate ?? null;
    const covers =
      base !== null &&
      signatureTime !== null &&
      base.nextUpdate !== null &&
      base.thisUpdate <= signatureTime &&
      signatureTime <= base.nextUpdate;
    if (!covers) findings.push('CRL_NOT_AT_SIGNATURE_TIME');
    const publishesDeltas =
      hasExtension(input.leaf?.cert.extensions, OID.freshestCrl) ||
      hasExtension(base?.crl.crlExtensions?.extensions, OID.freshestCrl);
    const deltas = (input.kept?.crls ?? [])
      .map(readCrl)
      .filter((crl) => hasExtension(crl?.crl.crlExtensions?.extensions, OID.deltaCrlIndicator));
    if (publishesDeltas && deltas.length === 0) findings.push('DELTA_CRL_MISSING');
  }
  return {
    signatureTime: signatureTime?.toISOString() ?? null,
    revocationSource: evidence?.kind ?? null,
    revocationTime: revocationTime?.toISOString() ?? null,
    findings,
  };
}

/** The report as the card specification judges it: a signature that passed with a finding is INDETERMINATE. */
export function cardReport(report: SignatureReport, checks: CardChecks): SignatureReport {
  if (checks.findings.length === 0 || report.indication !== 'TOTAL_PASSED') return report;
  return { ...report, indication: 'INDETERMINATE', subIndication: 'SIG_CONSTRAINTS_FAILURE' };
}
