/** Reads `bytes` as an unsigned little-endian integer. */
export function bytesToBigIntLE(bytes: Uint8Array): bigint {
  let hex = '';
  for (let i = bytes.length - 1; i >= 0; i -= 1) hex += HEX[bytes[i] ?? 0];
  return hex ? BigInt(`0x${hex}`) : 0n;
}

/** Reads `bytes` as an unsigned big-endian integer. */
export function bytesToBigIntBE(bytes: Uint8Array): bigint {
  let hex = '';
  for (const byte of bytes) hex += HEX[byte];
  return hex ? BigInt(`0x${hex}`) : 0n;
}

/** Writes `value` (0 <= value < 2^(8*length)) as `length` little-endian bytes. */
export function bigIntToBytesLE(value: bigint, length: number): Uint8Array {
  return bigIntToBytesBE(value, length).reverse();
}

/** Writes `value` (0 <= value < 2^(8*length)) as `length` big-endian bytes. */
export function bigIntToBytesBE(value: bigint, length: number): Uint8Array {
  if (value < 0n || value >> BigInt(8 * length) !== 0n)
    throw new RangeError(`integer does not fit in ${length} bytes`);
  const hex = value.toString(16).padStart(2 * length, '0');
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
