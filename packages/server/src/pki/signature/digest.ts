import { createHash } from 'node:crypto';
import { OID } from '../oids.js';
import { NODE_HASHES } from './algorithms.js';
import { gostDigest } from './gost.js';

/** Thrown for an algorithm the engine does not implement. */
export class UnsupportedAlgorithmError extends Error {
  override readonly name = 'UnsupportedAlgorithmError';
}

/**
 * Content in one piece, or in the pieces it arrived in (an upload's chunks, so 30 MB are not copied into one
 * buffer only to be hashed).
 */
export type ContentBytes = Uint8Array | readonly Uint8Array[];

/** The content in one piece: itself, or its pieces joined (a copy). */
export function joinedBytes(content: ContentBytes): Uint8Array {
  if (content instanceof Uint8Array) return content;
  return content.length === 1 ? (content[0] as Uint8Array) : Buffer.concat(content);
}

/** The digest of `data` under the hash named by `oid` (SHA-1/2, GOST 34.311-95, Streebog-512). */
export function digest(oid: string, data: ContentBytes): Uint8Array {
  const nodeName = NODE_HASHES[oid];
  if (nodeName !== undefined) {
    const hash = createHash(nodeName);
    for (const piece of data instanceof Uint8Array ? [data] : data) hash.update(piece);
    return hash.digest();
  }
  if (oid === OID.gost34311 || oid === OID.streebog512) return gostDigest(oid, joinedBytes(data));
  throw new UnsupportedAlgorithmError(`digest algorithm ${oid}`);
}

/** The digests of one content by digest algorithm OID, each computed once: see {@link digestMemo}. */
export type ContentDigests = (oid: string) => Uint8Array;

/**
 * A memo so a document is hashed once per digest algorithm, whatever the signer count: one per verification, or
 * shared by every verification over the same bytes (several CMS of one original, pairing by messageDigest).
 * `known.sha256` (hex) must be the SHA-256 of exactly `data`.
 */
export function digestMemo(data: ContentBytes, known: { sha256?: string } = {}): ContentDigests {
  const done = new Map<string, Uint8Array>();
  // A SHA-256 the caller already has (an upload is hashed as it arrives) is not computed again.
  if (known.sha256 !== undefined) done.set(OID.sha256, Buffer.from(known.sha256, 'hex'));
  return (oid) => {
    let value = done.get(oid);
    if (value === undefined) {
      value = digest(oid, data);
      done.set(oid, value);
    }
    return value;
  };
}
