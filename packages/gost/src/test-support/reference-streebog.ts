// The implementation this package shipped before the table-driven rewrite, kept unchanged as a test oracle.
import type { IncrementalHash } from '../hash/incremental-hash.js';
import { A_HEX, C_HEX, PI } from '../hash/streebog-constants.js';

// The state is 512 bits as sixteen 32-bit words, least significant first: word 2j is the low half of the
// 64-bit word j, which holds bytes 8j..8j+7 of the little-endian byte string the RFC's vectors reverse.

/** The combined S, P and L transformations as per-byte tables (low and high 32 bits of each 64-bit row). */
const T_LO = new Uint32Array(8 * 256);
const T_HI = new Uint32Array(8 * 256);
for (let k = 0; k < 8; k += 1) {
  for (let v = 0; v < 256; v += 1) {
    const s = PI[v] ?? 0;
    let lo = 0;
    let hi = 0;
    for (let bit = 0; bit < 8; bit += 1) {
      if (((s >>> bit) & 1) === 0) continue;
      const row = A_HEX[63 - (8 * k + bit)] ?? '';
      hi ^= Number.parseInt(row.slice(0, 8), 16);
      lo ^= Number.parseInt(row.slice(8), 16);
    }
    T_LO[256 * k + v] = lo >>> 0;
    T_HI[256 * k + v] = hi >>> 0;
  }
}

const C = C_HEX.map((hex) => {
  const words = new Uint32Array(16);
  for (let i = 0; i < 16; i += 1) words[i] = Number.parseInt(hex.slice(128 - 8 * (i + 1), 128 - 8 * i), 16);
  return words;
});

/** dst := LPS(a xor b); `x` is scratch. Unrolled: this is the hash's inner loop. */
function lps(dst: Uint32Array, a: Uint32Array, b: Uint32Array, x: Uint32Array): void {
  for (let i = 0; i < 16; i += 1) x[i] = (a[i] as number) ^ (b[i] as number);
  const lo = T_LO;
  const hi = T_HI;
  for (let j = 0; j < 8; j += 1) {
    const half = j >>> 2;
    const shift = 8 * (j & 3);
    const i0 = ((x[half] as number) >>> shift) & 255;
    const i1 = 256 | (((x[2 + half] as number) >>> shift) & 255);
    const i2 = 512 | (((x[4 + half] as number) >>> shift) & 255);
    const i3 = 768 | (((x[6 + half] as number) >>> shift) & 255);
    const i4 = 1024 | (((x[8 + half] as number) >>> shift) & 255);
    const i5 = 1280 | (((x[10 + half] as number) >>> shift) & 255);
    const i6 = 1536 | (((x[12 + half] as number) >>> shift) & 255);
    const i7 = 1792 | (((x[14 + half] as number) >>> shift) & 255);
    dst[2 * j] =
      (lo[i0] as number) ^
      (lo[i1] as number) ^
      (lo[i2] as number) ^
      (lo[i3] as number) ^
      (lo[i4] as number) ^
      (lo[i5] as number) ^
      (lo[i6] as number) ^
      (lo[i7] as number);
    dst[2 * j + 1] =
      (hi[i0] as number) ^
      (hi[i1] as number) ^
      (hi[i2] as number) ^
      (hi[i3] as number) ^
      (hi[i4] as number) ^
      (hi[i5] as number) ^
      (hi[i6] as number) ^
      (hi[i7] as number);
  }
}

/** Scratch space of one hash computation. */
interface Scratch {
  k: Uint32Array;
  state: Uint32Array;
  x: Uint32Array;
}

/** h := g_N(h, m) = E(LPS(h xor N), m) xor h xor m. */
function compress(h: Uint32Array, n: Uint32Array, m: Uint32Array, scratch: Scratch): void {
  const { k, state, x } = scratch;
  lps(k, h, n, x);
  lps(state, k, m, x);
  for (let i = 0; i < 11; i += 1) {
    lps(k, k, C[i] ?? m, x);
    lps(state, state, k, x);
  }
  lps(k, k, C[11] ?? m, x);
  for (let i = 0; i < 16; i += 1) h[i] = ((state[i] ?? 0) ^ (k[i] ?? 0) ^ (h[i] ?? 0) ^ (m[i] ?? 0)) >>> 0;
}

/** a := a + b mod 2^512. */
function add512(a: Uint32Array, b: Uint32Array): void {
  let carry = 0;
  for (let i = 0; i < 16; i += 1) {
    const total = (a[i] ?? 0) + (b[i] ?? 0) + carry;
    a[i] = total >>> 0;
    carry = total > 0xffffffff ? 1 : 0;
  }
}

class Streebog implements IncrementalHash {
  private readonly h = new Uint32Array(16);
  private readonly n = new Uint32Array(16);
  private readonly sigma = new Uint32Array(16);
  private readonly m = new Uint32Array(16);
  private readonly blockBits = new Uint32Array(16);
  private readonly buffer = new Uint8Array(64);
  private readonly scratch: Scratch = {
    k: new Uint32Array(16),
    state: new Uint32Array(16),
    x: new Uint32Array(16),
  };
  private buffered = 0;
  private done = false;

  constructor(private readonly outputBytes: 32 | 64) {
    if (outputBytes === 32) this.h.fill(0x01010101);
    this.blockBits[0] = 512;
  }

  update(data: Uint8Array): this {
    if (this.done) throw new Error('digest() was already called');
    let offset = 0;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, data.length);
      this.buffer.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < 64) return this;
      this.absorb(this.buffer, 0);
      this.buffered = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.absorb(data, offset);
    if (offset < data.length) {
      this.buffer.set(data.subarray(offset));
      this.buffered = data.length - offset;
    }
    return this;
  }

  digest(): Uint8Array {
    if (this.done) throw new Error('digest() was already called');
    this.done = true;
    const tail = this.buffered;
    this.buffer[tail] = 1;
    this.buffer.fill(0, tail + 1);
    this.loadBlock(this.buffer, 0);
    compress(this.h, this.n, this.m, this.scratch);
    const bits = new Uint32Array(16);
    bits[0] = 8 * tail;
    add512(this.n, bits);
    add512(this.sigma, this.m);
    const zero = new Uint32Array(16);
    compress(this.h, zero, this.n, this.scratch);
    compress(this.h, zero, this.sigma, this.scratch);
    const out = new Uint8Array(64);
    for (let i = 0; i < 16; i += 1) {
      const w = this.h[i] ?? 0;
      out[4 * i] = w & 255;
      out[4 * i + 1] = (w >>> 8) & 255;
      out[4 * i + 2] = (w >>> 16) & 255;
      out[4 * i + 3] = w >>> 24;
    }
    return this.outputBytes === 64 ? out : out.slice(32);
  }

  private loadBlock(bytes: Uint8Array, offset: number): void {
    for (let i = 0; i < 16; i += 1) {
      const o = offset + 4 * i;
      this.m[i] =
        ((bytes[o] ?? 0) |
          ((bytes[o + 1] ?? 0) << 8) |
          ((bytes[o + 2] ?? 0) << 16) |
          ((bytes[o + 3] ?? 0) << 24)) >>>
        0;
    }
  }

  private absorb(bytes: Uint8Array, offset: number): void {
    this.loadBlock(bytes, offset);
    compress(this.h, this.n, this.m, this.scratch);
    add512(this.n, this.blockBits);
    add512(this.sigma, this.m);
  }
}

/** GOST R 34.11-2012 (Streebog) with a 512-bit result, as the byte string the RFC 6986 examples print reversed. */
export function streebog512(data: Uint8Array): Uint8Array {
  return new Streebog(64).update(data).digest();
}

/** GOST R 34.11-2012 (Streebog) with a 256-bit result. */
export function streebog256(data: Uint8Array): Uint8Array {
  return new Streebog(32).update(data).digest();
}

/** An incremental Streebog-512 hash for large inputs (update as often as needed, then digest once). */
export function createStreebog512(): IncrementalHash {
  return new Streebog(64);
}

/** An incremental Streebog-256 hash for large inputs. */
export function createStreebog256(): IncrementalHash {
  return new Streebog(32);
}
