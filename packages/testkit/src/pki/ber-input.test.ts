import { describe, expect, it } from 'vitest';
import { berInput } from './ber-input';

describe('berInput', () => {
  it('passes an ArrayBuffer-backed view through untouched', () => {
    const bytes = new Uint8Array([0x30, 0x00]);
    expect(berInput(bytes)).toBe(bytes);
  });

  it('copies a view of a SharedArrayBuffer into an ArrayBuffer-backed one', () => {
    const shared = new Uint8Array(new SharedArrayBuffer(2));
    shared.set([0x30, 0x00]);
    const copy = berInput(shared);
    expect(copy.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...copy]).toEqual([0x30, 0x00]);
  });
});
