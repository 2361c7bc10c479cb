// Reads the real NCA RK TEST material of ../shared/pki (never copied into the repository) with asn1js/pkijs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { GostCurveName } from '../curve/curves.js';
import { gost34311 } from '../hash/gost34311.js';
import { streebog512 } from '../hash/streebog.js';
import { GOST_OIDS } from '../oids.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The folder of the shared PKI material: QOLTANBA_PKI_DIR, else ../shared/pki beside the repository. */
export const PKI_DIR = process.env.QOLTANBA_PKI_DIR ?? join(repoRoot, '..', 'shared', 'pki');

/** Whether the material is there; on CI its absence is an error, elsewhere the suites are skipped with a notice. */
export function pkiAvailable(): boolean {
  const present = existsSync(join(PKI_DIR, 'nca-test', 'certs', 'root_test_gost_2022.cer'));
  if (!present && process.env.CI) throw new Error(`NCA TEST PKI material missing at ${PKI_DIR}`);
  if (!present)
    console.warn(`[gost] ${PKI_DIR} not found: real NCA TEST vectors skipped (set QOLTANBA_PKI_DIR)`);
  return present;
}

/** The DER bytes of a file under PKI_DIR, PEM or DER. */
export function readDer(path: string): Uint8Array {
  const bytes = readFileSync(join(PKI_DIR, path));
  const text = bytes.toString('latin1');
  if (!text.startsWith('-----BEGIN')) return new Uint8Array(bytes);
  const body = text.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(body, 'base64'));
}

/** What a signature check needs from a signed structure. */
export interface SignedParts {
  tbs: Uint8Array;
  signature: Uint8Array;
  algorithm: string;
}

/** The GOST curve of a certificate's key, from the key's parameter-set OID. */
export function keyCurve(certificate: pkijs.Certificate): GostCurveName {
  const params = certificate.subjectPublicKeyInfo.algorithm.algorithmParams;
  const first = params instanceof asn1js.Sequence ? params.valueBlock.value[0] : undefined;
  const oid = first instanceof asn1js.ObjectIdentifier ? first.valueBlock.toString() : '';
  if (oid === GOST_OIDS.gost2015ParamSet512A) return 'tc26-512-a';
  if (oid === GOST_OIDS.gost2004ParamSetA) return 'cryptopro-a';
  throw new Error(`not a supported GOST key: ${oid}`);
}

/** The raw x || y of a GOST key: the OCTET STRING inside the subjectPublicKey BIT STRING. */
export function publicKeyBytes(certificate: pkijs.Certificate): Uint8Array {
  const inner = asn1js.fromBER(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
  if (!(inner.result instanceof asn1js.OctetString))
    throw new Error('GOST public key is not an OCTET STRING');
  return new Uint8Array(inner.result.valueBlock.valueHexView);
}

/** The hash a signature algorithm OID names. */
export function hashFor(algorithm: string): (data: Uint8Array) => Uint8Array {
  if (algorithm === GOST_OIDS.gost2015Signature512) return streebog512;
  if (algorithm === GOST_OIDS.gost2004Signature) return gost34311;
  throw new Error(`not a supported GOST signature algorithm: ${algorithm}`);
}

/** A certificate file under PKI_DIR. */
export function loadCertificate(path: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(readDer(path));
}

/** The TBS, signature and algorithm of a certificate. */
export function certificateParts(certificate: pkijs.Certificate): SignedParts {
  return {
    tbs: new Uint8Array(certificate.tbsView),
    signature: new Uint8Array(certificate.signatureValue.valueBlock.valueHexView),
    algorithm: certificate.signatureAlgorithm.algorithmId,
  };
}

/** The TBS, signature and algorithm of a CRL file under PKI_DIR. */
export function crlParts(path: string): SignedParts {
  const crl = pkijs.CertificateRevocationList.fromBER(readDer(path));
  return {
    tbs: new Uint8Array(crl.tbsView),
    signature: new Uint8Array(crl.signatureValue.valueBlock.valueHexView),
    algorithm: crl.signatureAlgorithm.algorithmId,
  };
}

/** The signed parts of a recorded OCSP response and the responder certificate it carries. */
export function ocspParts(path: string): SignedParts & { responder: pkijs.Certificate } {
  const response = pkijs.OCSPResponse.fromBER(readDer(path));
  const bytes = response.responseBytes?.response.valueBlock.valueHexView;
  if (!bytes) throw new Error('OCSP response without responseBytes');
  const basic = pkijs.BasicOCSPResponse.fromBER(bytes);
  const responder = basic.certs?.[0];
  if (!responder) throw new Error('OCSP response without a responder certificate');
  return {
    tbs: new Uint8Array(basic.tbsResponseData.tbsView),
    signature: new Uint8Array(basic.signature.valueBlock.valueHexView),
    algorithm: basic.signatureAlgorithm.algorithmId,
    responder,
  };
}
