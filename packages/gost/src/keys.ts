import { bigIntToBytesLE, bytesToBigIntLE } from './bytes.js';
import { GOST_CURVES, type GostCurveName, type GostPoint } from './curve/curves.js';
import { curveMath } from './curve/point.js';

/**
 * Reads a public key as it sits inside the SubjectPublicKeyInfo's OCTET STRING: x || y, each coordinate
 * little-endian over the curve's byte length. Throws a RangeError when the length is wrong or the point is not on
 * the curve (all supported curves have cofactor 1, so a point on the curve is in the signature group).
 */
export function decodeGostPublicKey(curve: GostCurveName, raw: Uint8Array): GostPoint {
  const n = GOST_CURVES[curve].byteLength;
  if (raw.length !== 2 * n)
    throw new RangeError(`a ${curve} public key has ${2 * n} bytes, not ${raw.length}`);
  const point = { x: bytesToBigIntLE(raw.subarray(0, n)), y: bytesToBigIntLE(raw.subarray(n)) };
  if (!curveMath(curve).isOnCurve(point)) throw new RangeError(`the public key is not a point of ${curve}`);
  return point;
}

/** Writes a public key as x || y, each coordinate little-endian (the inverse of decodeGostPublicKey). */
export function encodeGostPublicKey(curve: GostCurveName, point: GostPoint): Uint8Array {
  const n = GOST_CURVES[curve].byteLength;
  const out = new Uint8Array(2 * n);
  out.set(bigIntToBytesLE(point.x, n), 0);
  out.set(bigIntToBytesLE(point.y, n), n);
  return out;
}

/** The public key d * G of a private key d in [1, q - 1]. */
export function gostPublicKey(curve: GostCurveName, privateKey: bigint): GostPoint {
  const math = curveMath(curve);
  assertPrivateKey(curve, privateKey);
  const point = math.toAffine(math.multiplyBase(privateKey));
  if (!point) throw new RangeError('private key out of range');
  return point;
}

/** A fresh private key, uniform in [1, q - 1], from crypto.getRandomValues. */
export function generateGostPrivateKey(curve: GostCurveName): bigint {
  return randomScalar(GOST_CURVES[curve].q);
}

/** The private scalar of an NCA PKCS#12 key: the 64-byte (GOST 2015) or 32-byte (GOST 2004) little-endian integer. */
export function gostPrivateKeyFromBytes(raw: Uint8Array): bigint {
  if (raw.length !== 32 && raw.length !== 64)
    throw new RangeError(`a GOST private key has 32 or 64 bytes, not ${raw.length}`);
  const key = bytesToBigIntLE(raw);
  if (key === 0n) throw new RangeError('a GOST private key is not zero');
  return key;
}

/** Throws a RangeError unless 0 < key < q. */
export function assertPrivateKey(curve: GostCurveName, key: bigint): void {
  if (key <= 0n || key >= GOST_CURVES[curve].q) throw new RangeError(`private key out of range for ${curve}`);
}

/** A uniform integer in [1, q - 1] by rejection sampling. */
export function randomScalar(q: bigint): bigint {
  const bits = q.toString(2).length;
  const bytes = new Uint8Array(Math.ceil(bits / 8));
  const excess = 8 * bytes.length - bits;
  for (;;) {
    globalThis.crypto.getRandomValues(bytes);
    bytes[0] = (bytes[0] ?? 0) & (0xff >> excess);
    let value = 0n;
    for (const byte of bytes) value = (value << 8n) | BigInt(byte);
    if (value > 0n && value < q) return value;
  }
}
