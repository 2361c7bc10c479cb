// Streebog's compression function as a small WebAssembly module, assembled here from the opcodes below at first
// use (no binary in the repository, no toolchain): 64-bit table lookups make LPS 64 loads instead of the 128 that
// 32-bit JavaScript needs. The tables and constants are the ones streebog.ts computes, copied into the module's
// memory. When WebAssembly is missing (or the platform is big-endian) streebog.ts keeps its JavaScript rounds.

import {
  assembleModule,
  call,
  get,
  I32,
  I64,
  i32,
  i64,
  instantiate,
  load64,
  OP,
  set,
  store64,
  tee,
  type WasmFunction,
} from '../wasm-assembler.js';

/** Byte offsets in the module's memory. */
export const LAYOUT = {
  /** The eight LPS tables: 8 x 256 rows of 64 bits, the same bytes as streebog.ts's interleaved TABLE. */
  table: 0,
  /** The twelve round constants C1..C12, 64 bytes each. */
  constants: 16_384,
  h: 17_152,
  n: 17_216,
  sigma: 17_280,
  k: 17_344,
  state: 17_408,
  /** 512 as a 512-bit number: the block counter's step. */
  blockBits: 17_472,
  /** Where update() copies input blocks: 64 kB. */
  input: 65_536,
  inputBytes: 65_536,
} as const;

/** The module's exports. */
export interface StreebogWasm {
  memory: { buffer: ArrayBuffer };
  /** Absorbs `count` 64-byte blocks at `pointer`: h := g_N(h, m), N += 512, Sigma += m for each. */
  blocks(pointer: number, count: number): void;
}

const I32_ADD = OP.I32_ADD;
const I32_SUB = OP.I32_SUB;
const I32_AND = OP.I32_AND;
const I32_SHL = OP.I32_SHL;
const I32_OR = OP.I32_OR;
const I64_ADD = OP.I64_ADD;
const I64_XOR = OP.I64_XOR;
const I64_SHR_U = OP.I64_SHR_U;
const I64_LT_U = OP.I64_LT_U;
const I64_EXTEND_I32_U = OP.I64_EXTEND_I32_U;
const I32_WRAP_I64 = OP.I32_WRAP_I64;

/** lps(dst, a, b): dst := LPS(a xor b); params 0..2, locals 3..10 hold the eight words of a xor b. */
function lpsBody(): WasmFunction {
  const code: number[] = [];
  for (let i = 0; i < 8; i += 1)
    code.push(...get(1), ...load64(8 * i), ...get(2), ...load64(8 * i), I64_XOR, ...set(3 + i));
  for (let j = 0; j < 8; j += 1) {
    code.push(...get(0));
    for (let k = 0; k < 8; k += 1) {
      code.push(...get(3 + k));
      if (j > 0) code.push(...i64(8 * j), I64_SHR_U);
      code.push(I32_WRAP_I64, ...i32(255), I32_AND, ...i32(3), I32_SHL, ...load64(LAYOUT.table + 2048 * k));
      if (k > 0) code.push(I64_XOR);
    }
    code.push(...store64(8 * j));
  }
  return { type: 0, locals: [[8, I64]], code };
}

/** compress(h, n, m): h := g_N(h, m); local 3 counts rounds, local 4 points at the round constant. */
function compressBody(): WasmFunction {
  const { k, state, constants } = LAYOUT;
  const code: number[] = [
    ...i32(k),
    ...get(0),
    ...get(1),
    ...call(0),
    ...i32(state),
    ...i32(k),
    ...get(2),
    ...call(0),
    ...i32(constants),
    ...set(4),
    0x03,
    0x40, // loop
    ...i32(k),
    ...i32(k),
    ...get(4),
    ...call(0),
    ...i32(state),
    ...i32(state),
    ...i32(k),
    ...call(0),
    ...get(4),
    ...i32(64),
    I32_ADD,
    ...set(4),
    ...get(4),
    ...i32(constants + 11 * 64),
    0x47,
    0x0d,
    0, // br_if 0 while pointer != C12
    0x0b,
    ...i32(k),
    ...i32(k),
    ...get(4),
    ...call(0),
  ];
  for (let w = 0; w < 8; w += 1) {
    code.push(
      ...get(0),
      ...i32(state),
      ...load64(8 * w),
      ...i32(k),
      ...load64(8 * w),
      I64_XOR,
      ...get(0),
      ...load64(8 * w),
      I64_XOR,
      ...get(2),
      ...load64(8 * w),
      I64_XOR,
      ...store64(8 * w),
    );
  }
  return { type: 0, locals: [[2, I32]], code };
}

/** add(dst, src): dst := dst + src mod 2^512; local 2 is the carry, 3 a sum, 4 the partial sum. */
function addBody(): WasmFunction {
  const code: number[] = [...i64(0), ...set(2)];
  for (let w = 0; w < 8; w += 1) {
    // partial = dst[w] + src[w]; carry1 = partial < dst[w]; sum = partial + carry; carry = carry1 | (sum < partial)
    code.push(
      ...get(0),
      ...load64(8 * w),
      ...get(1),
      ...load64(8 * w),
      I64_ADD,
      ...set(4),
      ...get(4),
      ...get(0),
      ...load64(8 * w),
      I64_LT_U,
      ...get(4),
      ...get(2),
      I64_ADD,
      ...set(3),
      ...get(3),
      ...get(4),
      I64_LT_U,
      I32_OR,
      I64_EXTEND_I32_U,
      ...set(2),
      ...get(0),
      ...get(3),
      ...store64(8 * w),
    );
  }
  return { type: 1, locals: [[3, I64]], code };
}

/** blocks(pointer, count). */
function blocksBody(): WasmFunction {
  const { h, n, sigma, blockBits } = LAYOUT;
  const code: number[] = [
    0x02,
    0x40, // block
    ...get(1),
    0x45,
    0x0d,
    0, // br_if 0 when count = 0
    0x03,
    0x40, // loop
    ...i32(h),
    ...i32(n),
    ...get(0),
    ...call(1),
    ...i32(n),
    ...i32(blockBits),
    ...call(2),
    ...i32(sigma),
    ...get(0),
    ...call(2),
    ...get(0),
    ...i32(64),
    I32_ADD,
    ...set(0),
    ...get(1),
    ...i32(1),
    I32_SUB,
    ...tee(1), // count
    0x0d,
    0, // br_if 0 (the loop) while count != 0
    0x0b,
    0x0b,
  ];
  return { type: 1, locals: [], code };
}

function moduleBytes(): Uint8Array {
  return assembleModule(
    2,
    [
      [[I32, I32, I32], []],
      [[I32, I32], []],
    ],
    [
      [null, lpsBody()],
      [null, compressBody()],
      [null, addBody()],
      ['blocks', blocksBody()],
    ],
  );
}

/**
 * Instantiates the module with the LPS table and round constants (as streebog.ts lays them out in 32-bit words),
 * or returns undefined where WebAssembly is unavailable or the platform is big-endian.
 */
export function instantiateStreebogWasm(
  table: Int32Array,
  constants: readonly Int32Array[],
): StreebogWasm | undefined {
  const wasm = instantiate(moduleBytes()) as StreebogWasm | undefined;
  if (!wasm) return undefined;
  const words = new Int32Array(wasm.memory.buffer);
  words.set(table, LAYOUT.table / 4);
  for (const [i, c] of constants.entries()) words.set(c, LAYOUT.constants / 4 + 16 * i);
  words[LAYOUT.blockBits / 4] = 512;
  return wasm;
}
