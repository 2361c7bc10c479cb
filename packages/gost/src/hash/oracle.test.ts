import { describe, expect, it } from 'vitest';
import * as reference34311 from '../test-support/reference-gost34311.js';
import * as referenceStreebog from '../test-support/reference-streebog.js';
import { createGost34311, gost34311 } from './gost34311.js';
import type { IncrementalHash } from './incremental-hash.js';
import {
  createStreebog256,
  createStreebog512,
  createStreebogWith,
  streebog256,
  streebog512,
  streebogWasmAvailable,
} from './streebog.js';

/** A small deterministic generator (xorshift32), so that a failure names a reproducible seed. */
function generator(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

function randomBytes(next: () => number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) out[i] = next() & 255;
  return out;
}

/** Feeds `data` in random pieces (empty ones included). */
function chunked(create: () => IncrementalHash, data: Uint8Array, next: () => number): Uint8Array {
  const hash = create();
  let offset = 0;
  while (offset < data.length) {
    const size = next() % 4 === 0 ? 0 : 1 + (next() % 150);
    hash.update(data.subarray(offset, offset + size));
    offset += size;
  }
  return hash.digest();
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// Every length around the block sizes (32 and 64 bytes), then some longer ones; whole and in random pieces.
const LENGTHS = [
  ...Array.from({ length: 200 }, (_, i) => i),
  255,
  256,
  257,
  511,
  512,
  513,
  1000,
  4095,
  4096,
  10_000,
];

describe('Streebog backends', () => {
  it('has its WebAssembly rounds on Node (the JavaScript ones are the fallback, tested below too)', () => {
    expect(streebogWasmAvailable()).toBe(true);
  });

  it('agrees between WebAssembly and JavaScript across the 64 kB copy window, hashed in uneven pieces', () => {
    const next = generator(99);
    const data = randomBytes(next, 200_000);
    const expected = hex(createStreebogWith(64, 'javascript').update(data).digest());
    expect(hex(streebog512(data))).toBe(expected);
    expect(hex(chunked(createStreebog512, data, next))).toBe(expected);
    const pieces = createStreebog512();
    for (let offset = 0; offset < data.length; offset += 70_001)
      pieces.update(data.subarray(offset, offset + 70_001));
    expect(hex(pieces.digest())).toBe(expected);
  });

  it('keeps two interleaved incremental hashes apart (the module memory is shared)', () => {
    const next = generator(5);
    const a = randomBytes(next, 5000);
    const b = randomBytes(next, 5000);
    const ha = createStreebog512();
    const hb = createStreebog256();
    for (let offset = 0; offset < 5000; offset += 1000) {
      ha.update(a.subarray(offset, offset + 1000));
      hb.update(b.subarray(offset, offset + 1000));
    }
    expect(hex(ha.digest())).toBe(hex(referenceStreebog.streebog512(a)));
    expect(hex(hb.digest())).toBe(hex(referenceStreebog.streebog256(b)));
  });
});

describe.each([
  ['Streebog-512', streebog512, createStreebog512, referenceStreebog.streebog512],
  ['Streebog-256', streebog256, createStreebog256, referenceStreebog.streebog256],
  [
    'Streebog-512 in JavaScript',
    (data: Uint8Array) => createStreebogWith(64, 'javascript').update(data).digest(),
    () => createStreebogWith(64, 'javascript'),
    referenceStreebog.streebog512,
  ],
  [
    'Streebog-256 in JavaScript',
    (data: Uint8Array) => createStreebogWith(32, 'javascript').update(data).digest(),
    () => createStreebogWith(32, 'javascript'),
    referenceStreebog.streebog256,
  ],
  ['GOST 34.311-95', gost34311, createGost34311, reference34311.gost34311],
] as const)(
  '%s against the previous implementation (test-support oracle)',
  (_name, whole, create, oracle) => {
    it('agrees on random messages of many lengths, whole and chunked', () => {
      const next = generator(0x5eed);
      for (const length of LENGTHS) {
        const data = randomBytes(next, length);
        const expected = hex(oracle(data));
        expect(hex(whole(data)), `length ${length}`).toBe(expected);
        expect(hex(chunked(create, data, next)), `length ${length}, chunked`).toBe(expected);
      }
    });

    it('agrees on inputs of all-zero and all-0xff bytes (carries of the block counters and sums)', () => {
      for (const fill of [0, 0xff]) {
        for (const length of [31, 32, 63, 64, 65, 128, 1024]) {
          const data = new Uint8Array(length).fill(fill);
          expect(hex(whole(data)), `${fill} x ${length}`).toBe(hex(oracle(data)));
        }
      }
    });

    it('hashes a subarray at an odd offset like a copy of it', () => {
      const next = generator(7);
      const backing = randomBytes(next, 1000);
      const view = backing.subarray(3, 3 + 777);
      expect(hex(whole(view))).toBe(hex(oracle(view.slice())));
    });

    it('refuses update or digest after digest', () => {
      const hash = create();
      hash.update(new Uint8Array(10));
      hash.digest();
      expect(() => hash.update(new Uint8Array(1))).toThrow();
      expect(() => hash.digest()).toThrow();
    });
  },
);
