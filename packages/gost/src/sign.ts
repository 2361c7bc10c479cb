import { bigIntToBytesLE, bytesToBigIntLE } from './bytes.js';
import { GOST_CURVES, type GostCurveName, type GostPoint } from './curve/curves.js';
import { invertMod, mod } from './curve/field.js';
import { curveMath } from './curve/point.js';
import { assertPrivateKey, randomScalar } from './keys.js';

/** The two integers of a GOST signature. */
export interface GostSignature {
  r: bigint;
  s: bigint;
}

/**
 * The integer e of the standard from a digest: Kazakhstan's certificates read the hash little-endian
 * (established from the NCA TEST certificates), reduced mod q, with 0 replaced by 1.
 */
export function digestToInteger(curve: GostCurveName, digest: Uint8Array): bigint {
  const e = mod(bytesToBigIntLE(digest), GOST_CURVES[curve].q);
  return e === 0n ? 1n : e;
}

/**
 * Signature bytes as they go into a KZ certificate, CRL or CMS SignerInfo: r || s, each little-endian over the
 * curve's byte length. That is RFC 4491's s || r (big-endian) with the whole string reversed.
 */
export function encodeGostSignature(curve: GostCurveName, signature: GostSignature): Uint8Array {
  const n = GOST_CURVES[curve].byteLength;
  const out = new Uint8Array(2 * n);
  out.set(bigIntToBytesLE(signature.r, n), 0);
  out.set(bigIntToBytesLE(signature.s, n), n);
  return out;
}

/** Reads r and s from signature bytes (see encodeGostSignature); undefined when the length is wrong. */
export function decodeGostSignature(curve: GostCurveName, bytes: Uint8Array): GostSignature | undefined {
  const n = GOST_CURVES[curve].byteLength;
  if (bytes.length !== 2 * n) return undefined;
  return { r: bytesToBigIntLE(bytes.subarray(0, n)), s: bytesToBigIntLE(bytes.subarray(n)) };
}

/**
 * Signs a digest (Streebog-512 for tc26-512-a, GOST 34.311-95 for cryptopro-a) with GOST 34.10 / 34.310.
 * `nonce` (k in [1, q - 1]) is for known-answer tests only; by default a fresh random k is drawn.
 * Not hardened against timing side channels: for test PKI and tooling, not for keys that matter.
 */
export function gostSign(
  curve: GostCurveName,
  privateKey: bigint,
  digest: Uint8Array,
  nonce?: bigint,
): Uint8Array {
  assertPrivateKey(curve, privateKey);
  const math = curveMath(curve);
  const { q } = math.curve;
  const e = digestToInteger(curve, digest);
  for (;;) {
    const k = nonce ?? randomScalar(q);
    if (k <= 0n || k >= q) throw new RangeError('nonce out of range');
    const c = math.toAffine(math.multiplyBase(k));
    const r = c ? mod(c.x, q) : 0n;
    const s = mod(r * privateKey + k * e, q);
    if (r !== 0n && s !== 0n) return encodeGostSignature(curve, { r, s });
    if (nonce !== undefined) throw new RangeError('this nonce gives r = 0 or s = 0');
  }
}

/**
 * Verifies a GOST 34.10 / 34.310 signature (bytes as in a KZ certificate) over a digest. Returns false for a
 * signature of the wrong length, r or s outside [1, q - 1], or a public key that is not on the curve.
 */
export function gostVerify(
  curve: GostCurveName,
  publicKey: GostPoint,
  digest: Uint8Array,
  signature: Uint8Array,
): boolean {
  const math = curveMath(curve);
  const { q, p } = math.curve;
  const decoded = decodeGostSignature(curve, signature);
  if (!decoded) return false;
  const { r, s } = decoded;
  if (r <= 0n || r >= q || s <= 0n || s >= q) return false;
  if (!math.isOnCurve(publicKey)) return false;
  const v = invertMod(digestToInteger(curve, digest), q);
  const z1 = mod(s * v, q);
  const z2 = mod((q - r) * v, q);
  const c = math.twoScalarMultiply(z1, z2, publicKey);
  if (c.z === 0n) return false;
  // x(C) mod q = r without an inversion: x(C) = X / Z^2 is one of r, r + q, ... below p.
  const f = math.field;
  const zz = f.sqr(c.z);
  for (let candidate = r; candidate < p; candidate += q) {
    if (f.mul(candidate, zz) === c.x) return true;
  }
  return false;
}
