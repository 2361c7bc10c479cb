import { describe, expect, it } from 'vitest';
import { createGost34311, gost34311 } from './gost34311.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const text = (s: string) => new TextEncoder().encode(s);

describe('gost34311 (GOST R 34.11-94, "test" S-box)', () => {
  // The standard's own examples and the usual extra vectors for the test parameter set (1.2.643.2.2.30.0).
  it.each([
    ['', 'ce85b99cc46752fffee35cab9a7b0278abb4c2d2055cff685af4912c49490f8d'],
    ['a', 'd42c539e367c66e9c88a801f6649349c21871b4344c6a573f849fdce62f314dd'],
    ['message digest', 'ad4434ecb18f2c99b60cbe59ec3d2469582b65273f48de72db2fde16a4889a4d'],
    ['This is message, length=32 bytes', 'b1c466d37519b82e8319819ff32595e047a28cb6f83eff1c6916a815a637fffa'],
    [
      'Suppose the original message has length = 50 bytes',
      '471aba57a60a770d3a76130635c1fbea4ef14de51f78b4ae57dd893b62f55208',
    ],
    [
      'The quick brown fox jumps over the lazy dog',
      '77b7fa410c9ac58a25f49bca7d0468c9296529315eaca76bd1a10f376d1f4294',
    ],
  ])('hashes %j', (message, digest) => {
    expect(hex(gost34311(text(message)))).toBe(digest);
  });

  it('gives the same digest fed in pieces of any size', () => {
    const data = new Uint8Array(1000).map((_, i) => (i * 7 + 3) & 255);
    const whole = hex(gost34311(data));
    for (const size of [1, 5, 31, 32, 33, 64, 999]) {
      const hash = createGost34311();
      for (let i = 0; i < data.length; i += size) hash.update(data.subarray(i, i + size));
      expect(hex(hash.digest())).toBe(whole);
    }
  });

  it('refuses to be used after digest', () => {
    const hash = createGost34311();
    hash.digest();
    expect(() => hash.update(new Uint8Array(1))).toThrow();
    expect(() => hash.digest()).toThrow();
  });
});
