import { describe, expect, it } from 'vitest';
import { bigIntToBytesLE } from './bytes.js';
import { GOST_CURVES, type GostCurveName, type GostPoint } from './curve/curves.js';
import { mod } from './curve/field.js';
import { curveMath } from './curve/point.js';
import { generateGostPrivateKey, gostPublicKey } from './keys.js';
import { decodeGostSignature, digestToInteger, encodeGostSignature, gostSign, gostVerify } from './sign.js';

/**
 * Verification as the standard writes it, on the bigint path only (the implementation before the WebAssembly
 * field): v = e^(q-2), z1 = s v, z2 = -r v, C = z1 G + z2 Q in affine form, x(C) mod q = r.
 */
function referenceVerify(
  curve: GostCurveName,
  key: GostPoint,
  digest: Uint8Array,
  signature: Uint8Array,
): boolean {
  const math = curveMath(curve);
  const { q } = math.curve;
  const decoded = decodeGostSignature(curve, signature);
  if (!decoded) return false;
  const { r, s } = decoded;
  if (r <= 0n || r >= q || s <= 0n || s >= q || !math.isOnCurve(key)) return false;
  let v = 1n;
  let base = digestToInteger(curve, digest);
  for (let exponent = q - 2n; exponent > 0n; exponent >>= 1n) {
    if (exponent & 1n) v = (v * base) % q;
    base = (base * base) % q;
  }
  const c = math.toAffine(math.twoScalarMultiplyBigint(mod(s * v, q), mod(-r * v, q), key));
  return c !== undefined && mod(c.x, q) === r;
}

const random = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));

describe.each(['cryptopro-a', 'tc26-512-a'] as const)('gostVerify on %s', (curve) => {
  const { q, byteLength: n } = GOST_CURVES[curve];

  it('runs on the WebAssembly field and agrees with the bigint reference on valid and invalid signatures', () => {
    expect(curveMath(curve).usesWasm()).toBe(true);
    const rounds = curve === 'cryptopro-a' ? 12 : 5;
    let valid = 0;
    for (let round = 0; round < rounds; round += 1) {
      const privateKey = generateGostPrivateKey(curve);
      const key = gostPublicKey(curve, privateKey);
      const digest = random(n);
      const signature = gostSign(curve, privateKey, digest);
      const flipped = signature.slice();
      flipped[round % (2 * n)] = (flipped[round % (2 * n)] ?? 0) ^ (1 << (round % 8));
      const decoded = decodeGostSignature(curve, signature);
      if (!decoded) throw new Error('unreadable signature');
      const cases: [GostPoint, Uint8Array, Uint8Array][] = [
        [key, digest, signature],
        [key, digest, flipped],
        [key, random(n), signature],
        [gostPublicKey(curve, generateGostPrivateKey(curve)), digest, signature],
        [key, digest, encodeGostSignature(curve, { r: decoded.s, s: decoded.r })],
        [key, digest, encodeGostSignature(curve, { r: decoded.r, s: q - decoded.s })],
        [key, digest, encodeGostSignature(curve, { r: (decoded.r + 1n) % q || 1n, s: decoded.s })],
        [key, digest, random(2 * n)],
        [key, bigIntToBytesLE(1n, n), signature],
      ];
      for (const [k, d, sig] of cases) {
        const expected = referenceVerify(curve, k, d, sig);
        expect(gostVerify(curve, k, d, sig)).toBe(expected);
        if (expected) valid += 1;
      }
    }
    expect(valid).toBe(rounds);
  });
});
