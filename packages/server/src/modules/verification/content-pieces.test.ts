import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContentPieces } from './content-pieces.js';

const joined = (pieces: readonly Buffer[]) => Buffer.concat(pieces);

describe('ContentPieces', () => {
  it('keeps large pieces as they are and the bytes in order', () => {
    const large = [randomBytes(70_000), randomBytes(1024)];
    const kept = new ContentPieces();
    for (const piece of large) kept.add(piece);
    expect(kept.pieces()).toHaveLength(2);
    expect(kept.pieces()[0]).toBe(large[0]);
    expect(joined(kept.pieces())).toEqual(joined(large));
  });

  it('copies small pieces, so a reused buffer changing later does not change what was kept', () => {
    const reused = Buffer.from('\r\n--');
    const kept = new ContentPieces();
    kept.add(reused);
    reused.fill(0x41);
    kept.add(randomBytes(2000));
    kept.add(reused);
    const bytes = joined(kept.pieces());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('\r\n--');
    expect(bytes.subarray(-4).toString('latin1')).toBe('AAAA');
  });

  it('gathers a body sent a few bytes at a time into few pieces, in order', () => {
    const body = randomBytes(300_000);
    const kept = new ContentPieces();
    for (let at = 0; at < body.length; at += 3) kept.add(body.subarray(at, at + 3));
    expect(kept.pieces().length).toBeLessThanOrEqual(Math.ceil(body.length / (63 * 1024)));
    expect(joined(kept.pieces())).toEqual(body);
  });

  it('mixes small and large pieces without losing or reordering bytes', () => {
    const sizes = [5, 3000, 7, 7, 65_536, 1, 1023, 1024, 2];
    const parts = sizes.map((size) => randomBytes(size));
    const kept = new ContentPieces();
    for (const part of parts) kept.add(part);
    expect(joined(kept.pieces())).toEqual(joined(parts));
    // Asking twice changes nothing.
    expect(joined(kept.pieces())).toEqual(joined(parts));
  });
});
