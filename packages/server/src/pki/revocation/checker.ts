import type { CertificateRecord } from '../chain/certificate.js';
import type { IssuedByCache } from '../chain/path.js';
import type { TrustStore } from '../chain/trust-store.js';
import { LruCache } from '../lru.js';
import { type CrlRecord, crlIsCurrent, crlIssuedBy, crlRevocationDate, parseCrl } from './crl.js';
import { buildOcspRequest, evaluateOcspResponse, parseOcspResponse } from './ocsp.js';

/** The revocation status of one certificate and where it came from. */
export interface RevocationStatus {
  status: 'good' | 'revoked' | 'unknown';
  source: 'ocsp' | 'crl' | null;
  revokedAt: Date | null;
  checkedAt: Date | null;
}

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
  ): RevocationStatus | null {
    const now = this.options.now();
    let good: RevocationStatus | null = null;
    for (const crl of crls) {
      if (!crlIssuedBy(crl, issuer)) continue;
      const revokedAt = crlRevocationDate(crl, cert.serialHex);
      if (revokedAt) return { status: 'revoked', source: 'crl', revokedAt, checkedAt: crl.thisUpdate };
      if (crlIsCurrent(crl, now) && (good === null || (good.checkedAt ?? now) < crl.thisUpdate)) {
        good = { status: 'good', source: 'crl', revokedAt: null, checkedAt: crl.thisUpdate };
      }
    }
    return good;
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
        const answer = evaluateOcspResponse(parseOcspResponse(body), cert, issuer, {
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
