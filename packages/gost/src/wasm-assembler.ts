// The few pieces of WebAssembly's binary format this package's modules are assembled from (no binary in the
// repository, no toolchain): LEB128 numbers, sections, the instructions they use, and instantiation.

export const I32 = 0x7f;
export const I64 = 0x7e;

/** Unsigned LEB128 of a 32-bit number. */
export function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit number. */
export function sleb(value: number): number[] {
  return slebBig(BigInt(value | 0));
}

/** Signed LEB128 of a 64-bit two's complement number (a bigint in [-2^63, 2^64)). */
export function slebBig(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asIntN(64, value);
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

export const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
export const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
export const exportName = (s: string): number[] => [
  ...uleb(s.length),
  ...Array.from(s, (c) => c.charCodeAt(0)),
];

export const get = (index: number): number[] => [0x20, ...uleb(index)];
export const set = (index: number): number[] => [0x21, ...uleb(index)];
export const tee = (index: number): number[] => [0x22, ...uleb(index)];
export const i32 = (value: number): number[] => [0x41, ...sleb(value)];
export const i64 = (value: number | bigint): number[] => [0x42, ...slebBig(BigInt(value))];
export const load64 = (offset: number): number[] => [0x29, 3, ...uleb(offset)];
export const store64 = (offset: number): number[] => [0x37, 3, ...uleb(offset)];
/** i64.load32_u: a 32-bit word zero-extended. */
export const load32u = (offset: number): number[] => [0x35, 2, ...uleb(offset)];
/** i64.store32: the low 32 bits. */
export const store32 = (offset: number): number[] => [0x3e, 2, ...uleb(offset)];
export const call = (index: number): number[] => [0x10, ...uleb(index)];

export const OP = {
  I32_EQZ: 0x45,
  I32_NE: 0x47,
  I32_ADD: 0x6a,
  I32_SUB: 0x6b,
  I32_AND: 0x71,
  I32_OR: 0x72,
  I32_SHL: 0x74,
  I64_EQZ: 0x50,
  I64_EQ: 0x51,
  I64_LT_U: 0x54,
  I64_ADD: 0x7c,
  I64_SUB: 0x7d,
  I64_MUL: 0x7e,
  I64_AND: 0x83,
  I64_OR: 0x84,
  I64_XOR: 0x85,
  I64_SHL: 0x86,
  I64_SHR_S: 0x87,
  I64_SHR_U: 0x88,
  I32_WRAP_I64: 0xa7,
  I64_EXTEND_I32_U: 0xad,
  SELECT: 0x1b,
  IF_EMPTY: [0x04, 0x40],
  END: 0x0b,
  RETURN: 0x0f,
} as const;

/** One function of a module: its type index, local declarations ([count, type] groups) and instructions. */
export interface WasmFunction {
  type: number;
  locals: [number, number][];
  code: number[];
}

/**
 * A module with one exported memory of `pages` 64 kB pages, the given function types ([params, results]) and
 * functions, each exported under its name (or not, for a null name).
 */
export function assembleModule(
  pages: number,
  types: [number[], number[]][],
  functions: [string | null, WasmFunction][],
): Uint8Array {
  const typeSection = vector(
    types.map(([params, results]) => [
      0x60,
      ...vector(params.map((t) => [t])),
      ...vector(results.map((t) => [t])),
    ]),
  );
  const functionSection = vector(functions.map(([, f]) => uleb(f.type)));
  const memory = vector([[0x00, ...uleb(pages)]]);
  const exports: number[][] = [[...exportName('memory'), 0x02, 0]];
  for (const [index, [name]] of functions.entries())
    if (name !== null) exports.push([...exportName(name), 0x00, ...uleb(index)]);
  const code = vector(
    functions.map(([, f]) => {
      const body = [...vector(f.locals.map(([count, type]) => [...uleb(count), type])), ...f.code, OP.END];
      return [...uleb(body.length), ...body];
    }),
  );
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    1,
    0,
    0,
    0,
    ...section(1, typeSection),
    ...section(3, functionSection),
    ...section(5, memory),
    ...section(7, vector(exports)),
    ...section(10, code),
  ]);
}

/** The part of the WebAssembly API used here (this package's compiler settings carry no DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/**
 * The exports of a module instantiated from `bytes`, or undefined where WebAssembly is unavailable, the platform
 * is big-endian (the modules read words little-endian) or the engine refuses the module.
 */
export function instantiate(bytes: Uint8Array): unknown {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api || new Uint8Array(Uint32Array.of(1).buffer)[0] !== 1) return undefined;
  try {
    return new api.Instance(new api.Module(bytes), {}).exports;
  } catch {
    return undefined;
  }
}
