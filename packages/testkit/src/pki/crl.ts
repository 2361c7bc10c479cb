import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { algorithmIdentifier, type SigningKey } from '../keys/signing-key';
import { OID } from '../oids';
import { authorityKeyIdentifierExtension } from './extensions';

/** One revoked certificate on a CRL. */
export interface CrlEntry {
  readonly serialNumberHex: string;
  readonly revokedAt: Date;
  /** CRLReason; 0 (unspecified) is left out, as RFC 5280 asks. */
  readonly reason: number;
}

/** What a CRL says; the issuer's key signs it. */
export interface CrlSpec {
  readonly issuer: pkijs.RelativeDistinguishedNames;
  readonly issuerKey: SigningKey;
  readonly issuerKeyId: Uint8Array;
  readonly thisUpdate: Date;
  readonly nextUpdate: Date;
  readonly crlNumber: number;
  readonly revoked: readonly CrlEntry[];
}

function revokedCertificate(entry: CrlEntry): pkijs.RevokedCertificate {
  const reason =
    entry.reason === 0
      ? {}
      : {
          crlEntryExtensions: new pkijs.Extensions({
            extensions: [
              new pkijs.Extension({
                extnID: OID.crlReason,
                extnValue: new asn1js.Enumerated({ value: entry.reason }).toBER(),
              }),
            ],
          }),
        };
  return new pkijs.RevokedCertificate({
    userCertificate: new asn1js.Integer({ valueHex: Buffer.from(entry.serialNumberHex, 'hex') }),
    revocationDate: new pkijs.Time({ type: 0, value: entry.revokedAt }),
    ...reason,
  });
}

/** Builds and signs a v2 CRL; returns its DER. */
export function buildCrl(spec: CrlSpec): Uint8Array {
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    signature: algorithmIdentifier(spec.issuerKey.signatureAlgorithm),
    signatureAlgorithm: algorithmIdentifier(spec.issuerKey.signatureAlgorithm),
    issuer: spec.issuer,
    thisUpdate: new pkijs.Time({ type: 0, value: spec.thisUpdate }),
    nextUpdate: new pkijs.Time({ type: 0, value: spec.nextUpdate }),
    crlExtensions: new pkijs.Extensions({
      extensions: [
        authorityKeyIdentifierExtension(spec.issuerKeyId),
        new pkijs.Extension({
          extnID: OID.crlNumber,
          extnValue: new asn1js.Integer({ value: spec.crlNumber }).toBER(),
        }),
      ],
    }),
  });
  if (spec.revoked.length > 0) crl.revokedCertificates = spec.revoked.map(revokedCertificate);
  // encodeTBS is protected on CRLs: take the TBS from a freshly encoded schema.
  const tbs = (crl.toSchema(true) as asn1js.Sequence).valueBlock.value[0];
  if (!tbs) throw new Error('CRL without TBS');
  crl.tbsView = new Uint8Array(tbs.toBER());
  crl.signatureValue = new asn1js.BitString({ valueHex: spec.issuerKey.sign(crl.tbsView) });
  return new Uint8Array(crl.toSchema().toBER());
}
