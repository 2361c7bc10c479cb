import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { berInput } from '../pki/ber-input';

/** The key families testkit issues certificates for. */
export type KeyAlgorithm = 'rsa' | 'ecdsa' | 'gost2015' | 'gost2004';

/** An algorithm identifier: its OID and whether its parameters are an explicit ASN.1 NULL (absent otherwise). */
export interface AlgorithmSpec {
  readonly oid: string;
  readonly nullParameters: boolean;
}

/** A private key that can sign, with the algorithm identifiers certificates and CMS need around it. */
export interface SigningKey {
  readonly algorithm: KeyAlgorithm;
  /** DER SubjectPublicKeyInfo. */
  readonly publicKeyInfoDer: Uint8Array;
  readonly digestAlgorithm: AlgorithmSpec;
  readonly signatureAlgorithm: AlgorithmSpec;
  /** Hashes with the key's digest algorithm. */
  digest(data: Uint8Array): Uint8Array;
  /** Hashes `data` and signs; returns the signature value as X.509 and CMS carry it. */
  sign(data: Uint8Array): Uint8Array;
}

/** Builds a pkijs AlgorithmIdentifier from a spec. */
export function algorithmIdentifier(spec: AlgorithmSpec): pkijs.AlgorithmIdentifier {
  return new pkijs.AlgorithmIdentifier({
    algorithmId: spec.oid,
    ...(spec.nullParameters ? { algorithmParams: new asn1js.Null() } : {}),
  });
}

/** Parses a key's SubjectPublicKeyInfo with pkijs. */
export function publicKeyInfoOf(key: SigningKey): pkijs.PublicKeyInfo {
  return pkijs.PublicKeyInfo.fromBER(berInput(key.publicKeyInfoDer));
}
