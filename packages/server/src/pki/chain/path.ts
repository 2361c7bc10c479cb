import { asBytes } from '../der.js';
import { LruCache } from '../lru.js';
import { verifySignature } from '../signature/verify.js';
import { allowsKeyUsage, type CertificateRecord, KEY_USAGE } from './certificate.js';
import type { TrustStore } from './trust-store.js';

const MAX_DEPTH = 8;

/** A certification path from the signing certificate (first) to a trusted certificate (last). */
export type CertificationPath = CertificateRecord[];

/** Memoised "did `issuer` sign `subject`" answers, keyed by both certificate ids. */
export class IssuedByCache {
  readonly #cache = new LruCache<boolean>(4096);

  /** True when `issuer`'s name and key identifier match `subject`'s issuer and its key verifies the signature. */
  issuedBy(subject: CertificateRecord, issuer: CertificateRecord): boolean {
    if (subject.issuerKey !== issuer.subjectKey) return false;
    if (subject.authorityKeyId && issuer.subjectKeyId && subject.authorityKeyId !== issuer.subjectKeyId)
      return false;
    const key = `${subject.id}:${issuer.id}`;
    let ok = this.#cache.get(key);
    if (ok === undefined) {
      try {
        ok = verifySignature({
          algorithm: subject.cert.signatureAlgorithm,
          key: issuer.publicKey(),
          data: subject.cert.tbsView,
          signature: asBytes(subject.cert.signatureValue.valueBlock.valueHexView),
        });
      } catch {
        ok = false;
      }
      this.#cache.set(key, ok);
    }
    return ok;
  }
}

/**
 * Builds a path from `leaf` to a certificate of the trust store through the CMS's certificates (`pool`),
 * checking each issuer's signature and that intermediates are CAs allowed to sign certificates. Time is not
 * checked here (the caller checks validity). Null when no path exists.
 */
export function buildPath(
  leaf: CertificateRecord,
  pool: readonly CertificateRecord[],
  store: TrustStore,
  signatures: IssuedByCache,
): CertificationPath | null {
  if (store.ids.has(leaf.id)) return [leaf];
  const walk = (path: CertificationPath): CertificationPath | null => {
    const current = path[path.length - 1];
    if (current === undefined || path.length > MAX_DEPTH) return null;
    for (const anchor of store.bySubject.get(current.issuerKey) ?? []) {
      if (signatures.issuedBy(current, anchor)) return [...path, anchor];
    }
    for (const candidate of pool) {
      if (path.some((seen) => seen.id === candidate.id)) continue;
      if (!candidate.isCa || !allowsKeyUsage(candidate.keyUsage, KEY_USAGE.keyCertSign)) continue;
      if (!signatures.issuedBy(current, candidate)) continue;
      const found = walk([...path, candidate]);
      if (found) return found;
    }
    return null;
  };
  return walk([leaf]);
}
