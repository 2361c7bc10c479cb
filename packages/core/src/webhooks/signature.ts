// HMAC-SHA256 through Web Crypto, so the same code runs in Node 20+, browsers, Deno and edge runtimes. Core's
// tsconfig has no DOM types, so the few members used are typed here.
interface HmacSubtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}
interface WebGlobals {
  crypto: { subtle: HmacSubtle };
  TextEncoder: new () => { encode(text: string): Uint8Array };
}
const web = globalThis as unknown as WebGlobals;

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Qoltanba-Signature';
/** Header carrying the event name (`document.signed`, ...). */
export const WEBHOOK_EVENT_HEADER = 'Qoltanba-Event';
/** Header carrying the delivery id (the same on every retry: deduplicate by it). */
export const WEBHOOK_DELIVERY_HEADER = 'Qoltanba-Delivery';
/** A receiver refuses a signature whose timestamp is further than this from its clock (replay window), seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function bytesOf(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? new web.TextEncoder().encode(data) : data;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

async function hmacHex(secret: string, data: Uint8Array): Promise<string> {
  const key = await web.crypto.subtle.importKey(
    'raw',
    bytesOf(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await web.crypto.subtle.sign('HMAC', key, data));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Compares two strings in time that depends only on their lengths (hex digests of equal length here). */
function equalConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * The `Qoltanba-Signature` header value for a webhook body: the server signs each attempt with the time it sends.
 *
 * @example await signWebhookPayload('whsec_...', body, Math.floor(Date.now() / 1000)) // 't=1767225600,v1=9a0f...'
 */
export async function signWebhookPayload(
  secret: string,
  rawBody: string | Uint8Array,
  timestampSeconds: number,
): Promise<string> {
  const t = Math.floor(timestampSeconds);
  const v1 = await hmacHex(secret, concat(bytesOf(`${t}.`), bytesOf(rawBody)));
  return `t=${t},v1=${v1}`;
}

/**
 * True when `header` (the `Qoltanba-Signature` value) signs `rawBody` (the exact bytes received, before any JSON
 * parsing) with `secret`, and its timestamp is within {@link WEBHOOK_TOLERANCE_SECONDS} of `now` (either way), so a
 * captured request cannot be replayed later. Any one `v1` entry may match (several appear while a secret rotates).
 *
 * @example if (!(await verifyWebhookSignature(secret, req.headers['qoltanba-signature'], rawBody))) return 400;
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  now: Date | number = Date.now(),
): Promise<boolean> {
  if (!header || !secret) return false;
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value !== undefined) timestamp = value;
    else if (name === 'v1' && value !== undefined) candidates.push(value.toLowerCase());
  }
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp) || candidates.length === 0) return false;
  const nowSeconds = Math.floor((typeof now === 'number' ? now : now.getTime()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = await hmacHex(secret, concat(bytesOf(`${timestamp}.`), bytesOf(rawBody)));
  let matched = false;
  for (const candidate of candidates) matched = equalConstantTime(candidate, expected) || matched;
  return matched;
}
