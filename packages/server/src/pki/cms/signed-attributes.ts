import * as asn1js from 'asn1js';
import { FormatError, octets } from '../der.js';
import { OID } from '../oids.js';
import { readAlgorithm, type SignedAttribute } from './parse.js';

/** A reference to the signing certificate from the ESS signingCertificate(V2) attribute. */
export interface SigningCertificateRef {
  hashAlgorithm: string;
  hash: Uint8Array;
}

/** The signed attributes verification checks. */
export interface SignedAttributes {
  contentType: string | null;
  messageDigest: Uint8Array | null;
  signingTime: Date | null;
  signingCertificate: SigningCertificateRef | null;
}

function single(attrs: SignedAttribute[], oid: string): asn1js.AsnType | null {
  const found = attrs.filter((attr) => attr.type === oid);
  if (found.length === 0) return null;
  // RFC 5652 5.3: these attributes occur once with one value.
  if (found.length > 1 || found[0]?.values.length !== 1)
    throw new FormatError(`signed attribute ${oid} repeated`);
  return found[0].values[0] ?? null;
}

function essCertRef(value: asn1js.AsnType, v2: boolean): SigningCertificateRef {
  // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), policies OPTIONAL }
  const certs = value instanceof asn1js.Sequence ? value.valueBlock.value[0] : undefined;
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) throw new FormatError('signingCertificate: no ESSCertID');
  const [head, next] = first.valueBlock.value;
  // ESSCertIDv2 ::= SEQUENCE { hashAlgorithm DEFAULT sha256, certHash OCTET STRING, issuerSerial OPTIONAL }
  if (v2 && head instanceof asn1js.Sequence && next instanceof asn1js.OctetString) {
    return { hashAlgorithm: readAlgorithm(head, 'ESSCertIDv2').algorithmId, hash: octets(next) };
  }
  if (head instanceof asn1js.OctetString) {
    return { hashAlgorithm: v2 ? OID.sha256 : OID.sha1, hash: octets(head) };
  }
  throw new FormatError('signingCertificate: unreadable ESSCertID');
}

/** Reads contentType, messageDigest, signingTime and signingCertificate(V2); throws FormatError if malformed. */
export function readSignedAttributes(attrs: SignedAttribute[]): SignedAttributes {
  const contentType = single(attrs, OID.contentType);
  const messageDigest = single(attrs, OID.messageDigest);
  const signingTime = single(attrs, OID.signingTime);
  const certV2 = single(attrs, OID.signingCertificateV2);
  const certV1 = single(attrs, OID.signingCertificate);
  if (contentType !== null && !(contentType instanceof asn1js.ObjectIdentifier)) {
    throw new FormatError('contentType attribute is not an OID');
  }
  if (messageDigest !== null && !(messageDigest instanceof asn1js.OctetString)) {
    throw new FormatError('messageDigest attribute is not an OCTET STRING');
  }
  if (
    signingTime !== null &&
    !(signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime)
  ) {
    throw new FormatError('signingTime attribute is not a time');
  }
  return {
    contentType: contentType?.valueBlock.toString() ?? null,
    messageDigest: messageDigest ? octets(messageDigest) : null,
    signingTime: signingTime?.toDate() ?? null,
    signingCertificate: certV2 ? essCertRef(certV2, true) : certV1 ? essCertRef(certV1, false) : null,
  };
}
