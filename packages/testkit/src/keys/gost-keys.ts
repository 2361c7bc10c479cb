import type { SigningKey } from './signing-key';

/** GOST keys arrive with @qoltanba/gost. */
export function gostSigningKeyFromSeed(algorithm: 'gost2015' | 'gost2004', _seed?: string): SigningKey {
  throw new Error(`${algorithm} keys need @qoltanba/gost`);
}

/** GOST keys arrive with @qoltanba/gost. */
export function gostSigningKeyFromPrivateKey(
  algorithm: 'gost2015' | 'gost2004',
  _raw: Uint8Array,
  _publicKeyInfoDer: Uint8Array,
): SigningKey {
  throw new Error(`${algorithm} keys need @qoltanba/gost`);
}
