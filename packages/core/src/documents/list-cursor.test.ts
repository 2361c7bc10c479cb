import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodeListCursor, encodeListCursor } from './list-cursor';

describe('document list cursor', () => {
  it.each([
    { s: 'name', o: 'asc', v: 'Договор поставки № 5 «Альфа»', i: 12 },
    { s: 'number', o: 'desc', v: 42, i: 7 },
    { s: 'createdAt', o: 'desc', v: '2026-03-02T06:00:00.000Z', i: 1 },
  ] as const)('round-trips %j as base64url without padding', (cursor) => {
    const raw = encodeListCursor(cursor);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(raw, cursor.s, cursor.o)).toEqual(cursor);
  });

  it("encodes as Node's base64url, so cursors the server handed out before stay valid", () => {
    const cursor = { s: 'name', o: 'asc', v: 'Ақша?>~ü', i: 3 } as const;
    const node = Buffer.from(JSON.stringify(cursor)).toString('base64url');
    expect(encodeListCursor(cursor)).toBe(node);
    expect(decodeListCursor(node, 'name', 'asc')).toEqual(cursor);
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', encode('nope')],
    ['not an object', encode('42')],
    ['another sort', encodeListCursor({ s: 'number', o: 'asc', v: 1, i: 1 })],
    ['another order', encodeListCursor({ s: 'name', o: 'desc', v: 'a', i: 1 })],
    ['an id of 0', encodeListCursor({ s: 'name', o: 'asc', v: 'a', i: 0 })],
    ['a fractional id', encode('{"s":"name","o":"asc","v":"a","i":1.5}')],
    ['a number for a name', encode('{"s":"name","o":"asc","v":1,"i":1}')],
  ])('refuses %s', (_case, raw) => {
    expect(decodeListCursor(raw, 'name', 'asc')).toBeUndefined();
  });

  it('refuses a value that does not fit the sort', () => {
    expect(
      decodeListCursor(encode('{"s":"number","o":"asc","v":"7","i":1}'), 'number', 'asc'),
    ).toBeUndefined();
    expect(
      decodeListCursor(encode('{"s":"createdAt","o":"asc","v":"yesterday","i":1}'), 'createdAt', 'asc'),
    ).toBeUndefined();
  });
});

function encode(text: string): string {
  return btoa(text).replace(/=+$/, '');
}
