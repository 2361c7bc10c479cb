/** Arithmetic modulo an odd prime `p`, with a fast reduction when p = 2^k - c for a small c. */
export class PrimeField {
  readonly p: bigint;
  private readonly bits: bigint;
  private readonly mask: bigint;
  private readonly c: bigint;
  private readonly pseudoMersenne: boolean;

  constructor(p: bigint) {
    this.p = p;
    const k = BigInt(p.toString(2).length);
    this.bits = k;
    this.mask = (1n << k) - 1n;
    this.c = (1n << k) - p;
    this.pseudoMersenne = this.c < 1n << 32n;
  }

  /** x mod p for 0 <= x < 2^(2k+16). */
  reduce(x: bigint): bigint {
    if (!this.pseudoMersenne) return x % this.p;
    // Two folds of the high part (2^k = c mod p) leave at most p + c^2, so one subtraction finishes.
    let r = (x & this.mask) + (x >> this.bits) * this.c;
    r = (r & this.mask) + (r >> this.bits) * this.c;
    return r >= this.p ? r - this.p : r;
  }

  /**
   * x mod p for |x| < 2^(2k+8), negative x included: lets a point formula fold a product and the terms added to it
   * into one reduction (bigint & and >> act on two's complement, so both folds stay exact).
   */
  reduceSigned(x: bigint): bigint {
    if (!this.pseudoMersenne) {
      const r = x % this.p;
      return r < 0n ? r + this.p : r;
    }
    let r = (x & this.mask) + (x >> this.bits) * this.c;
    r = (r & this.mask) + (r >> this.bits) * this.c;
    // Now -2^8 c^2 < r < 2^k + 2^8 c^2, and 2^8 c^2 < p.
    if (r < 0n) return r + this.p;
    return r >= this.p ? r - this.p : r;
  }

  mul(a: bigint, b: bigint): bigint {
    return this.reduce(a * b);
  }

  sqr(a: bigint): bigint {
    return this.reduce(a * a);
  }

  add(a: bigint, b: bigint): bigint {
    const s = a + b;
    return s >= this.p ? s - this.p : s;
  }

  sub(a: bigint, b: bigint): bigint {
    const d = a - b;
    return d < 0n ? d + this.p : d;
  }

  neg(a: bigint): bigint {
    return a === 0n ? 0n : this.p - a;
  }

  /** a^-1 mod p (a not divisible by p). */
  inv(a: bigint): bigint {
    return invertMod(a, this.p);
  }
}

/**
 * Bits of the leading parts Lehmer's steps work on (47 when bitLength overshoots by one): below 2^50, sums and
 * quotients of doubles stay exact.
 */
const LEHMER_BITS = 48;

/**
 * a^-1 mod m by the extended Euclidean algorithm with Lehmer's steps: runs of quotients come from the leading
 * 48 bits as doubles and are applied to the bigints at once (a 2x2 matrix), a few bigint operations per ~20
 * quotients instead of six per quotient. Throws when a and m are not coprime.
 */
export function invertMod(a: bigint, m: bigint): bigint {
  // Invariant: r0 = t0 a and r1 = t1 a (mod m).
  let r0 = m;
  let r1 = ((a % m) + m) % m;
  let t0 = 0n;
  let t1 = 1n;
  while (r1 !== 0n) {
    const shift = bitLength(r0) - LEHMER_BITS;
    if (shift > 0) {
      const big = BigInt(shift);
      let u = Number(r0 >> big);
      let v = Number(r1 >> big);
      // Cofactors of the leading parts: u = ma r0' + mb r1', v = mc r0' + md r1' (Collins' condition below keeps
      // each quotient the one the whole numbers give).
      let ma = 1;
      let mb = 0;
      let mc = 0;
      let md = 1;
      for (;;) {
        if (v + mc === 0 || v + md === 0) break;
        const q = Math.floor((u + ma) / (v + mc));
        if (q !== Math.floor((u + mb) / (v + md))) break;
        const nc = ma - q * mc;
        ma = mc;
        mc = nc;
        const nd = mb - q * md;
        mb = md;
        md = nd;
        const nv = u - q * v;
        u = v;
        v = nv;
      }
      if (mb !== 0) {
        const [A, B, C, D] = [BigInt(ma), BigInt(mb), BigInt(mc), BigInt(md)];
        const r2 = A * r0 + B * r1;
        r1 = C * r0 + D * r1;
        r0 = r2;
        const t2 = A * t0 + B * t1;
        t1 = C * t0 + D * t1;
        t0 = t2;
        continue;
      }
    }
    // One plain step (small numbers, or a quotient too large for the leading parts).
    const quotient = r0 / r1;
    const r2 = r0 - quotient * r1;
    r0 = r1;
    r1 = r2;
    const t2 = t0 - quotient * t1;
    t0 = t1;
    t1 = t2;
  }
  if (r0 !== 1n) throw new RangeError('value is not invertible');
  const t = t0 % m;
  return t < 0n ? t + m : t;
}

/**
 * The bit length of x > 0, or one more (Number(x) may round up to a power of two): all Lehmer's steps need. Below
 * 2^1000 from the double, without a string.
 */
function bitLength(x: bigint): number {
  const approximate = Number(x);
  if (approximate < 2 ** 1000) return Math.floor(Math.log2(approximate)) + 1;
  const hex = x.toString(16);
  return 4 * hex.length - Math.clz32(Number.parseInt(hex.slice(0, 1), 16)) + 28;
}

/** x mod m in [0, m). */
export function mod(x: bigint, m: bigint): bigint {
  const r = x % m;
  return r < 0n ? r + m : r;
}
