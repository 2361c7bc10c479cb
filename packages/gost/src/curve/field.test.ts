import { describe, expect, it } from 'vitest';
import { GOST_CURVES } from './curves.js';
import { invertMod } from './field.js';

/** The plain extended Euclidean algorithm (the one Lehmer's steps replaced), as the oracle. */
function plainInverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [m, ((a % m) + m) % m];
  let [t0, t1] = [0n, 1n];
  while (r1 !== 0n) {
    const quotient = r0 / r1;
    [r0, r1] = [r1, r0 - quotient * r1];
    [t0, t1] = [t1, t0 - quotient * t1];
  }
  if (r0 !== 1n) throw new RangeError('not invertible');
  return t0 < 0n ? t0 + m : t0;
}

function randomBelow(m: bigint): bigint {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(m.toString(16).length));
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`) % m;
}

describe('invertMod', () => {
  const moduli = Object.values(GOST_CURVES).flatMap((c) => [
    [`${c.name} p`, c.p],
    [`${c.name} q`, c.q],
  ]) as [string, bigint][];

  it.each(moduli)('inverts mod %s like the plain algorithm, on edge and random values', (_, m) => {
    const values = [1n, 2n, 3n, m - 1n, m - 2n, (m + 1n) / 2n, m + 5n, -7n, 1n << 64n, (1n << 200n) - 1n];
    for (let i = 0; i < 200; i += 1) values.push(randomBelow(m));
    for (const a of values) {
      if (((a % m) + m) % m === 0n) continue;
      const inverse = invertMod(a, m);
      expect(inverse).toBe(plainInverse(a, m));
      expect((((inverse * a) % m) + m) % m).toBe(1n);
    }
  });

  it('refuses values sharing a factor with the modulus', () => {
    expect(() => invertMod(6n, 9n)).toThrow(RangeError);
    expect(() => invertMod(0n, GOST_CURVES['cryptopro-a'].p)).toThrow(RangeError);
    const m = (1n << 300n) * 3n;
    expect(() => invertMod(3n * randomBelow(1n << 250n) + 3n, m)).toThrow(RangeError);
    // Large operands with many small quotients and a few huge ones (Lehmer's steps and the plain ones alike).
    const odd = (1n << 521n) - 1n;
    for (const a of [(1n << 520n) + 1n, 3n, (1n << 260n) * 12345n + 1n])
      expect(invertMod(a, odd)).toBe(plainInverse(a, odd));
  });
});
