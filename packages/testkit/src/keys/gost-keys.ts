import {
  encodeGostPublicKey,
  GOST_CURVES,
  type GostCurveName,
  generateGostPrivateKey,
  gost34311,
  gostPrivateKeyFromBytes,
  gostPublicKey,
  gostSign,
  streebog512,
} from '@qoltanba/gost';
import * as asn1js from 'asn1js';
import { OID } from '../oids';
import type { SigningKey } from './signing-key';

type GostAlgorithm = 'gost2015' | 'gost2004';

const PROFILE = {
  gost2015: {
    curve: 'tc26-512-a',
    keyOid: OID.gost2015Key,
    parameters: [OID.gost2015ParamSetA, OID.gost2015Hash],
    hashOid: OID.gost2015Hash,
    signatureOid: OID.gost2015Signature,
    hash: streebog512,
  },
  gost2004: {
    curve: 'cryptopro-a',
    keyOid: OID.gost2004Key,
    parameters: [OID.gost2004ParamSetA, OID.gost2004HashParamSet],
    hashOid: OID.gost2004Hash,
    signatureOid: OID.gost2004Signature,
    hash: gost34311,
  },
} as const satisfies Record<
  GostAlgorithm,
  {
    curve: GostCurveName;
    keyOid: string;
    parameters: readonly string[];
    hashOid: string;
    signatureOid: string;
    hash: (data: Uint8Array) => Uint8Array;
  }
>;

/** The SubjectPublicKeyInfo NCA RK gives a GOST key: algorithm with (parameter set, hash) and the x||y OCTET STRING. */
export function gostPublicKeyInfoDer(algorithm: GostAlgorithm, privateKey: bigint): Uint8Array {
  const profile = PROFILE[algorithm];
  const point = encodeGostPublicKey(profile.curve, gostPublicKey(profile.curve, privateKey));
  const info = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.ObjectIdentifier({ value: profile.keyOid }),
          new asn1js.Sequence({
            value: profile.parameters.map((value) => new asn1js.ObjectIdentifier({ value })),
          }),
        ],
      }),
      new asn1js.BitString({ valueHex: new asn1js.OctetString({ valueHex: point }).toBER() }),
    ],
  });
  return new Uint8Array(info.toBER());
}

/** A GOST signing key from its private scalar; the SubjectPublicKeyInfo is derived unless given (from a certificate). */
export function gostSigningKey(
  algorithm: GostAlgorithm,
  privateKey: bigint,
  publicKeyInfoDer?: Uint8Array,
): SigningKey {
  const profile = PROFILE[algorithm];
  return {
    algorithm,
    publicKeyInfoDer: publicKeyInfoDer ?? gostPublicKeyInfoDer(algorithm, privateKey),
    digestAlgorithm: { oid: profile.hashOid, nullParameters: false },
    // NCA RK's certificates carry an explicit NULL after the GOST signature OID.
    signatureAlgorithm: { oid: profile.signatureOid, nullParameters: true },
    digest: (data) => profile.hash(data),
    sign: (data) => gostSign(profile.curve, privateKey, profile.hash(data)),
  };
}

/** A GOST key: fresh, or derived from the seed (the same seed gives the same key). */
export function gostSigningKeyFromSeed(algorithm: GostAlgorithm, seed?: string): SigningKey {
  const curve = PROFILE[algorithm].curve;
  if (seed === undefined) return gostSigningKey(algorithm, generateGostPrivateKey(curve));
  const { q } = GOST_CURVES[curve];
  const bytes = streebog512(new TextEncoder().encode(`testkit-${algorithm}:${seed}`));
  let value = 0n;
  for (let i = bytes.length - 1; i >= 0; i -= 1) value = (value << 8n) | BigInt(bytes[i] ?? 0);
  return gostSigningKey(algorithm, (value % (q - 1n)) + 1n);
}

/** A GOST key from the little-endian scalar of an NCA RK PKCS#12 file; its public key is derived. */
export function gostSigningKeyFromPrivateKey(algorithm: GostAlgorithm, raw: Uint8Array): SigningKey {
  return gostSigningKey(algorithm, gostPrivateKeyFromBytes(raw));
}
