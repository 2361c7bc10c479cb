import { describe, expect, it } from 'vitest';
import { bigIntToBytesLE } from './bytes.js';
import { GOST_CURVES, type GostCurveName, type GostPoint } from './curve/curves.js';
import { curveMath, type JacobianPoint } from './curve/point.js';
import { encodeGostPublicKey, generateGostPrivateKey, gostPublicKey } from './keys.js';
import { encodeGostSignature, gostSign, gostVerify } from './sign.js';

const CURVES = Object.keys(GOST_CURVES) as GostCurveName[];

function randomDigest(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/** Plain double-and-add over affine additions: the reference for the windowed paths. */
function slowMultiply(name: GostCurveName, point: GostPoint, k: bigint): GostPoint | undefined {
  const math = curveMath(name);
  let r: JacobianPoint = { x: 1n, y: 1n, z: 0n };
  for (const bit of k.toString(2)) {
    r = math.double(r);
    if (bit === '1') r = math.addAffine(r, point);
  }
  return math.toAffine(r);
}

describe.each(CURVES)('random signatures on %s', (curve) => {
  const { q, byteLength: n, base } = GOST_CURVES[curve];
  const math = curveMath(curve);

  it('verifies what it signs and refuses every single-bit change of signature, digest or key', () => {
    for (let round = 0; round < 4; round += 1) {
      const privateKey = generateGostPrivateKey(curve);
      const publicKey = gostPublicKey(curve, privateKey);
      const digest = randomDigest(n);
      const signature = gostSign(curve, privateKey, digest);
      expect(gostVerify(curve, publicKey, digest, signature)).toBe(true);

      const bit = (bytes: Uint8Array) => {
        const copy = bytes.slice();
        const index = Math.floor(Math.random() * 8 * copy.length);
        copy[index >> 3] = (copy[index >> 3] ?? 0) ^ (1 << (index & 7));
        return copy;
      };
      expect(gostVerify(curve, publicKey, digest, bit(signature))).toBe(false);
      const digest2 = bit(digest);
      // A changed digest verifies only when it is the same integer mod q (possible on the curves with q < 2^(8n - 1)).
      expect(gostVerify(curve, publicKey, digest2, signature)).toBe(
        BigInt(`0x${Buffer.from(digest2).reverse().toString('hex')}`) % q ===
          BigInt(`0x${Buffer.from(digest).reverse().toString('hex')}`) % q,
      );
      const other = gostPublicKey(curve, generateGostPrivateKey(curve));
      expect(gostVerify(curve, other, digest, signature)).toBe(false);
      // The negated key (the same x) must not verify either.
      expect(gostVerify(curve, { x: publicKey.x, y: math.field.neg(publicKey.y) }, digest, signature)).toBe(
        false,
      );
      expect(encodeGostPublicKey(curve, publicKey)).toHaveLength(2 * n);
    }
  });

  it('signs and verifies with the boundary private keys 1, 2 and q - 1 and nonces 1 and q - 1', () => {
    const digest = randomDigest(n);
    for (const privateKey of [1n, 2n, q - 1n]) {
      const publicKey = gostPublicKey(curve, privateKey);
      expect(publicKey).toEqual(slowMultiply(curve, base, privateKey));
      for (const nonce of [1n, 2n, q - 1n, undefined]) {
        const signature = gostSign(curve, privateKey, digest, nonce);
        expect(gostVerify(curve, publicKey, digest, signature)).toBe(true);
      }
    }
    expect(gostPublicKey(curve, q - 1n)).toEqual({ x: base.x, y: math.field.neg(base.y) });
  });

  it('refuses forged r and s at the boundaries of [1, q - 1] and all-zero or all-one signatures', () => {
    const privateKey = generateGostPrivateKey(curve);
    const publicKey = gostPublicKey(curve, privateKey);
    const digest = randomDigest(n);
    for (const [r, s] of [
      [q - 1n, q - 1n],
      [1n, 1n],
      [1n, q - 1n],
      [q - 1n, 1n],
    ] as const)
      expect(gostVerify(curve, publicKey, digest, encodeGostSignature(curve, { r, s }))).toBe(false);
    expect(gostVerify(curve, publicKey, digest, new Uint8Array(2 * n))).toBe(false);
    expect(gostVerify(curve, publicKey, digest, new Uint8Array(2 * n).fill(255))).toBe(false);
  });

  it('computes k1 G + k2 Q like double-and-add for boundary and random scalars', () => {
    const point = slowMultiply(curve, base, 987654321n);
    if (!point) throw new Error('unexpected infinity');
    const random = () => (BigInt(`0x${Buffer.from(randomDigest(n)).toString('hex')}`) % (q - 1n)) + 1n;
    const scalars = [0n, 1n, 2n, 3n, q - 2n, q - 1n, random(), random()];
    for (const k1 of scalars) {
      for (const k2 of [0n, 1n, q - 1n, random()]) {
        const expected = slowMultiply(curve, base, (k1 + 987654321n * k2) % q);
        expect(math.toAffine(math.twoScalarMultiply(k1, k2, point)), `${k1} ${k2}`).toEqual(expected);
      }
    }
  });

  it('reads the digest little-endian: a signature over e verifies for e + q when it fits', () => {
    const privateKey = generateGostPrivateKey(curve);
    const publicKey = gostPublicKey(curve, privateKey);
    const e = 12345n;
    const signature = gostSign(curve, privateKey, bigIntToBytesLE(e, n));
    if (e + q < 1n << BigInt(8 * n))
      expect(gostVerify(curve, publicKey, bigIntToBytesLE(e + q, n), signature)).toBe(true);
    expect(gostVerify(curve, publicKey, bigIntToBytesLE(e + 1n, n), signature)).toBe(false);
  });
});
