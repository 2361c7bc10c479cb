import type { EtsiSubIndication, SignaturePackaging, SignatureType } from '@qoltanba/core';
import type { CertificateRecord } from './chain/certificate.js';
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
