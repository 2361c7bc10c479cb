import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID } from '../oids';
import { berInput } from './ber-input';

/** keyUsage bits, most significant first, as RFC 5280 numbers them. */
export const KEY_USAGE = {
  digitalSignature: 0x80,
  nonRepudiation: 0x40,
  keyEncipherment: 0x20,
  keyAgreement: 0x08,
  keyCertSign: 0x04,
  cRLSign: 0x02,
} as const;

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER() });
}

/** keyUsage (critical) from a bit mask of {@link KEY_USAGE}; DER drops the unused trailing bits. */
export function keyUsageExtension(bits: number): pkijs.Extension {
  let unusedBits = 0;
  while (unusedBits < 7 && (bits & (1 << unusedBits)) === 0) unusedBits += 1;
  const value = new asn1js.BitString({ valueHex: new Uint8Array([bits]).buffer, unusedBits });
  return extension(OID.keyUsage, true, value);
}

/** extendedKeyUsage (not critical, as NCA RK issues it; a time-stamping unit's is critical, RFC 3161 2.3). */
export function extKeyUsageExtension(oids: readonly string[], critical = false): pkijs.Extension {
  return extension(OID.extKeyUsage, critical, new pkijs.ExtKeyUsage({ keyPurposes: [...oids] }).toSchema());
}

/** basicConstraints CA:TRUE (critical). */
export function caBasicConstraints(): pkijs.Extension {
  return extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: true }).toSchema());
}

/** The key identifier of a SubjectPublicKeyInfo: SHA-1 of its key bits (RFC 5280 method 1). */
export function keyIdentifier(publicKeyInfoDer: Uint8Array): Uint8Array {
  const info = pkijs.PublicKeyInfo.fromBER(berInput(publicKeyInfoDer));
  return new Uint8Array(createHash('sha1').update(info.subjectPublicKey.valueBlock.valueHexView).digest());
}

/** subjectKeyIdentifier. */
export function subjectKeyIdentifierExtension(id: Uint8Array): pkijs.Extension {
  return extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: id }));
}

/** authorityKeyIdentifier with the key id only. */
export function authorityKeyIdentifierExtension(id: Uint8Array): pkijs.Extension {
  const value = new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: id }) });
  return extension(OID.authorityKeyIdentifier, false, value.toSchema());
}

function uri(value: string): pkijs.GeneralName {
  return new pkijs.GeneralName({ type: 6, value });
}

/** cRLDistributionPoints with one URI. */
export function crlDistributionPointsExtension(url: string): pkijs.Extension {
  const value = new pkijs.CRLDistributionPoints({
    distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [uri(url)] })],
  });
  return extension(OID.crlDistributionPoints, false, value.toSchema());
}

/** authorityInfoAccess: caIssuers and/or OCSP. */
export function authorityInfoAccessExtension(urls: { caIssuers?: string; ocsp?: string }): pkijs.Extension {
  const accessDescriptions: pkijs.AccessDescription[] = [];
  if (urls.caIssuers)
    accessDescriptions.push(
      new pkijs.AccessDescription({ accessMethod: OID.caIssuersAccess, accessLocation: uri(urls.caIssuers) }),
    );
  if (urls.ocsp)
    accessDescriptions.push(
      new pkijs.AccessDescription({ accessMethod: OID.ocspAccess, accessLocation: uri(urls.ocsp) }),
    );
  return extension(OID.authorityInfoAccess, false, new pkijs.InfoAccess({ accessDescriptions }).toSchema());
}

/** certificatePolicies: the NCA RK policy with its CPS pointer. */
export function kzCertificatePoliciesExtension(): pkijs.Extension {
  const value = new pkijs.CertificatePolicies({
    certificatePolicies: [
      new pkijs.PolicyInformation({
        policyIdentifier: OID.kzCertificatePolicy,
        policyQualifiers: [
          new pkijs.PolicyQualifierInfo({
            policyQualifierId: OID.cpsQualifier,
            qualifier: new asn1js.IA5String({ value: 'http://pki.gov.kz/cps' }),
          }),
        ],
      }),
    ],
  });
  return extension(OID.certificatePolicies, false, value.toSchema());
}

/** id-pkix-ocsp-nocheck, for a delegated OCSP responder certificate. */
export function ocspNoCheckExtension(): pkijs.Extension {
  return extension(OID.ocspNoCheck, false, new asn1js.Null());
}
