import { describe, expect, it } from 'vitest';
import { GOST_CURVES, type GostCurveName } from './curves.js';
import { isWasmPrime } from './field-wasm.js';
import { CurveMath, curveMath } from './point.js';
import { wasmFieldView } from './point-wasm.js';

const names = Object.keys(GOST_CURVES) as GostCurveName[];
const KZ_CURVES: GostCurveName[] = ['cryptopro-a', 'tc26-512-a'];

/** Uniform-ish values below 2^bits from crypto.getRandomValues. */
function randomBits(bits: number): bigint {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(bits / 8));
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

describe.each(names)('WebAssembly field of %s', (name) => {
  const { p } = GOST_CURVES[name];
  const bits = p.toString(2).length;

  it('applies exactly to the KZ curves (p = 2^(64m) - c, a = -3)', () => {
    expect(isWasmPrime(p)).toBe(KZ_CURVES.includes(name));
    expect(curveMath(name).usesWasm()).toBe(KZ_CURVES.includes(name));
  });

  if (!KZ_CURVES.includes(name)) return;
  const view = wasmFieldView(p);
  if (!view) throw new Error('WebAssembly is expected in the test environment');
  const { wasm } = view;
  const top = 1n << BigInt(bits);
  // Edge values: 0, 1, p - 1, p - 2, single and full 32-bit words (carries across limbs), c, random.
  const canonical = [
    0n,
    1n,
    2n,
    p - 1n,
    p - 2n,
    (p + 1n) / 2n,
    top - p,
    0xffff_ffffn,
    1n << 32n,
    (1n << 64n) - 1n,
    (1n << BigInt(bits - 32)) - 1n,
    p - (1n << 32n),
    ...Array.from({ length: 40 }, () => randomBits(bits) % p),
  ];
  // mul, sqr and small also take values in [p, 2^bits).
  const wide = [...canonical, p, p + 1n, p + (top - p) / 2n, top - 1n, top - 2n];

  const run = (f: () => void, a: bigint, b: bigint): bigint => {
    view.write(3, a);
    view.write(4, b);
    f();
    return view.read(5);
  };

  it('multiplies and squares like bigint for edge and random inputs, values >= p included', () => {
    for (const a of wide) {
      expect(run(() => wasm.sqr(view.at(5), view.at(3)), a, 0n)).toBe((a * a) % p);
      for (const b of wide)
        expect(run(() => wasm.mul(view.at(5), view.at(3), view.at(4)), a, b)).toBe((a * b) % p);
    }
    // The result may land on the slot of an operand.
    view.write(3, p - 1n);
    wasm.mul(view.at(3), view.at(3), view.at(3));
    expect(view.read(3)).toBe(1n);
  });

  it('adds and subtracts canonical values like bigint', () => {
    for (const a of canonical) {
      for (const b of canonical) {
        expect(run(() => wasm.add(view.at(5), view.at(3), view.at(4)), a, b)).toBe((a + b) % p);
        expect(run(() => wasm.sub(view.at(5), view.at(3), view.at(4)), a, b)).toBe((((a - b) % p) + p) % p);
      }
    }
  });

  it('multiplies by small integers like bigint', () => {
    for (const a of wide)
      for (const k of [0, 1, 2, 3, 4, 8, 0x1234_5678, 0xffff_ffff])
        expect(run(() => wasm.small(view.at(5), view.at(3), k), a, 0n)).toBe((a * BigInt(k)) % p);
  });

  it('doubles and adds points like the bigint formulas', () => {
    const math = new CurveMath(GOST_CURVES[name]);
    const point = math.toAffine(
      math.twoScalarMultiplyBigint(randomBits(bits) % math.curve.q, 0n, math.curve.base),
    );
    if (!point) throw new Error('unexpected infinity');
    // (x, y, z) = 2 P in Jacobian form, then + P affine: both must be the affine points bigint gives.
    view.write(0, point.x);
    view.write(1, point.y);
    view.write(2, 1n);
    wasm.dbl();
    const twice = { x: view.read(0), y: view.read(1), z: view.read(2) };
    expect(math.toAffine(twice)).toEqual(math.toAffine(math.double({ ...point, z: 1n })));
    view.write(20, point.x);
    view.write(21, point.y);
    expect(wasm.madd(view.at(20))).toBe(0);
    const thrice = { x: view.read(0), y: view.read(1), z: view.read(2) };
    expect(math.toAffine(thrice)).toEqual(math.toAffine(math.addAffine(twice, point)));
    // The same point (2) and its negative (1) are reported, the accumulator left as it was.
    const threeP = math.toAffine(thrice);
    if (!threeP) throw new Error('unexpected infinity');
    view.write(20, threeP.x);
    view.write(21, threeP.y);
    expect(wasm.madd(view.at(20))).toBe(2);
    view.write(21, p - threeP.y);
    expect(wasm.madd(view.at(20))).toBe(1);
    expect(view.read(2)).toBe(thrice.z);
  });
});

describe('without WebAssembly', () => {
  it('falls back to bigint and gives the same k1 G + k2 Q', () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'WebAssembly');
    // The property itself must be absent, as on a platform without WebAssembly.
    delete (globalThis as { WebAssembly?: unknown }).WebAssembly;
    let math: CurveMath;
    try {
      math = new CurveMath(GOST_CURVES['cryptopro-a']);
      expect(math.usesWasm()).toBe(false);
    } finally {
      if (saved) Object.defineProperty(globalThis, 'WebAssembly', saved);
    }
    const fast = curveMath('cryptopro-a');
    expect(fast.usesWasm()).toBe(true);
    const { q, base } = fast.curve;
    const point = fast.toAffine(fast.twoScalarMultiply(987654321n, 0n, base));
    if (!point) throw new Error('unexpected infinity');
    const k1 = randomBits(256) % q;
    const k2 = randomBits(256) % q;
    expect(math.toAffine(math.twoScalarMultiply(k1, k2, point))).toEqual(
      fast.toAffine(fast.twoScalarMultiply(k1, k2, point)),
    );
  });
});
