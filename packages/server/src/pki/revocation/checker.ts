import type { CertificateRecord } from '../chain/certificate.js';
import type { IssuedByCache } from '../chain/path.js';
import type { TrustStore } from '../chain/trust-store.js';
import type { ValidationData } from '../long-term/validation-data.js';
import { LruCache } from '../lru.js';
import { type CrlRecord, crlIsCurrent, crlIssuedBy, crlRevocationDate, parseCrl } from './crl.js';
import {
  buildOcspRequest,
  evaluateOcspResponse,
  type ParsedOcspResponse,
  parseBasicOcspResponse,
  parseOcspResponse,
} from './ocsp.js';

/** The revocation status of one certificate and where it came from. */
export interface RevocationStatus {
  status: 'good' | 'revoked' | 'unknown';
  source: 'ocsp' | 'crl' | null;
  revokedAt: Date | null;
  checkedAt: Date | null;
  /** The answer itself (a CRL, or a BasicOCSPResponse), to keep beside the signature; absent when none. */
  evidence?: { kind: 'crl' | 'ocsp'; der: Uint8Array };
  /** The answer came from the signature's own validation data (not the network or the trust folder). */
  embedded?: boolean;
}

/**
 * How long before the proven time (the timestamp) kept revocation evidence may have been produced and still
 * vouch for it: the server asks OCSP while verifying and stamps right after, so seconds apart; an hour allows a
 * slow TSA and clock skew, while a good answer from days before would leave room for an unseen revocation.
 */
export const EVIDENCE_MAX_AGE_MS = 60 * 60_000;

/** What the checker needs from the verifier. */
export interface RevocationOptions {
  store: () => TrustStore;
  offline: boolean;
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs: number;
  signatures: IssuedByCache;
}

/** OCSP answers without nextUpdate are reused this long. */
const OCSP_DEFAULT_TTL_MS = 5 * 60_000;
/** A CRL that could not be downloaded is not asked for again this long. */
const CRL_FAILURE_TTL_MS = 60_000;

const UNKNOWN: RevocationStatus = { status: 'unknown', source: null, revokedAt: null, checkedAt: null };

/** Revocation by OCSP (AIA, nonce, cached) with CRL fallback (CDP, cached until nextUpdate) and local CRLs. */
export class RevocationChecker {
  readonly #ocsp = new LruCache<RevocationStatus>(10_000, () => this.options.now().getTime());
  readonly #crls = new LruCache<CrlRecord | null>(256, () => this.options.now().getTime());

  constructor(private readonly options: RevocationOptions) {}

  /** Forgets cached answers (after the trust folder changed). */
  clear(): void {
    this.#ocsp.clear();
    this.#crls.clear();
  }

  /** The CRL answer about `cert` from `crls` issued by `issuer`: revoked wins, a current CRL vouches for good. */
  #fromCrls(
    crls: readonly CrlRecord[],
    cert: CertificateRecord,
    issuer: CertificateRecord,
    vouches: (crl: CrlRecord) => boolean = (crl) => crlIsCurrent(crl, this.options.now()),
  ): RevocationStatus | null {
    const now = this.options.now();
    let good: RevocationStatus | null = null;
    for (const crl of crls) {
      if (!crlIssuedBy(crl, issuer)) continue;
      const evidence = { kind: 'crl' as const, der: crl.der };
      const revokedAt = crlRevocationDate(crl, cert.serialHex);
      if (revokedAt)
        return { status: 'revoked', source: 'crl', revokedAt, checkedAt: crl.thisUpdate, evidence };
      if (vouches(crl) && (good === null || (good.checkedAt ?? now) < crl.thisUpdate)) {
        good = { status: 'good', source: 'crl', revokedAt: null, checkedAt: crl.thisUpdate, evidence };
      }
    }
    return good;
  }

  /**
   * The answer of a signature's kept validation data about `cert` as of `at` (the time its timestamp proves):
   * an OCSP response signed by the issuer or its responder, produced at most {@link EVIDENCE_MAX_AGE_MS} before
   * `at` (or after it), or a CRL current at `at` (or issued after it, before the certificate expired). Revoked wins; null when the data says nothing usable.
   */
  fromEvidence(
    cert: CertificateRecord,
    issuer: CertificateRecord,
    data: ValidationData,
    at: Date,
  ): RevocationStatus | null {
    const fresh = (produced: Date) => produced.getTime() >= at.getTime() - EVIDENCE_MAX_AGE_MS;
    let good: RevocationStatus | null = null;
    for (const der of data.ocsp) {
      let parsed: ParsedOcspResponse;
      try {
        parsed = parseBasicOcspResponse(der);
        // Judged as of when the responder answered (its certificate valid then); an answer after `at` is fine.
        const producedAt = parsed.basic?.tbsResponseData.producedAt ?? at;
        const answer = evaluateOcspResponse(parsed, cert, issuer, {
          nonce: null,
          now: producedAt,
          signatures: this.options.signatures,
        });
        if (answer.status === 'unknown' || !fresh(answer.thisUpdate)) continue;
        const status: RevocationStatus = {
          status: answer.status,
          source: 'ocsp',
          revokedAt: answer.revokedAt,
          checkedAt: answer.thisUpdate,
          evidence: { kind: 'ocsp', der },
          embedded: true,
        };
        if (status.status === 'revoked') return status;
        good ??= status;
      } catch {
        // Another response may cover the certificate.
      }
    }
    const crls: CrlRecord[] = [];
    for (const der of data.crls) {
      try {
        crls.push(parseCrl(der));
      } catch {
        // An unreadable CRL vouches for nothing.
      }
    }
    // A CRL vouches for its period (thisUpdate..nextUpdate), and one issued after `at` while the certificate was
    // still valid (CRLs drop expired certificates, so a later one's silence proves nothing).
    const fromCrl = this.#fromCrls(
      crls,
      cert,
      issuer,
      (crl) => crlIsCurrent(crl, at) || (crl.thisUpdate >= at && crl.thisUpdate <= cert.notAfter),
    );
    if (fromCrl?.status === 'revoked') return { ...fromCrl, embedded: true };
    return good ?? (fromCrl ? { ...fromCrl, embedded: true } : null);
  }

  /** The answer of the CRLs placed in the trust folder alone (used for CA certificates and offline). */
  local(cert: CertificateRecord, issuer: CertificateRecord): RevocationStatus | null {
    return this.#fromCrls(this.options.store().crlsByIssuer.get(cert.issuerKey) ?? [], cert, issuer);
  }

  /** The revocation status of `cert` issued by `issuer`. Never throws; network failures give 'unknown'. */
  async check(cert: CertificateRecord, issuer: CertificateRecord): Promise<RevocationStatus> {
    const local = this.local(cert, issuer);
    if (local?.status === 'revoked' || this.options.offline) return local ?? UNKNOWN;
    const ocsp = await this.#ocspStatus(cert, issuer);
    if (ocsp.status !== 'unknown') return ocsp;
    const downloaded = await this.#downloadedCrlStatus(cert, issuer);
    return downloaded ?? local ?? ocsp;
  }

  async #ocspStatus(cert: CertificateRecord, issuer: CertificateRecord): Promise<RevocationStatus> {
    const key = `${issuer.id}:${cert.serialHex}`;
    const cached = this.#ocsp.get(key);
    if (cached) return cached;
    for (const url of cert.ocspUrls) {
      try {
        const request = buildOcspRequest(cert, issuer);
        const body = await this.#post(url, request.der);
        const now = this.options.now();
        const parsed = parseOcspResponse(body);
        const answer = evaluateOcspResponse(parsed, cert, issuer, {
          nonce: request.nonce,
          now,
          signatures: this.options.signatures,
        });
        if (answer.status === 'unknown') continue;
        const status: RevocationStatus = {
          status: answer.status,
          source: 'ocsp',
          revokedAt: answer.revokedAt,
          checkedAt: answer.thisUpdate,
          ...(parsed.basicDer ? { evidence: { kind: 'ocsp' as const, der: parsed.basicDer.slice() } } : {}),
        };
        const until = answer.nextUpdate?.getTime() ?? now.getTime() + OCSP_DEFAULT_TTL_MS;
        this.#ocsp.set(key, status, answer.status === 'revoked' ? Number.POSITIVE_INFINITY : until);
        return status;
      } catch {
        // The next responder, then the CRL, are the fallback.
      }
    }
    return UNKNOWN;
  }

  async #downloadedCrlStatus(
    cert: CertificateRecord,
    issuer: CertificateRecord,
  ): Promise<RevocationStatus | null> {
    const crls: CrlRecord[] = [];
    for (const url of cert.crlUrls) {
      const crl = await this.#crl(url);
      if (crl) crls.push(crl);
    }
    return this.#fromCrls(crls, cert, issuer);
  }

  async #crl(url: string): Promise<CrlRecord | null> {
    const cached = this.#crls.get(url);
    if (cached !== undefined) return cached;
    const now = this.options.now().getTime();
    try {
      const response = await this.options.fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const crl = parseCrl(new Uint8Array(await response.arrayBuffer()));
      this.#crls.set(url, crl, crl.nextUpdate?.getTime() ?? now + OCSP_DEFAULT_TTL_MS);
      return crl;
    } catch {
      this.#crls.set(url, null, now + CRL_FAILURE_TTL_MS);
      return null;
    }
  }

  async #post(url: string, der: Uint8Array): Promise<Uint8Array> {
    const response = await this.options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
      body: der.slice(),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`OCSP HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
