import { describe, expect, it } from 'vitest';
import { bigIntToBytesLE } from './bytes.js';
import { GOST_CURVES } from './curve/curves.js';
import {
  decodeGostPublicKey,
  encodeGostPublicKey,
  generateGostPrivateKey,
  gostPrivateKeyFromBytes,
  gostPublicKey,
} from './keys.js';

describe.each(['tc26-512-a', 'cryptopro-a'] as const)('keys on %s', (curve) => {
  const { byteLength: n, q, base } = GOST_CURVES[curve];

  it('encodes the public key as x || y little-endian and decodes it back', () => {
    const point = gostPublicKey(curve, generateGostPrivateKey(curve));
    const raw = encodeGostPublicKey(curve, point);
    expect(raw).toHaveLength(2 * n);
    expect(raw.subarray(0, n)).toEqual(bigIntToBytesLE(point.x, n));
    expect(raw.subarray(n)).toEqual(bigIntToBytesLE(point.y, n));
    expect(decodeGostPublicKey(curve, raw)).toEqual(point);
  });

  it('refuses a point not on the curve, and a key of the wrong length', () => {
    const raw = encodeGostPublicKey(curve, base);
    const broken = raw.slice();
    broken[n] = (broken[n] ?? 0) ^ 1;
    expect(() => decodeGostPublicKey(curve, broken)).toThrow(RangeError);
    expect(() => decodeGostPublicKey(curve, raw.subarray(1))).toThrow(RangeError);
    // Big-endian coordinates (the wrong byte order) are not a point either.
    const bigEndian = new Uint8Array([...raw.subarray(0, n).reverse(), ...raw.subarray(n).reverse()]);
    expect(() => decodeGostPublicKey(curve, bigEndian)).toThrow(RangeError);
  });

  it('generates private keys in [1, q - 1], all different', () => {
    const keys = Array.from({ length: 20 }, () => generateGostPrivateKey(curve));
    for (const key of keys) expect(key > 0n && key < q).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses private keys out of range', () => {
    expect(() => gostPublicKey(curve, 0n)).toThrow(RangeError);
    expect(() => gostPublicKey(curve, q)).toThrow(RangeError);
  });
});

describe('gostPrivateKeyFromBytes', () => {
  it('reads the PKCS#12 scalar little-endian', () => {
    const raw = new Uint8Array(64);
    raw[0] = 0x02;
    raw[1] = 0x01;
    expect(gostPrivateKeyFromBytes(raw)).toBe(0x0102n);
    expect(gostPrivateKeyFromBytes(new Uint8Array(32).fill(0xff))).toBe((1n << 256n) - 1n);
  });

  it('refuses other lengths and zero', () => {
    expect(() => gostPrivateKeyFromBytes(new Uint8Array(48).fill(1))).toThrow(RangeError);
    expect(() => gostPrivateKeyFromBytes(new Uint8Array(64))).toThrow(RangeError);
  });
});
