/** Decodes the base64 CMS of each file (the schema already checked the alphabet). */
export function decodeSignatures(signatures: ReadonlyArray<{ fileId: number; cms: string }>) {
  return signatures.map(({ fileId, cms }) => ({ fileId, cms: new Uint8Array(Buffer.from(cms, 'base64')) }));
}
