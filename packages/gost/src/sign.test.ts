import { describe, expect, it } from 'vitest';
import { bigIntToBytesLE } from './bytes.js';
import { GOST_CURVES, type GostCurveName } from './curve/curves.js';
import { generateGostPrivateKey, gostPublicKey } from './keys.js';
import { decodeGostSignature, digestToInteger, encodeGostSignature, gostSign, gostVerify } from './sign.js';

const h = (hex: string) => BigInt(`0x${hex}`);

/** The signature examples of the standards: RFC 5832 section 7.1 (256-bit), RFC 7091 appendix A.2 (512-bit). */
const EXAMPLES = [
  {
    curve: 'gost-test-256' as const,
    d: h('7A929ADE789BB9BE10ED359DD39A72C11B60961F49397EEE1D19CE9891EC3B28'),
    e: h('2DFBC1B372D89A1188C09C52E0EEC61FCE52032AB1022E8E67ECE6672B043EE5'),
    k: h('77105C9B20BCD3122823C8CF6FCC7B956DE33814E95B7FE64FED924594DCEAB3'),
    qx: h('7F2B49E270DB6D90D8595BEC458B50C58585BA1D4E9B788F6689DBD8E56FD80B'),
    qy: h('26F1B489D6701DD185C8413A977B3CBBAF64D1C593D26627DFFB101A87FF77DA'),
    r: h('41AA28D2F1AB148280CD9ED56FEDA41974053554A42767B83AD043FD39DC0493'),
    s: h('01456C64BA4642A1653C235A98A60249BCD6D3F746B631DF928014F6C5BF9C40'),
  },
  {
    curve: 'gost-test-512' as const,
    d: h(
      '0BA6048AADAE241BA40936D47756D7C93091A0E8514669700EE7508E508B102072E8123B2200A0563322DAD2827E2714A2636B7BFD18AADFC62967821FA18DD4',
    ),
    e: h(
      '3754F3CFACC9E0615C4F4A7C4D8DAB531B09B6F9C170C533A71D147035B0C5917184EE536593F4414339976C647C5D5A407ADEDB1D560C4FC6777D2972075B8C',
    ),
    k: h(
      '0359E7F4B1410FEACC570456C6801496946312120B39D019D455986E364F365886748ED7A44B3E794434006011842286212273A6D14CF70EA3AF71BB1AE679F1',
    ),
    qx: h(
      '115DC5BC96760C7B48598D8AB9E740D4C4A85A65BE33C1815B5C320C854621DD5A515856D13314AF69BC5B924C8B4DDFF75C45415C1D9DD9DD33612CD530EFE1',
    ),
    qy: h(
      '37C7C90CD40B0F5621DC3AC1B751CFA0E2634FA0503B3D52639F5D7FB72AFD61EA199441D943FFE7F0C70A2759A3CDB84C114E1F9339FDF27F35ECA93677BEEC',
    ),
    r: h(
      '2F86FA60A081091A23DD795E1E3C689EE512A3C82EE0DCC2643C78EEA8FCACD35492558486B20F1C9EC197C90699850260C93BCBCD9C5C3317E19344E173AE36',
    ),
    s: h(
      '1081B394696FFE8E6585E7A9362D26B6325F56778AADBC081C0BFBE933D52FF5823CE288E8C4F362526080DF7F70CE406A6EEB1F56919CB92A9853BDE73E5B4A',
    ),
  },
];

describe.each(EXAMPLES)('the example of the standard on $curve', (example) => {
  const { curve } = example;
  const n = GOST_CURVES[curve].byteLength;
  // The examples give e; with the little-endian reading of digests, e's own little-endian bytes are its digest.
  const digest = bigIntToBytesLE(example.e, n);

  it('derives the public key', () => {
    expect(gostPublicKey(curve, example.d)).toEqual({ x: example.qx, y: example.qy });
  });

  it('signs with the given k to the given r and s', () => {
    expect(digestToInteger(curve, digest)).toBe(example.e);
    const signature = gostSign(curve, example.d, digest, example.k);
    expect(decodeGostSignature(curve, signature)).toEqual({ r: example.r, s: example.s });
  });

  it('verifies the given signature and no other', () => {
    const key = { x: example.qx, y: example.qy };
    const signature = encodeGostSignature(curve, { r: example.r, s: example.s });
    expect(gostVerify(curve, key, digest, signature)).toBe(true);
    expect(
      gostVerify(curve, key, digest, encodeGostSignature(curve, { r: example.r, s: example.s + 1n })),
    ).toBe(false);
    expect(gostVerify(curve, key, bigIntToBytesLE(example.e + 1n, n), signature)).toBe(false);
  });
});

describe.each(['tc26-512-a', 'cryptopro-a'] as const)('sign and verify on %s', (curve: GostCurveName) => {
  const { q, byteLength: n } = GOST_CURVES[curve];
  const privateKey = generateGostPrivateKey(curve);
  const publicKey = gostPublicKey(curve, privateKey);
  const digest = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 255);

  it('round-trips with random keys and nonces', () => {
    for (let i = 0; i < 3; i += 1) {
      const key = generateGostPrivateKey(curve);
      const signature = gostSign(curve, key, digest);
      expect(signature).toHaveLength(2 * n);
      expect(gostVerify(curve, gostPublicKey(curve, key), digest, signature)).toBe(true);
      expect(gostVerify(curve, publicKey, digest, signature)).toBe(false);
    }
  });

  it('draws a fresh nonce for each signature', () => {
    const a = gostSign(curve, privateKey, digest);
    const b = gostSign(curve, privateKey, digest);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(gostVerify(curve, publicKey, digest, a) && gostVerify(curve, publicKey, digest, b)).toBe(true);
  });

  it('refuses r or s out of [1, q - 1], and signatures of the wrong length', () => {
    const { r, s } = decodeGostSignature(curve, gostSign(curve, privateKey, digest)) ?? { r: 0n, s: 0n };
    const verify = (rr: bigint, ss: bigint) =>
      gostVerify(curve, publicKey, digest, encodeGostSignature(curve, { r: rr, s: ss }));
    expect(verify(r, s)).toBe(true);
    expect(verify(0n, s)).toBe(false);
    expect(verify(r, 0n)).toBe(false);
    const max = (1n << BigInt(8 * n)) - 1n;
    expect(verify(q, s)).toBe(false);
    expect(verify(r, q)).toBe(false);
    expect(verify(max, s)).toBe(false);
    expect(verify(r, max)).toBe(false);
    if (r + q <= max) expect(verify(r + q, s)).toBe(false);
    const signature = encodeGostSignature(curve, { r, s });
    expect(gostVerify(curve, publicKey, digest, signature.subarray(1))).toBe(false);
    expect(gostVerify(curve, publicKey, digest, new Uint8Array([...signature, 0]))).toBe(false);
  });

  it('refuses a public key off the curve', () => {
    const signature = gostSign(curve, privateKey, digest);
    expect(gostVerify(curve, { x: publicKey.x, y: publicKey.y + 1n }, digest, signature)).toBe(false);
  });

  it('refuses private keys and nonces out of range', () => {
    expect(() => gostSign(curve, 0n, digest)).toThrow(RangeError);
    expect(() => gostSign(curve, q, digest)).toThrow(RangeError);
    expect(() => gostSign(curve, privateKey, digest, q)).toThrow(RangeError);
  });

  it('maps a digest that is 0 mod q to e = 1', () => {
    expect(digestToInteger(curve, new Uint8Array(n))).toBe(1n);
    expect(digestToInteger(curve, bigIntToBytesLE(q, n))).toBe(1n);
  });
});
