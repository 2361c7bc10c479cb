// The implementation this package shipped before the table-driven rewrite, kept unchanged as a test oracle.
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

/** Byte-wise tables of the round function (substitution then rotation left by 11), one per input byte. */
export type RoundTables = readonly [Uint32Array, Uint32Array, Uint32Array, Uint32Array];

/** Expands an S-box into the four byte tables the round function reads. */
export function roundTables(sbox: SBox): RoundTables {
  const table = (byteIndex: number): Uint32Array => {
    const low = sbox[2 * byteIndex] ?? [];
    const high = sbox[2 * byteIndex + 1] ?? [];
    const out = new Uint32Array(256);
    for (let b = 0; b < 256; b += 1) {
      const substituted = (((high[b >>> 4] ?? 0) << 4) | (low[b & 15] ?? 0)) << (8 * byteIndex);
      out[b] = ((substituted << 11) | (substituted >>> 21)) >>> 0;
    }
    return out;
  };
  return [table(0), table(1), table(2), table(3)];
}

/**
 * Encrypts one 64-bit block (low word `n1`, high word `n2`) with the 256-bit key `key` (eight little-endian words) in
 * simple substitution (ECB) mode, writing the low and high output words to `out[offset]` and `out[offset + 1]`.
 */
export function encryptBlock(
  tables: RoundTables,
  key: Uint32Array,
  n1: number,
  n2: number,
  out: Uint32Array,
  offset: number,
): void {
  const [t0, t1, t2, t3] = tables;
  let a = n1;
  let b = n2;
  for (let round = 0; round < 32; round += 1) {
    const k = key[round < 24 ? round & 7 : 31 - round] ?? 0;
    const x = (a + k) >>> 0;
    const f =
      (t0[x & 255] ?? 0) ^ (t1[(x >>> 8) & 255] ?? 0) ^ (t2[(x >>> 16) & 255] ?? 0) ^ (t3[x >>> 24] ?? 0);
    const next = (b ^ f) >>> 0;
    b = a;
    a = next;
  }
  // The last round does not swap the halves.
  out[offset] = b;
  out[offset + 1] = a;
}
