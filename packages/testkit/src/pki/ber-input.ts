/**
 * The bytes as pkijs's `fromBER` accepts them under every `lib` setting: with the DOM lib (the e2e tests type-check
 * the testkit from source) a `BufferSource` must be backed by an ArrayBuffer, not a SharedArrayBuffer.
 */
export function berInput(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
