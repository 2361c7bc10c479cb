import { decodeGostPublicKey, type GostPoint, gost34311, gostVerify, streebog512 } from '@qoltanba/gost';
import { OID } from '../oids.js';

/** The GOST curves of Kazakhstan's PKI: CryptoPro-A for 34.310-2004, tc26 512 paramSet A for 34.10-2015. */
export type GostCurve = 'cryptopro-a' | 'tc26-512-a';

/** A decoded GOST public key on its curve. */
export interface GostPublicKey {
  curve: GostCurve;
  point: GostPoint;
}

/** The curve of a KZ GOST public key algorithm OID, or null for another algorithm. */
export function gostCurveOfKey(keyOid: string): GostCurve | null {
  if (keyOid === OID.gost2004Key) return 'cryptopro-a';
  if (keyOid === OID.gost2015Key512) return 'tc26-512-a';
  return null;
}

/** GOST 34.311-95 or Streebog-512 of `data`. */
export function gostDigest(oid: string, data: Uint8Array): Uint8Array {
  return oid === OID.gost34311 ? gost34311(data) : streebog512(data);
}

/** Decodes the raw little-endian X||Y key (the content of the SPKI's OCTET STRING). */
export function gostPublicKey(curve: GostCurve, rawLittleEndianXY: Uint8Array): GostPublicKey {
  return { curve, point: decodeGostPublicKey(curve, rawLittleEndianXY) };
}

/** Verifies a GOST signature (RFC 4491 byte order, as in certificates and CMS) over `data`. */
export function verifyGost(key: GostPublicKey, data: Uint8Array, signature: Uint8Array): boolean {
  const hash = key.curve === 'cryptopro-a' ? gost34311(data) : streebog512(data);
  return gostVerify(key.curve, key.point, hash, signature);
}
