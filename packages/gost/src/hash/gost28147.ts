/** A GOST 28147-89 substitution box: eight rows K1..K8 of 16 nibbles, K1 acting on the lowest nibble. */
export type SBox = readonly (readonly number[])[];

/** The "test" parameter set of GOST R 34.11-94 (id-GostR3411-94-TestParamSet), which GOST 34.311-95 uses. */
export const TEST_SBOX: SBox = [
  [4, 10, 9, 2, 13, 8, 0, 14, 6, 11, 1, 12, 7, 15, 5, 3],
  [14, 11, 4, 12, 6, 13, 15, 10, 2, 3, 8, 1, 0, 7, 5, 9],
  [5, 8, 1, 13, 10, 3, 4, 2, 14, 15, 12, 7, 6, 0, 9, 11],
  [7, 13, 10, 1, 0, 8, 9, 15, 14, 4, 6, 12, 11, 2, 5, 3],
  [6, 12, 7, 1, 5, 15, 13, 8, 4, 10, 9, 14, 0, 3, 11, 2],
  [4, 11, 10, 0, 7, 2, 1, 13, 3, 6, 8, 5, 9, 12, 15, 14],
  [13, 11, 4, 1, 3, 15, 5, 9, 0, 10, 14, 7, 6, 8, 2, 12],
  [1, 15, 13, 0, 5, 7, 10, 4, 9, 2, 3, 14, 6, 11, 8, 12],
];

/**
 * The round function's substitution and rotation left by 11 as four byte tables of 256 entries in one Int32Array:
 * entry 256i + b is the contribution of byte i of the input having the value b (S-box pairs pre-combined).
 */
export function roundTable(sbox: SBox): Int32Array {
  const out = new Int32Array(1024);
  for (let byteIndex = 0; byteIndex < 4; byteIndex += 1) {
    const low = sbox[2 * byteIndex] ?? [];
    const high = sbox[2 * byteIndex + 1] ?? [];
    for (let b = 0; b < 256; b += 1) {
      const substituted = (((high[b >>> 4] ?? 0) << 4) | (low[b & 15] ?? 0)) << (8 * byteIndex);
      out[256 * byteIndex + b] = (substituted << 11) | (substituted >>> 21);
    }
  }
  return out;
}

/**
 * Encrypts one 64-bit block (low word `n1`, high word `n2`) with the 256-bit key `key` (eight little-endian words) in
 * simple substitution (ECB) mode, writing the low and high output words to `out[offset]` and `out[offset + 1]`.
 * The 32 rounds are unrolled (generated) with the halves alternating instead of swapping.
 */
export function encryptBlock(
  t: Int32Array,
  key: Int32Array,
  n1: number,
  n2: number,
  out: Int32Array,
  offset: number,
): void {
  const k0 = key[0] as number;
  const k1 = key[1] as number;
  const k2 = key[2] as number;
  const k3 = key[3] as number;
  const k4 = key[4] as number;
  const k5 = key[5] as number;
  const k6 = key[6] as number;
  const k7 = key[7] as number;
  let a = n1 | 0;
  let b = n2 | 0;
  let x = 0;
  x = (a + k0) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k1) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k2) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k3) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k4) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k5) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k6) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k7) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k0) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k1) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k2) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k3) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k4) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k5) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k6) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k7) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k0) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k1) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k2) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k3) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k4) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k5) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k6) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k7) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k7) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k6) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k5) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k4) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k3) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k2) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (a + k1) | 0;
  b ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);
  x = (b + k0) | 0;
  a ^=
    (t[x & 255] as number) ^
    (t[256 | ((x >>> 8) & 255)] as number) ^
    (t[512 | ((x >>> 16) & 255)] as number) ^
    (t[768 | (x >>> 24)] as number);

  // The last round does not swap the halves.
  out[offset] = b;
  out[offset + 1] = a;
}
