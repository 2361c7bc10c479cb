import type { DocumentSort, SortOrder } from './lists';

// Core's tsconfig has no DOM types: the few platform members used (in browsers and Node alike) are typed here.
const web = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
  btoa(binary: string): string;
  atob(base64: string): string;
};

/** Where the next page of a document list starts: the last row's sort value and id, for one sort and order. */
export interface DocumentListCursor {
  s: DocumentSort;
  o: SortOrder;
  v: string | number;
  i: number;
}

/** An opaque cursor: base64url (no padding) of the UTF-8 JSON of `cursor`; names in any script survive it. */
export function encodeListCursor(cursor: DocumentListCursor): string {
  const bytes = new web.TextEncoder().encode(JSON.stringify(cursor));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return web.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The cursor `raw` made by {@link encodeListCursor} for this `sort` and `order`, or undefined when it is garbage,
 * made for another sort or order, or its value does not fit the sort (a safe integer for `number`, a date for
 * `createdAt` and `updatedAt`, text for `name`). The caller refuses undefined with VALIDATION_FAILED.
 */
export function decodeListCursor(
  raw: string,
  sort: DocumentSort,
  order: SortOrder,
): DocumentListCursor | undefined {
  let value: unknown;
  try {
    const binary = web.atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (character: string) => character.charCodeAt(0));
    value = JSON.parse(new web.TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { s, o, v, i } = value as Record<string, unknown>;
  if (s !== sort || o !== order || typeof i !== 'number' || !Number.isSafeInteger(i) || i < 1)
    return undefined;
  if (sort === 'number' ? !Number.isSafeInteger(v) : typeof v !== 'string') return undefined;
  if ((sort === 'createdAt' || sort === 'updatedAt') && Number.isNaN(Date.parse(v as string)))
    return undefined;
  return { s: sort, o: order, v: v as string | number, i };
}
