import type { Lang } from '@qoltanba/core';
import { ApiError, parseApiError } from './apiError';

/** The part of a zod schema the sdk uses; core's response schemas (`profileSchema` …) satisfy it. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

// The server answered, but not what the contract says: a bad-gateway kind of failure. A 5xx status also
// keeps the session (initSession only logs out on 4xx) and lets the query layer retry.
const MALFORMED_RESPONSE_STATUS = 502;

/**
 * Checks a response body against core's schema of that call and returns the parsed value. A body that
 * does not match becomes ApiError INTERNAL_ERROR (status 502, the catalogue text in `lang`, the body and
 * the schema's issues attached) so that no store ever receives it.
 *
 * @example const profile = expectResponse(profileSchema, await api.get(PROFILE_PATHS.user).json(), 'kk');
 */
export function expectResponse<T>(schema: ResponseSchema<T>, body: unknown, lang: Lang): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { code, message } = parseApiError({ code: 'INTERNAL_ERROR' }, MALFORMED_RESPONSE_STATUS, lang);
  throw new ApiError(MALFORMED_RESPONSE_STATUS, code, message, { body, cause: result.error });
}

/**
 * Waits for a JSON body (e.g. wretch's `.json()`) and checks it with {@link expectResponse}; the error
 * text is in the language current when the body arrived.
 *
 * @example const list = await readResponse(api.get(PROFILE_PATHS.companies).json(), companyListSchema, client.lang);
 */
export async function readResponse<T>(
  pending: Promise<unknown>,
  schema: ResponseSchema<T>,
  getLang: () => Lang,
): Promise<T> {
  const body = await pending;
  return expectResponse(schema, body, getLang());
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Waits for a file preview's bytes (e.g. wretch's `.arrayBuffer()`) for pdf.js. Anything that is not a PDF
 * rejects with ApiError INTERNAL_ERROR (502), like a JSON answer that breaks the contract.
 */
export async function readPdf(pending: Promise<ArrayBuffer>, getLang: () => Lang): Promise<Uint8Array> {
  const bytes = new Uint8Array(await pending);
  if (PDF_MAGIC.every((byte, index) => bytes[index] === byte)) return bytes;
  const { code, message } = parseApiError({ code: 'INTERNAL_ERROR' }, MALFORMED_RESPONSE_STATUS, getLang());
  throw new ApiError(MALFORMED_RESPONSE_STATUS, code, message, { body: bytes.slice(0, 64) });
}
