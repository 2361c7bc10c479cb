import type { GostPoint } from './curves.js';
import { instantiateWasmField, SLOT, type WasmField } from './field-wasm.js';

/** Odd multiples of a point and their negatives, as the wNAF loops index them. */
export interface OddMultiples {
  plus: GostPoint[];
  minus: GostPoint[];
}

/** A field of p = 2^(32n) - c in WebAssembly, with bigint conversions at the edges (see field-wasm.ts). */
export class WasmFieldView {
  readonly wasm: WasmField;
  readonly limbs: number;
  /** Bytes per element. */
  readonly bytes: number;
  private readonly words: Uint32Array;

  constructor(wasm: WasmField, limbs: number) {
    this.wasm = wasm;
    this.limbs = limbs;
    this.bytes = 4 * limbs;
    this.words = new Uint32Array(wasm.memory.buffer);
  }

  /** Byte offset of a slot. */
  at(slot: number): number {
    return slot * this.bytes;
  }

  /** Stores 0 <= value < 2^(32n) in a slot (as is: the caller keeps it below p where it must be). */
  write(slot: number, value: bigint): void {
    const hex = value.toString(16).padStart(8 * this.limbs, '0');
    const base = slot * this.limbs;
    for (let i = 0; i < this.limbs; i += 1) {
      const end = hex.length - 8 * i;
      this.words[base + i] = Number.parseInt(hex.slice(end - 8, end), 16);
    }
  }

  read(slot: number): bigint {
    let hex = '';
    const base = slot * this.limbs;
    for (let i = this.limbs - 1; i >= 0; i -= 1)
      hex += (this.words[base + i] ?? 0).toString(16).padStart(8, '0');
    return BigInt(`0x${hex}`);
  }

  copy(to: number, from: number): void {
    this.words.copyWithin(to * this.limbs, from * this.limbs, (from + 1) * this.limbs);
  }
}

/** The WebAssembly field of p, or undefined (see instantiateWasmField). */
export function wasmFieldView(p: bigint): WasmFieldView | undefined {
  const wasm = instantiateWasmField(p);
  return wasm ? new WasmFieldView(wasm, p.toString(2).length / 32) : undefined;
}

/**
 * k1 G + k2 Q on a curve with a = -3 over a WebAssembly field, from the wNAF digits of both scalars and the odd
 * multiples of G and Q: the base table is written into the module once, the key's per call.
 */
export class WasmTwoScalar {
  private readonly view: WasmFieldView;
  private readonly baseSlot: number;
  private readonly baseCount: number;
  private readonly keySlot: number;

  constructor(view: WasmFieldView, base: OddMultiples) {
    this.view = view;
    this.baseSlot = SLOT.tables;
    this.baseCount = base.plus.length;
    this.writeTable(this.baseSlot, base);
    this.keySlot = this.baseSlot + 4 * this.baseCount;
  }

  /** The Jacobian (x, y, z) of the result, z = 0 for the point at infinity. */
  multiply(naf1: Int16Array, naf2: Int16Array, key: OddMultiples): { x: bigint; y: bigint; z: bigint } {
    const view = this.view;
    const { dbl, madd } = view.wasm;
    const keyCount = key.plus.length;
    this.writeTable(this.keySlot, key);
    let infinity = true;
    const addEntry = (slot: number) => {
      if (infinity) {
        view.copy(SLOT.x, slot);
        view.copy(SLOT.y, slot + 1);
        view.write(SLOT.z, 1n);
        infinity = false;
        return;
      }
      const outcome = madd(view.at(slot));
      if (outcome === 1) infinity = true;
      else if (outcome === 2) dbl();
    };
    for (let i = Math.max(naf1.length, naf2.length) - 1; i >= 0; i -= 1) {
      if (!infinity) dbl();
      const d1 = naf1[i] ?? 0;
      if (d1 !== 0) addEntry(this.entrySlot(this.baseSlot, this.baseCount, d1));
      const d2 = naf2[i] ?? 0;
      if (d2 !== 0) addEntry(this.entrySlot(this.keySlot, keyCount, d2));
    }
    if (infinity) return { x: 1n, y: 1n, z: 0n };
    return { x: view.read(SLOT.x), y: view.read(SLOT.y), z: view.read(SLOT.z) };
  }

  /** Slot of the table point for a non-zero digit: plus entries first, then minus, two slots each. */
  private entrySlot(start: number, count: number, digit: number): number {
    const index = digit > 0 ? (digit - 1) >> 1 : count + ((-digit - 1) >> 1);
    if (index >= 2 * count || (digit > 0 && index >= count))
      throw new RangeError(`wNAF digit ${digit} outside its table`);
    return start + 2 * index;
  }

  private writeTable(start: number, table: OddMultiples): void {
    const all = [...table.plus, ...table.minus];
    for (const [i, point] of all.entries()) {
      this.view.write(start + 2 * i, point.x);
      this.view.write(start + 2 * i + 1, point.y);
    }
  }
}
