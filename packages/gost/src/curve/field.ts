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

/** a^-1 mod m by the extended Euclidean algorithm; throws when a and m are not coprime. */
export function invertMod(a: bigint, m: bigint): bigint {
  let r0 = m;
  let r1 = ((a % m) + m) % m;
  let t0 = 0n;
  let t1 = 1n;
  // Plain assignments: destructuring swaps allocate arrays in this loop, about 15% of an inversion.
  while (r1 !== 0n) {
    const quotient = r0 / r1;
    const r2 = r0 - quotient * r1;
    r0 = r1;
    r1 = r2;
    const t2 = t0 - quotient * t1;
    t0 = t1;
    t1 = t2;
  }
  if (r0 !== 1n) throw new RangeError('value is not invertible');
  return t0 < 0n ? t0 + m : t0;
}

/** x mod m in [0, m). */
export function mod(x: bigint, m: bigint): bigint {
  const r = x % m;
  return r < 0n ? r + m : r;
}
