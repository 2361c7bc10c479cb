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
    if (hex.length > 8 * this.limbs || value < 0n) throw new RangeError('field element out of range');
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
 * k1 G + k2 Q on a curve with a = -3 over a WebAssembly field, from the wNAF digits of both scalars: the odd
 * multiples of G are written into the module once (affine), those of Q are computed in it per call and stay
 * Jacobian (full additions cost less than the inversion that would make them affine).
 */
export class WasmTwoScalar {
  private readonly view: WasmFieldView;
  private readonly baseSlot: number;
  private readonly baseCount: number;
  private readonly keySlot: number;
  private readonly keyCount: number;
  private readonly twiceSlot: number;
  private readonly zeroSlot: number;

  constructor(view: WasmFieldView, base: OddMultiples, keyCount: number) {
    this.view = view;
    this.baseSlot = SLOT.tables;
    this.baseCount = base.plus.length;
    const all = [...base.plus, ...base.minus];
    for (const [i, point] of all.entries()) {
      view.write(this.baseSlot + 2 * i, point.x);
      view.write(this.baseSlot + 2 * i + 1, point.y);
    }
    this.keySlot = this.baseSlot + 4 * this.baseCount;
    this.keyCount = keyCount;
    this.twiceSlot = this.keySlot + 6 * keyCount;
    this.zeroSlot = this.twiceSlot + 3;
    view.write(this.zeroSlot, 0n);
    if ((this.zeroSlot + 1) * view.bytes > view.wasm.memory.buffer.byteLength)
      throw new RangeError('the WebAssembly tables do not fit its memory');
  }

  /**
   * The Jacobian (x, y, z) of k1 G + k2 Q, z = 0 for the point at infinity, from wnaf(k1) (width matching the
   * base table) and wnaf(k2) (width matching keyCount); q is a point of the curve.
   */
  multiply(naf1: Int16Array, naf2: Int16Array, q: GostPoint): { x: bigint; y: bigint; z: bigint } {
    const view = this.view;
    const { dbl, madd, jadd } = view.wasm;
    this.keyTable(q);
    let infinity = true;
    const add = (slot: number, jacobian: boolean) => {
      if (infinity) {
        view.copy(SLOT.x, slot);
        view.copy(SLOT.y, slot + 1);
        if (jacobian) view.copy(SLOT.z, slot + 2);
        else view.write(SLOT.z, 1n);
        infinity = false;
        return;
      }
      const outcome = jacobian ? jadd(view.at(slot)) : madd(view.at(slot));
      if (outcome === 1) infinity = true;
      else if (outcome === 2) dbl();
    };
    for (let i = Math.max(naf1.length, naf2.length) - 1; i >= 0; i -= 1) {
      if (!infinity) dbl();
      const d1 = naf1[i] ?? 0;
      if (d1 !== 0) add(this.baseSlot + 2 * entryIndex(this.baseCount, d1), false);
      const d2 = naf2[i] ?? 0;
      if (d2 !== 0) add(this.keySlot + 3 * entryIndex(this.keyCount, d2), true);
    }
    if (infinity) return { x: 1n, y: 1n, z: 0n };
    return { x: view.read(SLOT.x), y: view.read(SLOT.y), z: view.read(SLOT.z) };
  }

  /** Q, 3Q, ..., (2 keyCount - 1) Q and their negatives, Jacobian, three slots each. */
  private keyTable(q: GostPoint): void {
    const view = this.view;
    const { dbl, jadd, sub } = view.wasm;
    const first = this.keySlot;
    view.write(first, q.x);
    view.write(first + 1, q.y);
    view.write(first + 2, 1n);
    for (let j = 0; j < 3; j += 1) view.copy(SLOT.x + j, first + j);
    dbl();
    for (let j = 0; j < 3; j += 1) {
      view.copy(this.twiceSlot + j, SLOT.x + j);
      view.copy(SLOT.x + j, first + j);
    }
    for (let i = 1; i < this.keyCount; i += 1) {
      if (jadd(view.at(this.twiceSlot)) !== 0) throw new RangeError('point of too small order');
      for (let j = 0; j < 3; j += 1) view.copy(first + 3 * i + j, SLOT.x + j);
    }
    for (let i = 0; i < this.keyCount; i += 1) {
      const from = first + 3 * i;
      const to = first + 3 * (this.keyCount + i);
      view.copy(to, from);
      sub(view.at(to + 1), view.at(this.zeroSlot), view.at(from + 1));
      view.copy(to + 2, from + 2);
    }
  }
}

/** Index of the table entry for a non-zero wNAF digit: the positive multiples first, then the negatives. */
function entryIndex(count: number, digit: number): number {
  const index = digit > 0 ? (digit - 1) >> 1 : count + ((-digit - 1) >> 1);
  if ((digit > 0 && index >= count) || index >= 2 * count)
    throw new RangeError(`wNAF digit ${digit} outside its table`);
  return index;
}
