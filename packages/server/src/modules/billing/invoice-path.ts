import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../crypto/derive-key.js';
import { isRowId } from '../../db/row-id.js';

const PURPOSE = { salt: 'qoltanba-billing', info: 'payment-invoice-path-v1' };

/** Signs and checks the public download paths of invoices with a key derived from the server's secret. */
export interface InvoicePaths {
  /** The unguessable path of invoice `id`: `<id>.<HMAC>`; the same every time it is asked for. */
  pathOf(id: number): string;
  /** The invoice id a path names when its signature is right, else undefined (a guessed path). */
  idOf(path: string): number | undefined;
}

/** Invoice paths signed with a key derived from `secret` (nothing is stored; rotating the secret retires them). */
export function invoicePaths(secret: string): InvoicePaths {
  const key = deriveKey(secret, PURPOSE);
  const mac = (id: number) => createHmac('sha256', key).update(`invoice:${id}`, 'utf8').digest();
  return {
    pathOf: (id) => `${id}.${mac(id).toString('base64url')}`,
    idOf(path) {
      const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(path);
      if (!match) return undefined;
      const id = Number(match[1]);
      if (!isRowId(id)) return undefined;
      const given = Buffer.from(match[2] ?? '', 'base64url');
      const expected = mac(id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
