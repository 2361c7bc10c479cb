import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { algorithmIdentifier, type SigningKey } from '../keys/signing-key';
import { berInput } from './ber-input';

/** What a certificate says; the issuer's key signs it. */
export interface CertificateSpec {
  readonly serialNumber: Uint8Array;
  readonly issuer: pkijs.RelativeDistinguishedNames;
  readonly subject: pkijs.RelativeDistinguishedNames;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly publicKeyInfoDer: Uint8Array;
  readonly extensions: readonly pkijs.Extension[];
  readonly issuerKey: SigningKey;
}

/** A positive 20-byte serial number, the length NCA RK uses. */
export function randomSerialNumber(): Uint8Array {
  const serial = new Uint8Array(randomBytes(20));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x10;
  return serial;
}

/** Builds and signs an X.509 v3 certificate; returns its DER. */
export function buildCertificate(spec: CertificateSpec): Uint8Array {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: spec.serialNumber });
  certificate.signature = algorithmIdentifier(spec.issuerKey.signatureAlgorithm);
  certificate.signatureAlgorithm = algorithmIdentifier(spec.issuerKey.signatureAlgorithm);
  certificate.issuer = spec.issuer;
  certificate.subject = spec.subject;
  certificate.notBefore = new pkijs.Time({ type: 0, value: spec.notBefore });
  certificate.notAfter = new pkijs.Time({ type: 0, value: spec.notAfter });
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(berInput(spec.publicKeyInfoDer));
  certificate.extensions = [...spec.extensions];
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER());
  const signature = spec.issuerKey.sign(certificate.tbsView);
  certificate.signatureValue = new asn1js.BitString({ valueHex: signature });
  return new Uint8Array(certificate.toSchema().toBER());
}
