// Field and point arithmetic of a curve with p = 2^(32n) - c (c < 2^32, n even) and a = -3, as a small WebAssembly module
// assembled at first use: n 32-bit limbs (little-endian words in the module's memory, so an element's bytes are its
// little-endian encoding), products in i64 without allocation. Both KZ curves (CryptoPro-A, tc26-512-A) qualify;
// point.ts keeps its bigint arithmetic for other curves and where WebAssembly is missing.
import {
  assembleModule,
  call,
  get,
  I32,
  I64,
  i32,
  i64,
  instantiate,
  load32u,
  load64,
  OP,
  set,
  store32,
  store64,
  tee,
  type WasmFunction,
} from '../wasm-assembler.js';

const MASK = 0xffff_ffffn;

/** Field element slots (each 4n bytes) of the module's memory. */
export const SLOT = {
  /** The Jacobian accumulator of dbl and madd. */
  x: 0,
  y: 1,
  z: 2,
  /** Scratch of the point formulas. */
  scratch: 3,
  /** First free slot: the affine tables start here. */
  tables: 16,
} as const;

/**
 * The module's exports; pointers are byte offsets of field elements in its memory. Every result is canonical (in
 * [0, p)); add and sub need canonical operands, mul, sqr and small take any value below 2^(32n).
 */
export interface WasmField {
  memory: { buffer: ArrayBuffer };
  /** d := a * b mod p. */
  mul(d: number, a: number, b: number): void;
  /** d := a^2 mod p. */
  sqr(d: number, a: number): void;
  /** d := a + b mod p. */
  add(d: number, a: number, b: number): void;
  /** d := a - b mod p. */
  sub(d: number, a: number, b: number): void;
  /** d := k a mod p, 0 <= k < 2^32. */
  small(d: number, a: number, k: number): void;
  /** (x, y, z) := 2 (x, y, z), a = -3 (dbl-2001-b); z = 0 stays 0. */
  dbl(): void;
  /**
   * (x, y, z) += the affine point at `pointer` (x, then y), z != 0 (madd-2007-bl). Returns 0 when done, 1 when
   * the sum is the point at infinity, 2 when both are the same point (the caller doubles); 1 and 2 change nothing.
   */
  madd(pointer: number): number;
  /** (x, y, z) += the Jacobian point at `pointer` (x, y, z; z != 0), z != 0 (add-2007-bl); returns as madd. */
  jadd(pointer: number): number;
}

/** Whether field-wasm handles p: 2^(32n) - c with 0 < c < 2^32 and n even (add and sub use 64-bit words). */
export function isWasmPrime(p: bigint): boolean {
  const bits = p.toString(2).length;
  if (bits % 64 !== 0) return false;
  const c = (1n << BigInt(bits)) - p;
  return c > 0n && c < 1n << 32n;
}

/** Emits code into a function body with numbered i64 locals after `params` i32 parameters. */
class Body {
  readonly code: number[] = [];
  private count = 0;
  constructor(private readonly params: number) {}
  local(): number {
    this.count += 1;
    return this.params + this.count - 1;
  }
  locals(n: number): number[] {
    return Array.from({ length: n }, () => this.local());
  }
  emit(...parts: (number | readonly number[])[]): this {
    for (const part of parts) {
      if (typeof part === 'number') this.code.push(part);
      else this.code.push(...part);
    }
    return this;
  }
  fn(type: number): WasmFunction {
    return { type, locals: this.count ? [[this.count, I64]] : [], code: this.code };
  }
}

/** Reduces the 2n words in `t` mod p = 2^(32n) - c and stores the canonical result at the pointer in local `d`. */
function reduceAndStore(b: Body, n: number, c: bigint, t: number[], d: number): void {
  const r = t.slice(0, n); // the result reuses the low words' locals
  const carry = b.local();
  // First fold: r = low + high * c, carry <= c.
  b.emit(i64(0), set(carry));
  for (let i = 0; i < n; i += 1) {
    b.emit(
      get(t[n + i] as number),
      i64(c),
      OP.I64_MUL,
      get(t[i] as number),
      OP.I64_ADD,
      get(carry),
      OP.I64_ADD,
    );
    b.emit(
      tee(r[i] as number),
      i64(32),
      OP.I64_SHR_U,
      set(carry),
      get(r[i] as number),
      i64(MASK),
      OP.I64_AND,
    );
    b.emit(set(r[i] as number));
  }
  foldCarryAndStore(b, n, c, r, carry, d);
}

/**
 * r + carry 2^(32n) (carry < 2^32) mod p, stored canonical at the pointer in local d: r += carry c, whose carry
 * rarely passes the second word (then it ripples up, and a carry out of 2^(32n) leaves r < c^2: + c fits).
 */
function foldCarryAndStore(b: Body, n: number, c: bigint, r: number[], carry: number, d: number): void {
  const word = (i: number) => r[i] as number;
  b.emit(get(carry), i64(c), OP.I64_MUL, get(word(0)), OP.I64_ADD, tee(word(0)), i64(32), OP.I64_SHR_U);
  b.emit(set(carry), get(word(0)), i64(MASK), OP.I64_AND, set(word(0)));
  b.emit(get(word(1)), get(carry), OP.I64_ADD, tee(word(1)), i64(32), OP.I64_SHR_U, tee(carry));
  b.emit(get(word(1)), i64(MASK), OP.I64_AND, set(word(1)), OP.I32_WRAP_I64, ...OP.IF_EMPTY);
  for (let i = 2; i < n; i += 1) {
    b.emit(get(word(i)), get(carry), OP.I64_ADD, tee(word(i)), i64(32), OP.I64_SHR_U, set(carry));
    b.emit(get(word(i)), i64(MASK), OP.I64_AND, set(word(i)));
  }
  b.emit(get(carry), i64(c), OP.I64_MUL, get(word(0)), OP.I64_ADD, tee(carry));
  b.emit(i64(MASK), OP.I64_AND, set(word(0)), get(carry), i64(32), OP.I64_SHR_U, get(word(1)));
  b.emit(OP.I64_ADD, set(word(1)), OP.END);
  canonicalize(b, n, c, r);
  for (let i = 0; i < n; i += 1) b.emit(get(d), get(word(i)), store32(4 * i));
}

/** small(d, a, k): d := k a mod p for 0 <= k < 2^32 (the formulas' 3x, 4x, 8x in one pass). */
function smallFunction(n: number, c: bigint): WasmFunction {
  const b = new Body(3);
  const r = b.locals(n);
  const [k, carry] = b.locals(2) as [number, number];
  b.emit(get(2), OP.I64_EXTEND_I32_U, set(k), i64(0), set(carry));
  for (let i = 0; i < n; i += 1) {
    const ri = r[i] as number;
    b.emit(
      get(1),
      load32u(4 * i),
      get(k),
      OP.I64_MUL,
      get(carry),
      OP.I64_ADD,
      tee(ri),
      i64(32),
      OP.I64_SHR_U,
    );
    b.emit(set(carry), get(ri), i64(MASK), OP.I64_AND, set(ri));
  }
  foldCarryAndStore(b, n, c, r, carry, 0);
  return b.fn(0);
}

/** r < 2^(32n) to r mod p: r >= p only when its top word is all ones, then r + c wraps past 2^(32n). */
function canonicalize(b: Body, n: number, c: bigint, r: number[]): void {
  const s = b.locals(n);
  const carry = b.local();
  b.emit(get(r[n - 1] as number), i64(MASK), OP.I64_EQ, OP.IF_EMPTY);
  b.emit(i64(c), set(carry));
  for (let i = 0; i < n; i += 1) {
    b.emit(
      get(r[i] as number),
      get(carry),
      OP.I64_ADD,
      tee(s[i] as number),
      i64(32),
      OP.I64_SHR_U,
      set(carry),
    );
    b.emit(get(s[i] as number), i64(MASK), OP.I64_AND, set(s[i] as number));
  }
  for (let i = 0; i < n; i += 1) {
    b.emit(
      get(s[i] as number),
      get(r[i] as number),
      get(carry),
      OP.I32_WRAP_I64,
      OP.SELECT,
      set(r[i] as number),
    );
  }
  b.emit(OP.END);
}

/** mul(d, a, b): product scanning, each column's products summed as low and high halves (no overflow). */
function mulFunction(n: number, c: bigint, square: boolean): WasmFunction {
  const b = new Body(square ? 2 : 3);
  const [d, pa, pb] = [0, 1, square ? 1 : 2];
  const a = b.locals(n);
  const bb = square ? a : b.locals(n);
  const t = b.locals(2 * n);
  const [lo, hi, p, xlo, xhi] = b.locals(5);
  for (let i = 0; i < n; i += 1) b.emit(get(pa), load32u(4 * i), set(a[i] as number));
  if (!square) for (let i = 0; i < n; i += 1) b.emit(get(pb), load32u(4 * i), set(bb[i] as number));
  const accumulate = (x: number, y: number, accLo: number, accHi: number) => {
    b.emit(get(x), get(y), OP.I64_MUL, tee(p as number), i64(MASK), OP.I64_AND, get(accLo), OP.I64_ADD);
    b.emit(set(accLo), get(p as number), i64(32), OP.I64_SHR_U, get(accHi), OP.I64_ADD, set(accHi));
  };
  b.emit(i64(0), set(lo as number), i64(0), set(hi as number));
  for (let k = 0; k < 2 * n - 1; k += 1) {
    const first = Math.max(0, k - n + 1);
    const last = Math.min(k, n - 1);
    if (!square) {
      for (let i = first; i <= last; i += 1)
        accumulate(a[i] as number, bb[k - i] as number, lo as number, hi as number);
    } else {
      // Products a_i a_j with i < j count twice: sum them apart, double, then add the square term.
      b.emit(i64(0), set(xlo as number), i64(0), set(xhi as number));
      for (let i = first; 2 * i < k; i += 1)
        accumulate(a[i] as number, a[k - i] as number, xlo as number, xhi as number);
      b.emit(get(xlo as number), i64(1), OP.I64_SHL, get(lo as number), OP.I64_ADD, set(lo as number));
      b.emit(get(xhi as number), i64(1), OP.I64_SHL, get(hi as number), OP.I64_ADD, set(hi as number));
      if (k % 2 === 0) accumulate(a[k / 2] as number, a[k / 2] as number, lo as number, hi as number);
    }
    // Word k, and the carry (low overflow plus the high halves) into column k + 1.
    b.emit(get(lo as number), i64(MASK), OP.I64_AND, set(t[k] as number));
    b.emit(get(lo as number), i64(32), OP.I64_SHR_U, get(hi as number), OP.I64_ADD, set(lo as number));
    b.emit(i64(0), set(hi as number));
  }
  b.emit(get(lo as number), set(t[2 * n - 1] as number));
  reduceAndStore(b, n, c, t, d);
  return b.fn(square ? 1 : 0);
}

/**
 * add(d, a, b) on 64-bit words (carries by unsigned comparison): s = a + b, and s - p = s + c - 2^(32n) when s
 * carries out or s + c does.
 */
function addFunction(n: number, c: bigint): WasmFunction {
  const words = n / 2;
  const b = new Body(3);
  const r = b.locals(words);
  const [x, carry, carry2, sum] = b.locals(4) as [number, number, number, number];
  b.emit(i64(0), set(carry));
  for (let i = 0; i < words; i += 1) {
    const ri = r[i] as number;
    b.emit(get(1), load64(8 * i), tee(x), get(2), load64(8 * i), OP.I64_ADD, tee(ri), get(x), OP.I64_LT_U);
    b.emit(get(ri), get(carry), OP.I64_ADD, tee(ri), get(carry), OP.I64_LT_U, OP.I32_OR, OP.I64_EXTEND_I32_U);
    b.emit(set(carry));
  }
  // r + c, word by word, into the stores below: the select needs the final carry first, so keep the sums.
  const s = b.locals(words);
  b.emit(i64(c), set(carry2));
  for (let i = 0; i < words; i += 1) {
    const si = s[i] as number;
    b.emit(
      get(r[i] as number),
      get(carry2),
      OP.I64_ADD,
      tee(si),
      get(carry2),
      OP.I64_LT_U,
      OP.I64_EXTEND_I32_U,
    );
    b.emit(set(carry2));
  }
  b.emit(get(carry), get(carry2), OP.I64_OR, set(sum));
  for (let i = 0; i < words; i += 1) {
    b.emit(
      get(0),
      get(s[i] as number),
      get(r[i] as number),
      get(sum),
      OP.I32_WRAP_I64,
      OP.SELECT,
      store64(8 * i),
    );
  }
  return b.fn(0);
}

/** sub(d, a, b) on 64-bit words: a - b, and on a final borrow + p = - c mod 2^(32n) (no second borrow then). */
function subFunction(n: number, c: bigint): WasmFunction {
  const words = n / 2;
  const b = new Body(3);
  const r = b.locals(words);
  const [x, y, borrow] = b.locals(3) as [number, number, number];
  b.emit(i64(0), set(borrow));
  for (let i = 0; i < words; i += 1) {
    const ri = r[i] as number;
    // r = x - y - borrow; borrow out = x < y or (x - y) < borrow.
    b.emit(get(1), load64(8 * i), tee(x), get(2), load64(8 * i), tee(y), OP.I64_SUB, tee(ri));
    b.emit(get(ri), get(borrow), OP.I64_SUB, set(ri), get(borrow), OP.I64_LT_U, get(x), get(y), OP.I64_LT_U);
    b.emit(OP.I32_OR, OP.I64_EXTEND_I32_U, set(borrow));
  }
  // y := c when a borrow is out, else 0; then r - y with the borrow rippling up.
  b.emit(i64(0), get(borrow), OP.I64_SUB, i64(c), OP.I64_AND, set(y));
  for (let i = 0; i < words; i += 1) {
    const ri = r[i] as number;
    b.emit(
      get(0),
      get(ri),
      get(y),
      OP.I64_SUB,
      store64(8 * i),
      get(ri),
      get(y),
      OP.I64_LT_U,
      OP.I64_EXTEND_I32_U,
    );
    b.emit(set(y));
  }
  return b.fn(0);
}

/** isZero(a): 1 when every word of the element at a is 0. */
function isZeroFunction(n: number): WasmFunction {
  const b = new Body(1);
  b.emit(get(0), load32u(0));
  for (let i = 1; i < n; i += 1) b.emit(get(0), load32u(4 * i), OP.I64_OR);
  b.emit(OP.I64_EQZ);
  return { type: 2, locals: [], code: b.code };
}

const F = { mul: 0, sqr: 1, add: 2, sub: 3, isZero: 4, small: 8 } as const;

/** Point formulas as calls of the field functions on slots; `at(slot)` is the slot's byte offset. */
function pointFunctions(bytes: number): { dbl: WasmFunction; madd: WasmFunction; add: WasmFunction } {
  const at = (slot: number) => i32(slot * bytes);
  const { x, y, z } = SLOT;
  const t = (i: number) => SLOT.scratch + i;
  const op3 = (f: number, d: number, a: number, b2: number) => [...at(d), ...at(a), ...at(b2), ...call(f)];
  const op2 = (f: number, d: number, a: number) => [...at(d), ...at(a), ...call(f)];
  const times = (d: number, a: number, k: number) => [...at(d), ...at(a), ...i32(k), ...call(F.small)];

  // dbl-2001-b (a = -3): 3M + 5S.
  const dbl = [
    op2(F.sqr, t(0), z), // delta
    op2(F.sqr, t(1), y), // gamma
    op3(F.mul, t(2), x, t(1)), // beta
    op3(F.sub, t(3), x, t(0)),
    op3(F.add, t(4), x, t(0)),
    op3(F.mul, t(3), t(3), t(4)),
    times(t(4), t(3), 3), // alpha = 3 (x - delta)(x + delta)
    op3(F.add, t(5), y, z),
    op2(F.sqr, t(5), t(5)),
    op3(F.sub, t(5), t(5), t(1)),
    op3(F.sub, z, t(5), t(0)), // z3 = (y + z)^2 - gamma - delta
    op2(F.sqr, t(5), t(4)),
    times(t(2), t(2), 4), // 4 beta
    op3(F.add, t(6), t(2), t(2)),
    op3(F.sub, x, t(5), t(6)), // x3 = alpha^2 - 8 beta
    op3(F.sub, t(2), t(2), x),
    op3(F.mul, t(2), t(4), t(2)),
    op2(F.sqr, t(1), t(1)),
    times(t(1), t(1), 8), // 8 gamma^2
    op3(F.sub, y, t(2), t(1)), // y3 = alpha (4 beta - x3) - 8 gamma^2
  ].flat();

  // madd-2007-bl with z3 = 2 z1 h: 8M + 3S. Parameter 0 points at the affine x, y follows.
  const px = [...get(0)];
  const py = [...get(0), ...i32(bytes), OP.I32_ADD];
  const madd = [
    op2(F.sqr, t(0), z), // z1z1
    [...at(t(1)), ...px, ...at(t(0)), ...call(F.mul)], // u2
    op3(F.mul, t(2), z, t(0)),
    [...at(t(2)), ...py, ...at(t(2)), ...call(F.mul)], // s2
    op3(F.sub, t(3), t(1), x), // h
    op3(F.sub, t(4), t(2), y), // r / 2
    [...at(t(3)), ...call(F.isZero), ...OP.IF_EMPTY],
    [...i32(1), ...at(t(4)), ...call(F.isZero), OP.I32_ADD, OP.RETURN, OP.END],
    op2(F.sqr, t(5), t(3)), // hh
    times(t(6), t(5), 4), // i = 4 hh
    op3(F.mul, t(7), t(3), t(6)), // j = h i
    op3(F.add, t(4), t(4), t(4)), // r
    op3(F.mul, t(8), x, t(6)), // v = x1 i
    op2(F.sqr, t(9), t(4)),
    op3(F.sub, t(9), t(9), t(7)),
    op3(F.add, t(1), t(8), t(8)),
    op3(F.sub, x, t(9), t(1)), // x3 = r^2 - j - 2 v
    op3(F.sub, t(8), t(8), x),
    op3(F.mul, t(8), t(4), t(8)),
    op3(F.mul, t(7), y, t(7)),
    op3(F.add, t(7), t(7), t(7)),
    op3(F.sub, y, t(8), t(7)), // y3 = r (v - x3) - 2 y1 j
    op3(F.mul, z, z, t(3)),
    op3(F.add, z, z, z), // z3 = 2 z1 h
    i32(0),
  ].flat();

  // add-2007-bl with z3 = 2 z1 z2 h: 12M + 4S. Parameter 0 points at a Jacobian x, y, z.
  const qy = [...get(0), ...i32(bytes), OP.I32_ADD];
  const qz = [...get(0), ...i32(2 * bytes), OP.I32_ADD];
  const add = [
    op2(F.sqr, t(0), z), // z1z1
    [...at(t(1)), ...qz, ...call(F.sqr)], // z2z2
    op3(F.mul, t(2), x, t(1)), // u1
    [...at(t(3)), ...px, ...at(t(0)), ...call(F.mul)], // u2
    [...at(t(4)), ...qz, ...at(t(1)), ...call(F.mul)],
    op3(F.mul, t(4), y, t(4)), // s1
    op3(F.mul, t(5), z, t(0)),
    [...at(t(5)), ...qy, ...at(t(5)), ...call(F.mul)], // s2
    op3(F.sub, t(3), t(3), t(2)), // h
    op3(F.sub, t(5), t(5), t(4)), // r / 2
    [...at(t(3)), ...call(F.isZero), ...OP.IF_EMPTY],
    [...i32(1), ...at(t(5)), ...call(F.isZero), OP.I32_ADD, OP.RETURN, OP.END],
    op3(F.add, t(6), t(3), t(3)),
    op2(F.sqr, t(6), t(6)), // i = (2h)^2
    op3(F.mul, t(7), t(3), t(6)), // j = h i
    op3(F.add, t(5), t(5), t(5)), // r
    op3(F.mul, t(8), t(2), t(6)), // v = u1 i
    op2(F.sqr, t(9), t(5)),
    op3(F.sub, t(9), t(9), t(7)),
    op3(F.add, t(0), t(8), t(8)),
    op3(F.sub, x, t(9), t(0)), // x3 = r^2 - j - 2 v
    op3(F.sub, t(8), t(8), x),
    op3(F.mul, t(8), t(5), t(8)),
    op3(F.mul, t(7), t(4), t(7)),
    op3(F.add, t(7), t(7), t(7)),
    op3(F.sub, y, t(8), t(7)), // y3 = r (v - x3) - 2 s1 j
    [...at(z), ...at(z), ...qz, ...call(F.mul)],
    op3(F.mul, z, z, t(3)),
    op3(F.add, z, z, z), // z3 = 2 z1 z2 h
    i32(0),
  ].flat();
  return {
    dbl: { type: 3, locals: [], code: dbl },
    madd: { type: 2, locals: [], code: madd },
    add: { type: 2, locals: [], code: add },
  };
}

/** The module's bytes for p = 2^(32 limbs) - c. */
export function fieldModuleBytes(limbs: number, c: bigint): Uint8Array {
  const { dbl, madd, add } = pointFunctions(4 * limbs);
  return assembleModule(
    2,
    [
      [[I32, I32, I32], []],
      [[I32, I32], []],
      [[I32], [I32]],
      [[], []],
    ],
    [
      ['mul', mulFunction(limbs, c, false)],
      ['sqr', mulFunction(limbs, c, true)],
      ['add', addFunction(limbs, c)],
      ['sub', subFunction(limbs, c)],
      [null, isZeroFunction(limbs)],
      ['dbl', dbl],
      ['madd', madd],
      ['jadd', add],
      ['small', smallFunction(limbs, c)],
    ],
  );
}

/** The module for p (see isWasmPrime), or undefined where WebAssembly is missing or p does not qualify. */
export function instantiateWasmField(p: bigint): WasmField | undefined {
  if (!isWasmPrime(p)) return undefined;
  const bits = p.toString(2).length;
  const exports = instantiate(fieldModuleBytes(bits / 32, (1n << BigInt(bits)) - p));
  return exports as WasmField | undefined;
}
