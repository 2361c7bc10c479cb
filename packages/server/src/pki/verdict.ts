import type { EtsiSubIndication, SignaturePackaging, SignatureType } from '@qoltanba/core';
import type { CertificateRecord } from './chain/certificate.js';
import type { ValidationData } from './long-term/validation-data.js';
import { OID } from './oids.js';

/** Digest algorithms no signature may rely on (collisions are practical). */
export const WEAK_HASHES: ReadonlySet<string> = new Set([OID.sha1]);

/** Thrown inside a signature's checks to end them with a sub-indication. */
export class Verdict extends Error {
  constructor(readonly subIndication: EtsiSubIndication) {
    super(subIndication);
  }
}

/** Ends the current signature's checks with `sub`. */
export function fail(sub: EtsiSubIndication): never {
  throw new Verdict(sub);
}

/**
 * One signature as the verifier's shared checks see it, whatever its format: the CMS and XML readers each turn
 * their signatures into subjects, the verifier judges them all alike.
 */
export interface SignatureSubject {
  /** The signing certificate, null when the signature carries none that parses. */
  leaf: CertificateRecord | null;
  /** Certificates the signature carries, for path building. */
  pool: CertificateRecord[];
  packaging: SignaturePackaging;
  /** The key family the signature algorithm names (reported when no certificate tells it). */
  algorithmType: SignatureType | null;
  /** The signing time the signature claims; may throw FormatError. */
  signingTime(): Date | null;
  /** The format's own checks over the signed data; throws a Verdict, FormatError or UnsupportedAlgorithmError. */
  check(leaf: CertificateRecord): void;
  /** What the certificate must be allowed to do: sign documents (default) or issue timestamps (a TSA's token). */
  purpose?: 'sign' | 'timestamp';
  /** The signature's RFC 3161 timestamp, null without one; may throw FormatError for an unreadable one. */
  timestamp?(): SignatureTimestampToken | null;
  /**
   * The validation data the signature carries (CAdES certValues / revocationValues), null without any; may throw
   * FormatError for unreadable attributes.
   */
  validationData?(): ValidationData | null;
  /** The signature's archive-time-stamp-v3 tokens (CAdES-A), in order; may throw FormatError. */
  archiveTimestamps?(): SignatureTimestampToken[];
}

/** A signature's timestamp token as its format found it, before the TSA is judged. */
export interface SignatureTimestampToken {
  genTime: Date;
  /** The token's own signer, judged like a signature with purpose `timestamp`. */
  tsa: SignatureSubject;
  /**
   * Whether the token's message imprint is what it must stamp: the signature value (signature timestamp), or for an
   * archive timestamp the ETSI hash input with everything its hash index lists still present.
   */
  imprintMatches: boolean;
}

/** Parses a certificate once and keeps it (shared across signatures and requests); null for one that does not parse. */
export type CertificateReader = (der: Uint8Array) => CertificateRecord | null;

/** The certificates of `ders` that parse, in their order. */
export function readCertificates(ders: readonly Uint8Array[], read: CertificateReader): CertificateRecord[] {
  const records: CertificateRecord[] = [];
  for (const der of ders) {
    const record = read(der);
    if (record) records.push(record);
  }
  return records;
}
