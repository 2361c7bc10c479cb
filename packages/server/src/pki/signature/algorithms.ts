import type { SignatureType } from '@qoltanba/core';
import type * as asn1js from 'asn1js';
import { OID } from '../oids.js';

/** An AlgorithmIdentifier: the OID and its parameters as decoded (pkijs's `AlgorithmIdentifier` has this shape). */
export interface AlgorithmRef {
  algorithmId: string;
  algorithmParams?: asn1js.AsnType;
}

/** node:crypto hash names of the digest OIDs it can compute. */
export const NODE_HASHES: Readonly<Record<string, string>> = {
  [OID.sha1]: 'sha1',
  [OID.sha224]: 'sha224',
  [OID.sha256]: 'sha256',
  [OID.sha384]: 'sha384',
  [OID.sha512]: 'sha512',
};

/** Signature algorithm OIDs that name their hash, with that hash's OID. */
export const SIGNATURE_HASHES: Readonly<Record<string, string>> = {
  [OID.sha1WithRsa]: OID.sha1,
  [OID.sha224WithRsa]: OID.sha224,
  [OID.sha256WithRsa]: OID.sha256,
  [OID.sha384WithRsa]: OID.sha384,
  [OID.sha512WithRsa]: OID.sha512,
  [OID.ecdsaWithSha1]: OID.sha1,
  [OID.ecdsaWithSha224]: OID.sha224,
  [OID.ecdsaWithSha256]: OID.sha256,
  [OID.ecdsaWithSha384]: OID.sha384,
  [OID.ecdsaWithSha512]: OID.sha512,
  [OID.gost2004Signature]: OID.gost34311,
  [OID.gost2015Signature512]: OID.streebog512,
};

/** Signature algorithm OIDs by the family of key that must verify them. */
const SIGNATURE_FAMILIES: Readonly<Record<string, SignatureType>> = {
  [OID.rsaEncryption]: 'RSA',
  [OID.rsaPss]: 'RSA',
  [OID.sha1WithRsa]: 'RSA',
  [OID.sha224WithRsa]: 'RSA',
  [OID.sha256WithRsa]: 'RSA',
  [OID.sha384WithRsa]: 'RSA',
  [OID.sha512WithRsa]: 'RSA',
  [OID.ecPublicKey]: 'ECDSA',
  [OID.ecdsaWithSha1]: 'ECDSA',
  [OID.ecdsaWithSha224]: 'ECDSA',
  [OID.ecdsaWithSha256]: 'ECDSA',
  [OID.ecdsaWithSha384]: 'ECDSA',
  [OID.ecdsaWithSha512]: 'ECDSA',
  [OID.gost2004Key]: 'GOST2004',
  [OID.gost2004Signature]: 'GOST2004',
  [OID.gost2015Key512]: 'GOST2015',
  [OID.gost2015Signature512]: 'GOST2015',
};

/** The key family a signature (or public key) algorithm OID belongs to; null when unsupported. */
export function signatureFamily(algorithmOid: string): SignatureType | null {
  return SIGNATURE_FAMILIES[algorithmOid] ?? null;
}
