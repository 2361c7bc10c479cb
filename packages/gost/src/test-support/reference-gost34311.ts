// The implementation this package shipped before the table-driven rewrite, kept unchanged as a test oracle.
import type { IncrementalHash } from '../hash/incremental-hash.js';
import { encryptBlock, type RoundTables, roundTables, TEST_SBOX } from './reference-gost28147.js';

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

/** The step function: H := f(H, M). Scratch buffers are module-level: the hash is synchronous. */
const U = new Uint32Array(8);
const V = new Uint32Array(8);
const KEY = new Uint32Array(8);
const S = new Uint32Array(8);
/** psi^n as a sliding window: psi shifts the sixteen 16-bit words down and appends one, 12 + 1 + 61 times. */
const PSI = new Uint16Array(16 + 74);

function step(h: Uint32Array, m: Uint32Array): void {
  U.set(h);
  V.set(m);
  for (let j = 0; j < 4; j += 1) {
    if (j > 0) {
      transformA(U);
      if (j === 2) for (let i = 0; i < 8; i += 1) U[i] = ((U[i] ?? 0) ^ (C3[i] ?? 0)) >>> 0;
      transformA(V);
      transformA(V);
    }
    transformP(U, V, KEY);
    encryptBlock(TABLES, KEY, h[2 * j] ?? 0, h[2 * j + 1] ?? 0, S, 2 * j);
  }
  shuffle(h, m, S);
}

/** A(y4 || y3 || y2 || y1) = (y1 ^ y2) || y4 || y3 || y2 on 64-bit blocks, in place. */
function transformA(y: Uint32Array): void {
  const a0 = y[0] ?? 0;
  const a1 = y[1] ?? 0;
  y.copyWithin(0, 2);
  y[6] = (a0 ^ (y[0] ?? 0)) >>> 0;
  y[7] = (a1 ^ (y[1] ?? 0)) >>> 0;
}

/** key := P(U xor V): byte i + 4k of the key is byte 8i + k of U xor V (i < 4, k < 8). */
function transformP(u: Uint32Array, v: Uint32Array, key: Uint32Array): void {
  for (let k = 0; k < 8; k += 1) {
    let word = 0;
    for (let i = 0; i < 4; i += 1) {
      const n = 8 * i + k;
      const w = ((u[n >>> 2] ?? 0) ^ (v[n >>> 2] ?? 0)) >>> (8 * (n & 3));
      word |= (w & 255) << (8 * i);
    }
    key[k] = word >>> 0;
  }
}

/** H := psi^61(H xor psi(M xor psi^12(S))), on sixteen 16-bit words. */
function shuffle(h: Uint32Array, m: Uint32Array, s: Uint32Array): void {
  const y = PSI;
  for (let i = 0; i < 8; i += 1) {
    const w = s[i] ?? 0;
    y[2 * i] = w & 0xffff;
    y[2 * i + 1] = w >>> 16;
  }
  let offset = psi(y, 0, 12);
  xorWindow(y, offset, m);
  offset = psi(y, offset, 1);
  xorWindow(y, offset, h);
  offset = psi(y, offset, 61);
  for (let i = 0; i < 8; i += 1)
    h[i] = ((y[offset + 2 * i] ?? 0) | ((y[offset + 2 * i + 1] ?? 0) << 16)) >>> 0;
}

/** Applies psi `times` times to the window starting at `offset`; returns the new window's offset. */
function psi(y: Uint16Array, offset: number, times: number): number {
  for (let t = offset; t < offset + times; t += 1) {
    y[t + 16] =
      (y[t] ?? 0) ^ (y[t + 1] ?? 0) ^ (y[t + 2] ?? 0) ^ (y[t + 3] ?? 0) ^ (y[t + 12] ?? 0) ^ (y[t + 15] ?? 0);
  }
  return offset + times;
}

function xorWindow(y: Uint16Array, offset: number, words: Uint32Array): void {
  for (let i = 0; i < 8; i += 1) {
    const w = words[i] ?? 0;
    y[offset + 2 * i] = (y[offset + 2 * i] ?? 0) ^ (w & 0xffff);
    y[offset + 2 * i + 1] = (y[offset + 2 * i + 1] ?? 0) ^ (w >>> 16);
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
