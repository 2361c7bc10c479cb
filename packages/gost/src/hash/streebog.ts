import type { IncrementalHash } from './incremental-hash.js';
import { A_HEX, C_HEX, PI } from './streebog-constants.js';
import { instantiateStreebogWasm, LAYOUT, type StreebogWasm } from './streebog-wasm.js';

// The state is 512 bits as sixteen 32-bit words, least significant first: word 2j is the low half of the 64-bit
// word j, which holds bytes 8j..8j+7 of the little-endian byte string the RFC's vectors reverse. Words are kept in
// Int32Arrays: V8 keeps signed 32-bit values unboxed, where a Uint32Array read above 2^31 may become a heap number.

/**
 * The combined S, P and L transformations as eight per-byte tables of 64-bit rows, interleaved low and high 32 bits:
 * TABLE[512k + 2v] and TABLE[512k + 2v + 1] are the row for byte value v at byte position k (16 kB, fits L1).
 */
const TABLE = new Int32Array(8 * 256 * 2);
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
    TABLE[512 * k + 2 * v] = lo;
    TABLE[512 * k + 2 * v + 1] = hi;
  }
}

const C = C_HEX.map((hex) => {
  const words = new Int32Array(16);
  for (let i = 0; i < 16; i += 1) words[i] = Number.parseInt(hex.slice(128 - 8 * (i + 1), 128 - 8 * i), 16);
  return words;
});

/**
 * dst := LPS(a xor b) (dst may be a or b). Fully unrolled (generated): output row j is the xor of the table rows
 * of byte j of each of the eight 64-bit input words. This is the hash's inner loop.
 */
function lps(dst: Int32Array, a: Int32Array, b: Int32Array): void {
  const t = TABLE;
  const x0 = (a[0] as number) ^ (b[0] as number);
  const x1 = (a[1] as number) ^ (b[1] as number);
  const x2 = (a[2] as number) ^ (b[2] as number);
  const x3 = (a[3] as number) ^ (b[3] as number);
  const x4 = (a[4] as number) ^ (b[4] as number);
  const x5 = (a[5] as number) ^ (b[5] as number);
  const x6 = (a[6] as number) ^ (b[6] as number);
  const x7 = (a[7] as number) ^ (b[7] as number);
  const x8 = (a[8] as number) ^ (b[8] as number);
  const x9 = (a[9] as number) ^ (b[9] as number);
  const x10 = (a[10] as number) ^ (b[10] as number);
  const x11 = (a[11] as number) ^ (b[11] as number);
  const x12 = (a[12] as number) ^ (b[12] as number);
  const x13 = (a[13] as number) ^ (b[13] as number);
  const x14 = (a[14] as number) ^ (b[14] as number);
  const x15 = (a[15] as number) ^ (b[15] as number);
  {
    const i0 = (x0 << 1) & 510;
    const i1 = 512 | ((x2 << 1) & 510);
    const i2 = 1024 | ((x4 << 1) & 510);
    const i3 = 1536 | ((x6 << 1) & 510);
    const i4 = 2048 | ((x8 << 1) & 510);
    const i5 = 2560 | ((x10 << 1) & 510);
    const i6 = 3072 | ((x12 << 1) & 510);
    const i7 = 3584 | ((x14 << 1) & 510);
    dst[0] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[1] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x0 >>> 7) & 510;
    const i1 = 512 | ((x2 >>> 7) & 510);
    const i2 = 1024 | ((x4 >>> 7) & 510);
    const i3 = 1536 | ((x6 >>> 7) & 510);
    const i4 = 2048 | ((x8 >>> 7) & 510);
    const i5 = 2560 | ((x10 >>> 7) & 510);
    const i6 = 3072 | ((x12 >>> 7) & 510);
    const i7 = 3584 | ((x14 >>> 7) & 510);
    dst[2] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[3] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x0 >>> 15) & 510;
    const i1 = 512 | ((x2 >>> 15) & 510);
    const i2 = 1024 | ((x4 >>> 15) & 510);
    const i3 = 1536 | ((x6 >>> 15) & 510);
    const i4 = 2048 | ((x8 >>> 15) & 510);
    const i5 = 2560 | ((x10 >>> 15) & 510);
    const i6 = 3072 | ((x12 >>> 15) & 510);
    const i7 = 3584 | ((x14 >>> 15) & 510);
    dst[4] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[5] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x0 >>> 23) & 510;
    const i1 = 512 | ((x2 >>> 23) & 510);
    const i2 = 1024 | ((x4 >>> 23) & 510);
    const i3 = 1536 | ((x6 >>> 23) & 510);
    const i4 = 2048 | ((x8 >>> 23) & 510);
    const i5 = 2560 | ((x10 >>> 23) & 510);
    const i6 = 3072 | ((x12 >>> 23) & 510);
    const i7 = 3584 | ((x14 >>> 23) & 510);
    dst[6] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[7] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x1 << 1) & 510;
    const i1 = 512 | ((x3 << 1) & 510);
    const i2 = 1024 | ((x5 << 1) & 510);
    const i3 = 1536 | ((x7 << 1) & 510);
    const i4 = 2048 | ((x9 << 1) & 510);
    const i5 = 2560 | ((x11 << 1) & 510);
    const i6 = 3072 | ((x13 << 1) & 510);
    const i7 = 3584 | ((x15 << 1) & 510);
    dst[8] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[9] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x1 >>> 7) & 510;
    const i1 = 512 | ((x3 >>> 7) & 510);
    const i2 = 1024 | ((x5 >>> 7) & 510);
    const i3 = 1536 | ((x7 >>> 7) & 510);
    const i4 = 2048 | ((x9 >>> 7) & 510);
    const i5 = 2560 | ((x11 >>> 7) & 510);
    const i6 = 3072 | ((x13 >>> 7) & 510);
    const i7 = 3584 | ((x15 >>> 7) & 510);
    dst[10] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[11] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x1 >>> 15) & 510;
    const i1 = 512 | ((x3 >>> 15) & 510);
    const i2 = 1024 | ((x5 >>> 15) & 510);
    const i3 = 1536 | ((x7 >>> 15) & 510);
    const i4 = 2048 | ((x9 >>> 15) & 510);
    const i5 = 2560 | ((x11 >>> 15) & 510);
    const i6 = 3072 | ((x13 >>> 15) & 510);
    const i7 = 3584 | ((x15 >>> 15) & 510);
    dst[12] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[13] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
  {
    const i0 = (x1 >>> 23) & 510;
    const i1 = 512 | ((x3 >>> 23) & 510);
    const i2 = 1024 | ((x5 >>> 23) & 510);
    const i3 = 1536 | ((x7 >>> 23) & 510);
    const i4 = 2048 | ((x9 >>> 23) & 510);
    const i5 = 2560 | ((x11 >>> 23) & 510);
    const i6 = 3072 | ((x13 >>> 23) & 510);
    const i7 = 3584 | ((x15 >>> 23) & 510);
    dst[14] =
      (t[i0] as number) ^
      (t[i1] as number) ^
      (t[i2] as number) ^
      (t[i3] as number) ^
      (t[i4] as number) ^
      (t[i5] as number) ^
      (t[i6] as number) ^
      (t[i7] as number);
    dst[15] =
      (t[i0 + 1] as number) ^
      (t[i1 + 1] as number) ^
      (t[i2 + 1] as number) ^
      (t[i3 + 1] as number) ^
      (t[i4 + 1] as number) ^
      (t[i5 + 1] as number) ^
      (t[i6 + 1] as number) ^
      (t[i7 + 1] as number);
  }
}

/** The WebAssembly rounds (undefined where unavailable), built on first use, and views of their memory. */
let wasm: { module: StreebogWasm; bytes: Uint8Array; words: Int32Array } | null | undefined;
function wasmRounds(): { module: StreebogWasm; bytes: Uint8Array; words: Int32Array } | undefined {
  if (wasm === undefined) {
    const module = instantiateStreebogWasm(TABLE, C);
    wasm = module
      ? { module, bytes: new Uint8Array(module.memory.buffer), words: new Int32Array(module.memory.buffer) }
      : null;
  }
  return wasm ?? undefined;
}

/** Whether the WebAssembly rounds instantiated here (for tests: a broken module would fall back silently). */
export function streebogWasmAvailable(): boolean {
  return wasmRounds() !== undefined;
}

/** Which rounds absorb whole blocks: WebAssembly where available (the default), or the JavaScript ones. */
export type StreebogBackend = 'wasm' | 'javascript';

/** Scratch space of one hash computation. */
interface Scratch {
  k: Int32Array;
  state: Int32Array;
}

/** h := g_N(h, m) = E(LPS(h xor N), m) xor h xor m. */
function compress(h: Int32Array, n: Int32Array, m: Int32Array, scratch: Scratch): void {
  const { k, state } = scratch;
  lps(k, h, n);
  lps(state, k, m);
  for (let i = 0; i < 11; i += 1) {
    lps(k, k, C[i] as Int32Array);
    lps(state, state, k);
  }
  lps(k, k, C[11] as Int32Array);
  for (let i = 0; i < 16; i += 1)
    h[i] = (state[i] as number) ^ (k[i] as number) ^ (h[i] as number) ^ (m[i] as number);
}

/** a := a + b mod 2^512. */
function add512(a: Int32Array, b: Int32Array): void {
  let carry = 0;
  for (let i = 0; i < 16; i += 1) {
    const total = ((a[i] as number) >>> 0) + ((b[i] as number) >>> 0) + carry;
    a[i] = total | 0;
    carry = total > 0xffffffff ? 1 : 0;
  }
}

/** n := n + 512 mod 2^512 (the block counter's step). */
function addBlockBits(n: Int32Array): void {
  let total = ((n[0] as number) >>> 0) + 512;
  n[0] = total | 0;
  for (let i = 1; i < 16 && total > 0xffffffff; i += 1) {
    total = ((n[i] as number) >>> 0) + 1;
    n[i] = total | 0;
  }
}

class Streebog implements IncrementalHash {
  private readonly h = new Int32Array(16);
  private readonly n = new Int32Array(16);
  private readonly sigma = new Int32Array(16);
  private readonly m = new Int32Array(16);
  private readonly buffer = new Uint8Array(64);
  private readonly scratch: Scratch = { k: new Int32Array(16), state: new Int32Array(16) };
  private buffered = 0;
  private done = false;

  constructor(
    private readonly outputBytes: 32 | 64,
    private readonly backend: StreebogBackend = 'wasm',
  ) {
    if (outputBytes === 32) this.h.fill(0x01010101);
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
    const blocks = (data.length - offset) >>> 6;
    if (blocks > 0) {
      this.absorbBlocks(data, offset, blocks);
      offset += 64 * blocks;
    }
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
    const bits = new Int32Array(16);
    bits[0] = 8 * tail;
    add512(this.n, bits);
    add512(this.sigma, this.m);
    const zero = new Int32Array(16);
    compress(this.h, zero, this.n, this.scratch);
    compress(this.h, zero, this.sigma, this.scratch);
    const out = new Uint8Array(64);
    for (let i = 0; i < 16; i += 1) {
      const w = this.h[i] as number;
      out[4 * i] = w;
      out[4 * i + 1] = w >>> 8;
      out[4 * i + 2] = w >>> 16;
      out[4 * i + 3] = w >>> 24;
    }
    return this.outputBytes === 64 ? out : out.slice(32);
  }

  private loadBlock(bytes: Uint8Array, offset: number): void {
    const m = this.m;
    for (let i = 0; i < 16; i += 1) {
      const o = offset + 4 * i;
      m[i] =
        (bytes[o] as number) |
        ((bytes[o + 1] as number) << 8) |
        ((bytes[o + 2] as number) << 16) |
        ((bytes[o + 3] as number) << 24);
    }
  }

  /** Absorbs `count` whole blocks from `offset`, in WebAssembly when it is there. */
  private absorbBlocks(bytes: Uint8Array, offset: number, count: number): void {
    const rounds = this.backend === 'wasm' ? wasmRounds() : undefined;
    if (!rounds) {
      for (let i = 0; i < count; i += 1) this.absorb(bytes, offset + 64 * i);
      return;
    }
    const { module, bytes: memory, words } = rounds;
    words.set(this.h, LAYOUT.h / 4);
    words.set(this.n, LAYOUT.n / 4);
    words.set(this.sigma, LAYOUT.sigma / 4);
    let at = offset;
    let left = count;
    while (left > 0) {
      const take = Math.min(left, LAYOUT.inputBytes / 64);
      memory.set(bytes.subarray(at, at + 64 * take), LAYOUT.input);
      module.blocks(LAYOUT.input, take);
      at += 64 * take;
      left -= take;
    }
    this.h.set(words.subarray(LAYOUT.h / 4, LAYOUT.h / 4 + 16));
    this.n.set(words.subarray(LAYOUT.n / 4, LAYOUT.n / 4 + 16));
    this.sigma.set(words.subarray(LAYOUT.sigma / 4, LAYOUT.sigma / 4 + 16));
  }

  private absorb(bytes: Uint8Array, offset: number): void {
    this.loadBlock(bytes, offset);
    compress(this.h, this.n, this.m, this.scratch);
    addBlockBits(this.n);
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

/** An incremental Streebog hash on a chosen backend: for tests that compare both (not exported by the package). */
export function createStreebogWith(outputBytes: 32 | 64, backend: StreebogBackend): IncrementalHash {
  return new Streebog(outputBytes, backend);
}
