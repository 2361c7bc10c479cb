import { encryptBlock, type RoundTables, roundTables, TEST_SBOX } from './gost28147.js';

/** An incremental hash: feed it with `update`, finish with `digest` (once). */
export interface IncrementalHash {
  update(data: Uint8Array): this;
  digest(): Uint8Array;
}

const TABLES: RoundTables = roundTables(TEST_SBOX);
const BLOCK = 32;
/** The constant C3 of the key schedule as little-endian 32-bit words (C2 = C4 = 0). */
const C3 = Uint32Array.of(
  0xff00ff00,
  0xff00ff00,
  0x00ff00ff,
  0x00ff00ff,
  0x00ffff00,
  0xff0000ff,
  0x000000ff,
  0xff00ffff,
);

/**
 * GOST 34.311-95 (GOST R 34.11-94 with the "test" S-box and a zero start vector) as used by Kazakhstan's
 * GOST 34.310-2004 signatures. Returns the 32-byte digest in the byte order the standard's examples print.
 */
export function gost34311(data: Uint8Array): Uint8Array {
  return createGost34311().update(data).digest();
}

/** An incremental GOST 34.311-95 hash for large inputs. */
export function createGost34311(): IncrementalHash {
  return new Gost34311();
}

class Gost34311 implements IncrementalHash {
  private readonly h = new Uint32Array(8);
  private readonly sum = new Uint32Array(8);
  private readonly block = new Uint8Array(BLOCK);
  private readonly words = new Uint32Array(8);
  private buffered = 0;
  private bitLength = 0n;
  private done = false;

  update(data: Uint8Array): this {
    if (this.done) throw new Error('digest() was already called');
    let offset = 0;
    if (this.buffered > 0) {
      const take = Math.min(BLOCK - this.buffered, data.length);
      this.block.set(data.subarray(0, take), this.buffered);
      this.buffered += take;
      offset = take;
      if (this.buffered < BLOCK) return this;
      this.absorb(this.block, 0);
      this.buffered = 0;
    }
    for (; offset + BLOCK <= data.length; offset += BLOCK) this.absorb(data, offset);
    if (offset < data.length) {
      this.block.set(data.subarray(offset));
      this.buffered = data.length - offset;
    }
    return this;
  }

  digest(): Uint8Array {
    if (this.done) throw new Error('digest() was already called');
    this.done = true;
    if (this.buffered > 0) {
      const tail = this.buffered;
      this.block.fill(0, tail);
      this.absorb(this.block, 0);
      this.bitLength -= BigInt(8 * (BLOCK - tail));
    }
    const length = new Uint32Array(8);
    for (let i = 0; i < 8; i += 1) length[i] = Number((this.bitLength >> BigInt(32 * i)) & 0xffffffffn);
    step(this.h, length);
    step(this.h, this.sum);
    return wordsToBytes(this.h);
  }

  private absorb(bytes: Uint8Array, offset: number): void {
    const m = this.words;
    for (let i = 0; i < 8; i += 1) {
      const o = offset + 4 * i;
      m[i] =
        ((bytes[o] ?? 0) |
          ((bytes[o + 1] ?? 0) << 8) |
          ((bytes[o + 2] ?? 0) << 16) |
          ((bytes[o + 3] ?? 0) << 24)) >>>
        0;
    }
    step(this.h, m);
    let carry = 0;
    for (let i = 0; i < 8; i += 1) {
      const total = (this.sum[i] ?? 0) + (m[i] ?? 0) + carry;
      this.sum[i] = total >>> 0;
      carry = total > 0xffffffff ? 1 : 0;
    }
    this.bitLength += 256n;
  }
}

/** The step function: H := f(H, M). */
function step(h: Uint32Array, m: Uint32Array): void {
  const s = new Uint32Array(8);
  let u: Uint32Array = h.slice();
  let v: Uint32Array = m.slice();
  for (let j = 0; j < 4; j += 1) {
    if (j > 0) {
      u = transformA(u);
      if (j === 2) for (let i = 0; i < 8; i += 1) u[i] = ((u[i] ?? 0) ^ (C3[i] ?? 0)) >>> 0;
      v = transformA(transformA(v));
    }
    const key = transformP(u, v);
    encryptBlock(TABLES, key, h[2 * j] ?? 0, h[2 * j + 1] ?? 0, s, 2 * j);
  }
  shuffle(h, m, s);
}

/** A(y4 || y3 || y2 || y1) = (y1 ^ y2) || y4 || y3 || y2 on 64-bit blocks. */
function transformA(y: Uint32Array): Uint32Array {
  const a0 = y[0] ?? 0;
  const a1 = y[1] ?? 0;
  const b0 = y[2] ?? 0;
  const b1 = y[3] ?? 0;
  return Uint32Array.of(b0, b1, y[4] ?? 0, y[5] ?? 0, y[6] ?? 0, y[7] ?? 0, (a0 ^ b0) >>> 0, (a1 ^ b1) >>> 0);
}

/** The key K = P(U xor V): byte i + 4k of K is byte 8i + k of U xor V (i < 4, k < 8). */
function transformP(u: Uint32Array, v: Uint32Array): Uint32Array {
  const w = new Uint8Array(32);
  for (let i = 0; i < 8; i += 1) {
    const x = ((u[i] ?? 0) ^ (v[i] ?? 0)) >>> 0;
    w[4 * i] = x & 255;
    w[4 * i + 1] = (x >>> 8) & 255;
    w[4 * i + 2] = (x >>> 16) & 255;
    w[4 * i + 3] = x >>> 24;
  }
  const key = new Uint32Array(8);
  for (let i = 0; i < 4; i += 1) {
    for (let k = 0; k < 8; k += 1) {
      const index = i + 4 * k;
      key[index >>> 2] = ((key[index >>> 2] ?? 0) | ((w[8 * i + k] ?? 0) << (8 * (index & 3)))) >>> 0;
    }
  }
  return key;
}

/** H := psi^61(H xor psi(M xor psi^12(S))), on sixteen 16-bit words. */
function shuffle(h: Uint32Array, m: Uint32Array, s: Uint32Array): void {
  const y = toHalfWords(s);
  psi(y, 12);
  xorHalfWords(y, m);
  psi(y, 1);
  xorHalfWords(y, h);
  psi(y, 61);
  for (let i = 0; i < 8; i += 1) h[i] = ((y[2 * i] ?? 0) | ((y[2 * i + 1] ?? 0) << 16)) >>> 0;
}

function toHalfWords(words: Uint32Array): Uint16Array {
  const y = new Uint16Array(16);
  for (let i = 0; i < 8; i += 1) {
    const w = words[i] ?? 0;
    y[2 * i] = w & 0xffff;
    y[2 * i + 1] = w >>> 16;
  }
  return y;
}

function xorHalfWords(y: Uint16Array, words: Uint32Array): void {
  for (let i = 0; i < 8; i += 1) {
    const w = words[i] ?? 0;
    y[2 * i] = (y[2 * i] ?? 0) ^ (w & 0xffff);
    y[2 * i + 1] = (y[2 * i + 1] ?? 0) ^ (w >>> 16);
  }
}

/** psi(y16 || ... || y1) = (y1 ^ y2 ^ y3 ^ y4 ^ y13 ^ y16) || y16 || ... || y2, applied `times` times. */
function psi(y: Uint16Array, times: number): void {
  for (let t = 0; t < times; t += 1) {
    const top = (y[0] ?? 0) ^ (y[1] ?? 0) ^ (y[2] ?? 0) ^ (y[3] ?? 0) ^ (y[12] ?? 0) ^ (y[15] ?? 0);
    y.copyWithin(0, 1);
    y[15] = top;
  }
}

function wordsToBytes(words: Uint32Array): Uint8Array {
  const out = new Uint8Array(4 * words.length);
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i] ?? 0;
    out[4 * i] = w & 255;
    out[4 * i + 1] = (w >>> 8) & 255;
    out[4 * i + 2] = (w >>> 16) & 255;
    out[4 * i + 3] = w >>> 24;
  }
  return out;
}
