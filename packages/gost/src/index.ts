/** GOST primitives of Kazakhstan's PKI: hashes, curves, GOST 34.310-2004 and 34.10-2015 signatures. Pure, no I/O. */
export { GOST_CURVES, type GostCurve, type GostCurveName, type GostPoint } from './curve/curves.js';
export { createGost34311, gost34311 } from './hash/gost34311.js';
export type { IncrementalHash } from './hash/incremental-hash.js';
export { createStreebog256, createStreebog512, streebog256, streebog512 } from './hash/streebog.js';
export {
  decodeGostPublicKey,
  encodeGostPublicKey,
  generateGostPrivateKey,
  gostPrivateKeyFromBytes,
  gostPublicKey,
} from './keys.js';
export { GOST_OIDS } from './oids.js';
export {
  decodeGostSignature,
  digestToInteger,
  encodeGostSignature,
  type GostSignature,
  gostSign,
  gostVerify,
} from './sign.js';
