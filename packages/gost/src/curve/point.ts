import { GOST_CURVES, type GostCurve, type GostCurveName, type GostPoint } from './curves.js';
import { PrimeField } from './field.js';
import { type WasmFieldView, WasmTwoScalar, wasmFieldView } from './point-wasm.js';

/** A point in Jacobian coordinates (x/z^2, y/z^3); z = 0 is the point at infinity. */
export interface JacobianPoint {
  x: bigint;
  y: bigint;
  z: bigint;
}

const INFINITY: JacobianPoint = { x: 1n, y: 1n, z: 0n };
/** Window width of the wNAF table of the base point (2^(w-2) odd multiples, built once per curve). */
const BASE_WNAF_WIDTH = 8;
/** Window width of the wNAF table of a public key (built per verification). */
const KEY_WNAF_WIDTH = 5;
/** Bits per window of the fixed-base table used for key generation and signing. */
const FIXED_WINDOW_BITS = 4;

/** Point arithmetic on one curve, with the precomputed tables of its base point. */
export class CurveMath {
  readonly curve: GostCurve;
  readonly field: PrimeField;
  private readonly aIsMinus3: boolean;
  private baseOdd: { plus: GostPoint[]; minus: GostPoint[] } | undefined;
  private baseWindows: GostPoint[][] | undefined;
  /** The WebAssembly path of twoScalarMultiply: undefined before first use, null where it does not apply. */
  private wasm: WasmTwoScalar | null | undefined;

  constructor(curve: GostCurve) {
    this.curve = curve;
    this.field = new PrimeField(curve.p);
    this.aIsMinus3 = curve.a === curve.p - 3n;
  }

  /** Whether (x, y) is a point of the curve with coordinates in [0, p). */
  isOnCurve(point: GostPoint): boolean {
    const { x, y } = point;
    const f = this.field;
    if (x < 0n || y < 0n || x >= f.p || y >= f.p) return false;
    const rhs = f.add(f.mul(f.add(f.sqr(x), f.reduce(this.curve.a)), x), this.curve.b);
    return f.sqr(y) === rhs;
  }

  /** 2P. */
  double(point: JacobianPoint): JacobianPoint {
    const f = this.field;
    const { x, y, z } = point;
    if (z === 0n || y === 0n) return INFINITY;
    const yy = f.sqr(y);
    const zz = f.sqr(z);
    // Sums and differences stay unreduced inside one reduceSigned: fewer bigint operations per doubling.
    const m = this.aIsMinus3
      ? f.reduceSigned(3n * (x - zz) * (x + zz))
      : f.reduce(3n * x * x + this.curve.a * f.sqr(zz));
    const s4 = f.reduce((x * yy) << 2n);
    const x3 = f.reduceSigned(m * m - (s4 << 1n));
    const y3 = f.reduceSigned(m * (s4 - x3) - ((yy * yy) << 3n));
    const z3 = f.reduce((y * z) << 1n);
    return { x: x3, y: y3, z: z3 };
  }

  /** P + Q for Q affine. */
  addAffine(point: JacobianPoint, q: GostPoint): JacobianPoint {
    const f = this.field;
    const { x, y, z } = point;
    if (z === 0n) return { x: q.x, y: q.y, z: 1n };
    const zz = f.sqr(z);
    const u2 = f.mul(q.x, zz);
    const s2 = f.mul(q.y, f.mul(z, zz));
    const hh0 = f.sub(u2, x);
    const r0 = f.sub(s2, y);
    if (hh0 === 0n) return r0 === 0n ? this.double(point) : INFINITY;
    const i = f.reduce((hh0 * hh0) << 2n);
    const j = f.mul(hh0, i);
    const r = r0 << 1n;
    const v = f.mul(x, i);
    const x3 = f.reduceSigned(r * r - j - (v << 1n));
    const y3 = f.reduceSigned(r * (v - x3) - ((y * j) << 1n));
    const z3 = f.reduce((z * hh0) << 1n);
    return { x: x3, y: y3, z: z3 };
  }

  /** The affine form of P, or undefined for the point at infinity. */
  toAffine(point: JacobianPoint): GostPoint | undefined {
    if (point.z === 0n) return undefined;
    const f = this.field;
    const zi = f.inv(point.z);
    const zi2 = f.sqr(zi);
    return { x: f.mul(point.x, zi2), y: f.mul(point.y, f.mul(zi2, zi)) };
  }

  /** Affine forms of points none of which is at infinity, with one inversion (Montgomery's trick). */
  batchToAffine(points: readonly JacobianPoint[]): GostPoint[] {
    const f = this.field;
    const prefix: bigint[] = [];
    let acc = 1n;
    for (const point of points) {
      if (point.z === 0n) throw new RangeError('point at infinity');
      prefix.push(acc);
      acc = f.mul(acc, point.z);
    }
    let inverse = f.inv(acc);
    const out: GostPoint[] = new Array(points.length);
    for (let i = points.length - 1; i >= 0; i -= 1) {
      const point = points[i] ?? INFINITY;
      const zi = f.mul(inverse, prefix[i] ?? 1n);
      inverse = f.mul(inverse, point.z);
      const zi2 = f.sqr(zi);
      out[i] = { x: f.mul(point.x, zi2), y: f.mul(point.y, f.mul(zi2, zi)) };
    }
    return out;
  }

  /** P, 3P, 5P, ..., (2n-1)P in affine form, and their negatives, with a single inversion. */
  oddMultiples(point: GostPoint, n: number): { plus: GostPoint[]; minus: GostPoint[] } {
    const first: JacobianPoint = { x: point.x, y: point.y, z: 1n };
    const twice = this.double(first);
    const jacobian: JacobianPoint[] = [first];
    if (twice.z !== 0n) {
      for (let i = 1; i < n; i += 1) {
        const next = this.add(twice, jacobian[i - 1] ?? INFINITY);
        if (next.z === 0n) break;
        jacobian.push(next);
      }
    }
    if (jacobian.length < n) throw new RangeError('point of too small order');
    const plus = this.batchToAffine(jacobian);
    return { plus, minus: plus.map((p) => ({ x: p.x, y: this.field.neg(p.y) })) };
  }

  /** P + Q, both Jacobian (add-2007-bl). */
  add(point: JacobianPoint, other: JacobianPoint): JacobianPoint {
    if (point.z === 0n) return other;
    if (other.z === 0n) return point;
    const f = this.field;
    const z1z1 = f.sqr(point.z);
    const z2z2 = f.sqr(other.z);
    const u1 = f.mul(point.x, z2z2);
    const u2 = f.mul(other.x, z1z1);
    const s1 = f.mul(point.y, f.mul(other.z, z2z2));
    const s2 = f.mul(other.y, f.mul(point.z, z1z1));
    const h = f.sub(u2, u1);
    const r0 = f.sub(s2, s1);
    if (h === 0n) return r0 === 0n ? this.double(point) : INFINITY;
    const i = f.reduce(4n * h * h);
    const j = f.mul(h, i);
    const r = f.add(r0, r0);
    const v = f.mul(u1, i);
    const x3 = f.sub(f.sub(f.sqr(r), j), f.add(v, v));
    const s1j = f.mul(s1, j);
    const y3 = f.sub(f.mul(r, f.sub(v, x3)), f.add(s1j, s1j));
    const z3 = f.mul(f.sub(f.sub(f.sqr(point.z + other.z), z1z1), z2z2), h);
    return { x: x3, y: y3, z: z3 };
  }

  /**
   * k1 * G + k2 * Q in Jacobian form (k1, k2 >= 0), interleaving the wNAF forms of both scalars: on the
   * WebAssembly field where the curve qualifies (a = -3, p = 2^(64m) - c) and WebAssembly runs, else on bigint.
   */
  twoScalarMultiply(k1: bigint, k2: bigint, q: GostPoint): JacobianPoint {
    const wasm = this.wasmTwoScalar();
    if (!wasm) return this.twoScalarMultiplyBigint(k1, k2, q);
    return wasm.multiply(wnaf(k1, BASE_WNAF_WIDTH), wnaf(k2, KEY_WNAF_WIDTH), q);
  }

  /** Whether twoScalarMultiply runs on WebAssembly for this curve. */
  usesWasm(): boolean {
    return this.wasmTwoScalar() !== undefined;
  }

  private wasmTwoScalar(): WasmTwoScalar | undefined {
    if (this.wasm === undefined) {
      const view: WasmFieldView | undefined = this.aIsMinus3 ? wasmFieldView(this.curve.p) : undefined;
      this.wasm = view ? new WasmTwoScalar(view, this.baseTable(), 1 << (KEY_WNAF_WIDTH - 2)) : null;
    }
    return this.wasm ?? undefined;
  }

  /** twoScalarMultiply on bigint only: the path where WebAssembly does not apply, and the tests' oracle. */
  twoScalarMultiplyBigint(k1: bigint, k2: bigint, q: GostPoint): JacobianPoint {
    const base = this.baseTable();
    const key = this.oddMultiples(q, 1 << (KEY_WNAF_WIDTH - 2));
    const naf1 = wnaf(k1, BASE_WNAF_WIDTH);
    const naf2 = wnaf(k2, KEY_WNAF_WIDTH);
    let r = INFINITY;
    for (let i = Math.max(naf1.length, naf2.length) - 1; i >= 0; i -= 1) {
      r = this.double(r);
      const d1 = naf1[i] ?? 0;
      if (d1 !== 0) r = this.addAffine(r, tableEntry(base, d1));
      const d2 = naf2[i] ?? 0;
      if (d2 !== 0) r = this.addAffine(r, tableEntry(key, d2));
    }
    return r;
  }

  /** k * G (k >= 0) from the fixed-base window table: additions only, no doublings. */
  multiplyBase(k: bigint): JacobianPoint {
    const windows = this.fixedBaseTable();
    const digits = k.toString(16);
    let r = INFINITY;
    for (let i = 0; i < digits.length; i += 1) {
      const digit = Number.parseInt(digits[digits.length - 1 - i] ?? '0', 16);
      const entry = digit === 0 ? undefined : windows[i]?.[digit - 1];
      if (digit !== 0 && !entry) throw new RangeError('scalar too large for the base table');
      if (entry) r = this.addAffine(r, entry);
    }
    return r;
  }

  private baseTable(): { plus: GostPoint[]; minus: GostPoint[] } {
    this.baseOdd ??= this.oddMultiples(this.curve.base, 1 << (BASE_WNAF_WIDTH - 2));
    return this.baseOdd;
  }

  /** windows[i][j - 1] = j * 2^(4i) * G, for j in 1..15, over the bit length of q. */
  private fixedBaseTable(): GostPoint[][] {
    if (this.baseWindows) return this.baseWindows;
    const count = Math.ceil(this.curve.q.toString(2).length / FIXED_WINDOW_BITS);
    const windows: GostPoint[][] = [];
    let start: GostPoint = this.curve.base;
    for (let i = 0; i < count; i += 1) {
      const multiples: JacobianPoint[] = [{ x: start.x, y: start.y, z: 1n }];
      for (let j = 1; j < (1 << FIXED_WINDOW_BITS) - 1; j += 1) {
        multiples.push(this.addAffine(multiples[j - 1] ?? INFINITY, start));
      }
      const affine = this.batchToAffine(multiples);
      windows.push(affine);
      const next = this.toAffine(this.addAffine(multiples[multiples.length - 1] ?? INFINITY, start));
      if (!next) break;
      start = next;
    }
    this.baseWindows = windows;
    return windows;
  }
}

/**
 * The width-w non-adjacent form of k >= 0, least significant digit first: odd digits in
 * (-2^(w-1), 2^(w-1)), any two non-zero digits at least w positions apart.
 */
export function wnaf(k: bigint, width: number): Int16Array {
  const binary = k.toString(2);
  const bits = new Uint8Array(binary.length + width + 1);
  for (let i = 0; i < binary.length; i += 1) bits[i] = binary.charCodeAt(binary.length - 1 - i) - 48;
  const naf = new Int16Array(bits.length);
  const full = 1 << width;
  const half = 1 << (width - 1);
  let i = 0;
  while (i < bits.length) {
    if (bits[i] === 0) {
      i += 1;
      continue;
    }
    let digit = 0;
    for (let j = 0; j < width; j += 1) digit |= (bits[i + j] ?? 0) << j;
    if (digit >= half) {
      digit -= full;
      let j = i + width;
      while (bits[j] === 1) {
        bits[j] = 0;
        j += 1;
      }
      bits[j] = 1;
    }
    naf[i] = digit;
    i += width;
  }
  return naf;
}

/** The table point for a non-zero wNAF digit: (|d| - 1) / 2 of the positive or negative multiples. */
function tableEntry(table: { plus: GostPoint[]; minus: GostPoint[] }, digit: number): GostPoint {
  const point = digit > 0 ? table.plus[(digit - 1) >> 1] : table.minus[(-digit - 1) >> 1];
  if (!point) throw new RangeError(`wNAF digit ${digit} outside its table`);
  return point;
}

const cache = new Map<GostCurveName, CurveMath>();

/** The (cached) arithmetic of a named curve; its base-point tables are built on first use. */
export function curveMath(name: GostCurveName): CurveMath {
  let math = cache.get(name);
  if (!math) {
    const curve = GOST_CURVES[name];
    if (!curve) throw new RangeError(`unknown GOST curve ${String(name)}`);
    math = new CurveMath(curve);
    cache.set(name, math);
  }
  return math;
}
