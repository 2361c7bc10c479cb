import {
  createECDH,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { OID } from '../oids';
import type { SigningKey } from './signing-key';

const rsaBySeed = new Map<string, KeyObject>();

/** RSA-2048 with SHA-256. With a seed the key is cached for the process (RSA has no cheap derivation from a seed). */
export function rsaSigningKey(seed?: string): SigningKey {
  let privateKey = seed === undefined ? undefined : rsaBySeed.get(seed);
  if (!privateKey) {
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    if (seed !== undefined) rsaBySeed.set(seed, privateKey);
  }
  return nodeSigningKey(privateKey, 'rsa');
}

/** ECDSA P-256 with SHA-256; a seed derives the private scalar, so the same seed gives the same key. */
export function ecdsaSigningKey(seed?: string): SigningKey {
  if (seed === undefined)
    return nodeSigningKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, 'ecdsa');
  const d = createHash('sha256').update(`testkit-ecdsa:${seed}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const privateKey = createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
  });
  return nodeSigningKey(privateKey, 'ecdsa');
}

/** Wraps an RSA or EC private key of node:crypto (e.g. one read from a PKCS#12 file). */
export function nodeSigningKey(privateKey: KeyObject, algorithm: 'rsa' | 'ecdsa'): SigningKey {
  const publicKeyInfoDer = new Uint8Array(
    createPublicKey(privateKey).export({ type: 'spki', format: 'der' }),
  );
  return {
    algorithm,
    publicKeyInfoDer,
    digestAlgorithm: { oid: OID.sha256, nullParameters: true },
    signatureAlgorithm:
      algorithm === 'rsa'
        ? { oid: OID.sha256WithRsa, nullParameters: true }
        : { oid: OID.ecdsaWithSha256, nullParameters: false },
    digest: (data) => new Uint8Array(createHash('sha256').update(data).digest()),
    sign: (data) => new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'der' })),
  };
}
