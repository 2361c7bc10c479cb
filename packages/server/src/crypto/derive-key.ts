import { hkdfSync } from 'node:crypto';

/** What a derived key is for: HKDF's salt and info. A new purpose (or a new version of one) gets a new `info`. */
export interface KeyPurpose {
  salt: string;
  info: string;
}

/**
 * A key for one purpose derived from the server's secret (`QOLTANBA_TOKEN_SECRET`) with HKDF-SHA256 (RFC 5869), so a
 * key made for one purpose can never stand in for one made for another from the same secret.
 *
 * @example const key = deriveKey(config.tokenSecret, { salt: 'qoltanba-support', info: 'support-identity-token-v1' });
 */
export function deriveKey(secret: string, purpose: KeyPurpose, bytes = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, bytes));
}
