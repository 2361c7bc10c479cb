import type { SignatureReport, SignatureTimestamp } from '@qoltanba/core';
import type { SignatureSubject, SignatureTimestampToken } from '../verdict.js';
import { emptyValidationData, mergeValidationData, type ValidationData } from './validation-data.js';

// The checks of timestamp tokens (a signature's RFC 3161 token, CAdES-A archive timestamps), apart from the engine
// that judges their TSA like any signer: `judge` is the verifier's shared judgement of one subject at a time.

/** The verifier's judgement of one subject (here a token's TSA) as of `at` (null: now). */
export type JudgeSubject = (
  subject: SignatureSubject,
  at: Date | null,
) => Promise<{ report: SignatureReport; validationData: ValidationData }>;

/** A judged token: its report entry and what the TSA's checks used. */
export interface JudgedTimestamp {
  timestamp: SignatureTimestamp;
  validationData: ValidationData;
}

/**
 * One timestamp token judged: its TSA as a signer with purpose `timestamp` at `at` (else now; its status from the
 * token's own validation data, else the signature's `kept`), then whether it stamps what it must (HASH_FAILURE).
 */
export async function judgeTimestampToken(
  judge: JudgeSubject,
  token: SignatureTimestampToken,
  kept: ValidationData | null,
  at: Date | null,
): Promise<JudgedTimestamp> {
  const { report: tsa, validationData } = await judge(
    { ...token.tsa, validationData: () => token.tsa.validationData?.() ?? kept },
    at,
  );
  const imprintFails = tsa.indication === 'TOTAL_PASSED' && !token.imprintMatches;
  return {
    timestamp: {
      time: token.genTime.toISOString(),
      tsa: tsa.certificate?.subject ?? null,
      indication: imprintFails ? 'TOTAL_FAILED' : tsa.indication,
      subIndication: imprintFails ? 'HASH_FAILURE' : tsa.subIndication,
    },
    validationData,
  };
}

/**
 * A subject's archive timestamps (CAdES-A) judged newest first: the newest at `at` (else now), each older one at
 * the time of the newer one that passed (it proves the older token existed then). Reports oldest first;
 * `provenAt` is the oldest passing one's time.
 */
export async function judgeArchiveTimestamps(
  judge: JudgeSubject,
  subject: SignatureSubject,
  kept: ValidationData | null,
  at: Date | null,
): Promise<{ reports: SignatureTimestamp[]; provenAt: Date | null; validationData: ValidationData }> {
  const tokens = [...(subject.archiveTimestamps?.() ?? [])].sort(
    (a, b) => b.genTime.getTime() - a.genTime.getTime(),
  );
  let reference = at;
  let provenAt: Date | null = null;
  let used = emptyValidationData();
  const reports: SignatureTimestamp[] = [];
  for (const token of tokens) {
    const { timestamp, validationData } = await judgeTimestampToken(judge, token, kept, reference);
    reports.unshift(timestamp);
    used = mergeValidationData(used, validationData);
    if (timestamp.indication === 'TOTAL_PASSED') {
      reference = token.genTime;
      provenAt = token.genTime;
    }
  }
  return { reports, provenAt, validationData: used };
}
