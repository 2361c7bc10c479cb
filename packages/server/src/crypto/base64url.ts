/** Base64url as this server writes it: no padding, and nothing but the alphabet. */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The bytes of `text` when it is the canonical unpadded base64url of them, else undefined. Node's decoder is
 * lenient (it skips `=` and foreign characters and ignores the unused low bits of the last character), so one
 * token would have many spellings: a signature is accepted only in the one this server wrote.
 */
export function decodeBase64urlStrict(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}
