import { constants, type KeyObject, verify } from 'node:crypto';
import * as pkijs from 'pkijs';
import { OID } from '../oids.js';
import { type AlgorithmRef, NODE_HASHES, SIGNATURE_HASHES, signatureFamily } from './algorithms.js';
import { UnsupportedAlgorithmError } from './digest.js';
import { verifyGost } from './gost.js';
import type { PublicKeyHandle } from './public-key.js';

/** One signature to check: the algorithm as written, the signer's key, the signed bytes and the signature. */
export interface SignatureCheck {
  algorithm: AlgorithmRef;
  /** The digest OID to use when `algorithm` names only a key type (CMS often writes rsaEncryption). */
  digestAlgorithm?: string;
  key: PublicKeyHandle;
  data: Uint8Array;
  signature: Uint8Array;
}

function nodeHash(oid: string | undefined): string {
  const name = oid === undefined ? undefined : NODE_HASHES[oid];
  if (name === undefined) throw new UnsupportedAlgorithmError(`hash ${oid ?? '(none)'} with RSA/ECDSA`);
  return name;
}

function pssOptions(algorithm: AlgorithmRef): { hash: string; saltLength: number } {
  const params = algorithm.algorithmParams
    ? new pkijs.RSASSAPSSParams({ schema: algorithm.algorithmParams })
    : new pkijs.RSASSAPSSParams();
  const hash = params.hashAlgorithm.algorithmId;
  const mgf = params.maskGenAlgorithm;
  const mgfHash = mgf.algorithmParams
    ? new pkijs.AlgorithmIdentifier({ schema: mgf.algorithmParams })
    : undefined;
  // node:crypto uses the signature hash for MGF1 as well; any other combination is not verifiable here.
  if (mgf.algorithmId !== OID.mgf1 || (mgfHash !== undefined && mgfHash.algorithmId !== hash)) {
    throw new UnsupportedAlgorithmError('RSA-PSS with a different MGF1 hash');
  }
  return { hash: nodeHash(hash), saltLength: params.saltLength };
}

/**
 * Checks a signature with the key of the matching family. False for a wrong signature or a key of another
 * family; throws {@link UnsupportedAlgorithmError} for algorithms the engine does not know.
 */
export function verifySignature(check: SignatureCheck): boolean {
  const oid = check.algorithm.algorithmId;
  const family = signatureFamily(oid);
  if (family === null) throw new UnsupportedAlgorithmError(`signature algorithm ${oid}`);
  const handle: PublicKeyHandle = check.key;
  // A key of another family cannot have made this signature.
  const sameFamily: boolean = handle.family === family;
  if (!sameFamily) return false;
  if (handle.kind === 'gost') {
    return verifyGost(handle.key, check.data, check.signature);
  }
  return verifyNode(oid, handle.key, check);
}

function verifyNode(oid: string, key: KeyObject, check: SignatureCheck): boolean {
  if (oid === OID.rsaPss) {
    const { hash, saltLength } = pssOptions(check.algorithm);
    return verify(
      hash,
      check.data,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength },
      check.signature,
    );
  }
  const hash = nodeHash(SIGNATURE_HASHES[oid] ?? check.digestAlgorithm);
  return verify(hash, check.data, key, check.signature);
}
