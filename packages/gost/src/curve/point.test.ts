import { describe, expect, it } from 'vitest';
import { GOST_CURVES, type GostCurveName, type GostPoint } from './curves.js';
import { type CurveMath, curveMath, type JacobianPoint, wnaf } from './point.js';

const names = Object.keys(GOST_CURVES) as GostCurveName[];

/** Plain double-and-add, the reference the optimised paths are checked against. */
function reference(math: CurveMath, point: GostPoint, k: bigint): GostPoint | undefined {
  let r: JacobianPoint = { x: 1n, y: 1n, z: 0n };
  for (const bit of k.toString(2)) {
    r = math.double(r);
    if (bit === '1') r = math.addAffine(r, point);
  }
  return math.toAffine(r);
}

function randomBelow(q: bigint, seed: number): bigint {
  let x = BigInt(seed) * 0x9e3779b97f4a7c15n;
  for (let i = 0; i < 10; i += 1) x = (x * 6364136223846793005n + 1442695040888963407n) % (1n << 600n);
  return (x % (q - 1n)) + 1n;
}

describe.each(names)('curve %s', (name) => {
  const math = curveMath(name);
  const { q, base } = math.curve;

  it('has its base point on the curve, of order q', () => {
    expect(math.isOnCurve(base)).toBe(true);
    expect(math.twoScalarMultiply(q, 0n, base).z).toBe(0n);
    expect(math.toAffine(math.twoScalarMultiply(q - 1n, 0n, base))).toEqual({
      x: base.x,
      y: math.field.neg(base.y),
    });
  });

  it('multiplies the base point alike by the fixed-base table, by wNAF and by double-and-add', () => {
    for (let seed = 1; seed <= 3; seed += 1) {
      const k = randomBelow(q, seed);
      const expected = reference(math, base, k);
      expect(math.toAffine(math.multiplyBase(k))).toEqual(expected);
      expect(math.toAffine(math.twoScalarMultiply(k, 0n, base))).toEqual(expected);
    }
    expect(math.toAffine(math.multiplyBase(1n))).toEqual(base);
    expect(math.multiplyBase(0n).z).toBe(0n);
  });

  it('computes k1 G + k2 Q as the sum of both products', () => {
    const point = reference(math, base, 12345n);
    if (!point) throw new Error('unexpected infinity');
    const k1 = randomBelow(q, 7);
    const k2 = randomBelow(q, 8);
    const sum = math.twoScalarMultiply(k1, k2, point);
    const expected = reference(math, base, (k1 + 12345n * k2) % q);
    expect(math.toAffine(sum)).toEqual(expected);
    // P + (-P) and P + P inside the mixed addition.
    expect(math.twoScalarMultiply(12345n, q - 1n, point).z).toBe(0n);
    expect(math.toAffine(math.twoScalarMultiply(12345n, 1n, point))).toEqual(reference(math, base, 24690n));
  });

  it('refuses points off the curve', () => {
    expect(math.isOnCurve({ x: base.x, y: base.y + 1n })).toBe(false);
    expect(math.isOnCurve({ x: base.x + math.curve.p, y: base.y })).toBe(false);
  });
});

describe('wnaf', () => {
  it.each([0n, 1n, 2n, 255n, 256n, 0xdeadbeefcafebaben, (1n << 512n) - 1n])('rebuilds %s', (k) => {
    for (const width of [2, 4, 5, 8]) {
      const digits = wnaf(k, width);
      let sum = 0n;
      for (let i = digits.length - 1; i >= 0; i -= 1) sum = 2n * sum + BigInt(digits[i] ?? 0);
      expect(sum).toBe(k);
      for (const d of digits)
        if (d !== 0) expect(Math.abs(d) % 2 === 1 && Math.abs(d) < 1 << (width - 1)).toBe(true);
    }
  });
});
