import { gostSigningKeyFromSeed } from './gost-keys';
import { ecdsaSigningKey, rsaSigningKey } from './node-keys';
import type { KeyAlgorithm, SigningKey } from './signing-key';

/** A fresh key of the family, or the same key for the same seed (RSA: cached for the process). */
export function generateSigningKey(algorithm: KeyAlgorithm, seed?: string): SigningKey {
  switch (algorithm) {
    case 'rsa':
      return rsaSigningKey(seed);
    case 'ecdsa':
      return ecdsaSigningKey(seed);
    case 'gost2015':
    case 'gost2004':
      return gostSigningKeyFromSeed(algorithm, seed);
  }
}
