import { describe, expect, it } from 'vitest';
import { createStreebog256, createStreebog512, streebog256, streebog512 } from './streebog.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
/** RFC 6986 prints messages and digests as numbers, most significant byte first: the byte strings reversed. */
const rfc = (digits: string) => new Uint8Array(Buffer.from(digits, 'hex')).reverse();

const M1 = rfc(
  '323130393837363534333231303938373635343332313039383736353433323130393837363534333231303938373635343332313039383736353433323130',
);
const M2 = rfc(
  'fbe2e5f0eee3c820fbeafaebef20fffbf0e1e0f0f520e0ed20e8ece0ebe5f0f2f120fff0eeec20f120faf2fee5e2202ce8f6f3ede220e8e6eee1e8f0f2d1202ce8f0f2e5e220e5d1',
);

describe('Streebog (GOST R 34.11-2012), RFC 6986 section 10', () => {
  it('M1 is the 63 ASCII digits of the RFC', () => {
    expect(new TextDecoder().decode(M1)).toBe(
      '012345678901234567890123456789012345678901234567890123456789012',
    );
  });

  it('hashes M1', () => {
    expect(hex(streebog512(M1))).toBe(
      hex(
        rfc(
          '486f64c1917879417fef082b3381a4e211c324f074654c38823a7b76f830ad00fa1fbae42b1285c0352f227524bc9ab16254288dd6863dccd5b9f54a1ad0541b',
        ),
      ),
    );
    expect(hex(streebog256(M1))).toBe(
      hex(rfc('00557be5e584fd52a449b16b0251d05d27f94ab76cbaa6da890b59d8ef1e159d')),
    );
  });

  it('hashes M2 (72 bytes: one full block and a tail)', () => {
    expect(hex(streebog512(M2))).toBe(
      hex(
        rfc(
          '28fbc9bada033b1460642bdcddb90c3fb3e56c497ccd0f62b8a2ad4935e85f037613966de4ee00531ae60f3b5a47f8dae06915d5f2f194996fcabf2622e6881e',
        ),
      ),
    );
    expect(hex(streebog256(M2))).toBe(
      hex(rfc('508f7e553c06501d749a66fc28c6cac0b005746d97537fa85d9e40904efed29d')),
    );
  });

  it('gives the same digest fed in pieces of any size, across block boundaries', () => {
    const data = new Uint8Array(1000).map((_, i) => (i * 13 + 1) & 255);
    for (const [create, once] of [
      [createStreebog512, streebog512],
      [createStreebog256, streebog256],
    ] as const) {
      const whole = hex(once(data));
      for (const size of [1, 7, 63, 64, 65, 128, 999]) {
        const hash = create();
        for (let i = 0; i < data.length; i += size) hash.update(data.subarray(i, i + size));
        expect(hex(hash.digest())).toBe(whole);
      }
    }
  });

  it('distinguishes a message of exactly one block from its prefix', () => {
    const block = new Uint8Array(64).fill(0x61);
    expect(hex(streebog512(block))).not.toBe(hex(streebog512(block.subarray(0, 63))));
    expect(streebog512(new Uint8Array(0))).toHaveLength(64);
    expect(streebog256(new Uint8Array(0))).toHaveLength(32);
  });
});
