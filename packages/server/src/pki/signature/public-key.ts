import { createPublicKey, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { asBytes, decodeDer } from '../der.js';
import { signatureFamily } from './algorithms.js';
import { UnsupportedAlgorithmError } from './digest.js';
import { type GostPublicKey, gostCurveOfKey, gostPublicKey } from './gost.js';

/** A public key ready to verify: a node:crypto KeyObject for RSA/ECDSA, a decoded point for GOST. */
export type PublicKeyHandle =
  | { kind: 'node'; family: 'RSA' | 'ECDSA'; key: KeyObject }
  | { kind: 'gost'; family: 'GOST2004' | 'GOST2015'; key: GostPublicKey };

/** Imports a certificate's SubjectPublicKeyInfo once; callers cache the handle per certificate. */
export function importPublicKey(spki: pkijs.PublicKeyInfo): PublicKeyHandle {
  const keyOid = spki.algorithm.algorithmId;
  const family = signatureFamily(keyOid);
  if (family === 'RSA' || family === 'ECDSA') {
    const der = Buffer.from(spki.toSchema().toBER(false));
    return { kind: 'node', family, key: createPublicKey({ key: der, format: 'der', type: 'spki' }) };
  }
  const curve = gostCurveOfKey(keyOid);
  if (curve === null || (family !== 'GOST2004' && family !== 'GOST2015')) {
    throw new UnsupportedAlgorithmError(`public key algorithm ${keyOid}`);
  }
  const inner = decodeDer(spki.subjectPublicKey.valueBlock.valueHexView, 'GOST public key');
  if (!(inner instanceof asn1js.OctetString))
    throw new UnsupportedAlgorithmError('GOST public key is not an OCTET STRING');
  return { kind: 'gost', family, key: gostPublicKey(curve, asBytes(inner.valueBlock.valueHexView)) };
}
