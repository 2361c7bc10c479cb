import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import { gostSigningKeyFromPrivateKey } from '../keys/gost-keys';
import { nodeSigningKey } from '../keys/node-keys';
import type { SigningKey } from '../keys/signing-key';
import { OID } from '../oids';
import { berInput } from '../pki/ber-input';
import { createTestSigner, type TestSigner } from '../signer';

/** Options of {@link loadPkcs12}. */
export interface LoadPkcs12Options {
  /** CA certificates to report as the chain (issuing CA first) when the file carries none. */
  readonly chainDer?: readonly Uint8Array[];
}

function derOf(node: forge.asn1.Asn1): Uint8Array {
  return new Uint8Array(Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary'));
}

interface Bag {
  readonly der: Uint8Array;
  readonly localKeyId: string | undefined;
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, bagType: string): Bag[] {
  const bags = p12.getBags({ bagType })[bagType] ?? [];
  return bags.map((bag) => {
    // node-forge parses RSA only; other keys and certificates come back as ASN.1.
    let der: Uint8Array;
    if (bag.asn1) der = derOf(bag.asn1);
    else if (bag.key) der = derOf(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)));
    else if (bag.cert) der = derOf(forge.pki.certificateToAsn1(bag.cert));
    else throw new Error('empty PKCS#12 bag');
    const localKeyId = bag.attributes.localKeyId?.[0];
    return { der, localKeyId: typeof localKeyId === 'string' ? localKeyId : undefined };
  });
}

/** A signing key from a DER PrivateKeyInfo: GOST 2015/2004 (a little-endian scalar inside) or RSA/EC via node:crypto. */
export function signingKeyFromPrivateKeyInfo(der: Uint8Array, certificateDer: Uint8Array): SigningKey {
  const info = pkijs.PrivateKeyInfo.fromBER(berInput(der));
  const oid = info.privateKeyAlgorithm.algorithmId;
  const publicKeyInfoDer = new Uint8Array(
    pkijs.Certificate.fromBER(berInput(certificateDer)).subjectPublicKeyInfo.toSchema().toBER(),
  );
  if (oid === OID.gost2015Key || oid === OID.gost2004Key) {
    // NCA RK wraps the scalar in a second OCTET STRING inside privateKey.
    const inner = asn1js.fromBER(info.privateKey.valueBlock.valueHexView).result;
    const raw =
      inner instanceof asn1js.OctetString
        ? inner.valueBlock.valueHexView
        : info.privateKey.valueBlock.valueHexView;
    const key = gostSigningKeyFromPrivateKey(
      oid === OID.gost2015Key ? 'gost2015' : 'gost2004',
      new Uint8Array(raw),
    );
    // The public key derived from the scalar, in testkit's encoding, must be the certificate's byte for byte.
    if (!Buffer.from(key.publicKeyInfoDer).equals(Buffer.from(publicKeyInfoDer)))
      throw new Error('the private key does not belong to the certificate');
    return key;
  }
  const privateKey = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' });
  if (oid === OID.rsaEncryption) return nodeSigningKey(privateKey, 'rsa');
  if (oid === OID.ecPublicKey) return nodeSigningKey(privateKey, 'ecdsa');
  throw new Error(`unsupported private key algorithm ${oid}`);
}

/**
 * Reads a PKCS#12 key store (NCA RK's legacy one too: 3DES key bag, RC2-40 certificate bag) into a
 * {@link TestSigner}: the key, its certificate (matched by localKeyId) and the other certificates as its chain.
 */
export async function loadPkcs12(
  file: string | Uint8Array,
  password: string,
  options: LoadPkcs12Options = {},
): Promise<TestSigner> {
  const bytes = typeof file === 'string' ? new Uint8Array(await readFile(file)) : file;
  const p12 = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(Buffer.from(bytes).toString('binary')),
    false,
    password,
  );
  const [key, ...moreKeys] = bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag ?? '');
  if (!key || moreKeys.length > 0) throw new Error('expected exactly one private key in the PKCS#12 file');
  const certificates = bagsOf(p12, forge.pki.oids.certBag ?? '');
  const own = certificates.find((c) => c.localKeyId === key.localKeyId) ?? certificates[0];
  if (!own) throw new Error('no certificate in the PKCS#12 file');
  const others = certificates.filter((c) => c !== own).map((c) => c.der);
  return createTestSigner(
    own.der,
    others.length > 0 ? others : (options.chainDer ?? []),
    signingKeyFromPrivateKeyInfo(key.der, own.der),
  );
}
