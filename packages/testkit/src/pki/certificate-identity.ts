import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { KeyAlgorithm } from '../keys/signing-key';
import { OID } from '../oids';
import { berInput } from './ber-input';
import { type CertificateUsage, kindFromExtKeyUsages, type SignerKind } from './kz-roles';

/** What a KZ certificate says about its holder, read back from the certificate. */
export interface SignerIdentity {
  readonly algorithm: KeyAlgorithm;
  readonly kind: SignerKind | undefined;
  readonly usage: CertificateUsage;
  readonly iin: string | undefined;
  readonly bin: string | undefined;
  readonly commonName: string;
  readonly surname: string | undefined;
  readonly givenName: string | undefined;
  readonly patronymic: string | undefined;
  readonly organisation: string | undefined;
  readonly email: string | undefined;
  /** Certificate serial number, lowercase hex. */
  readonly serialNumber: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly extKeyUsageOids: readonly string[];
}

const KEY_ALGORITHMS: Record<string, KeyAlgorithm> = {
  [OID.rsaEncryption]: 'rsa',
  [OID.ecPublicKey]: 'ecdsa',
  [OID.gost2015Key]: 'gost2015',
  [OID.gost2004Key]: 'gost2004',
};

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

function nameValue(name: pkijs.RelativeDistinguishedNames, type: string): string | undefined {
  const found = name.typesAndValues.find((attribute) => attribute.type === type);
  return found ? String(found.value.valueBlock.value) : undefined;
}

/** The key family of a certificate. */
export function keyAlgorithmOf(certificate: pkijs.Certificate): KeyAlgorithm {
  const oid = certificate.subjectPublicKeyInfo.algorithm.algorithmId;
  const algorithm = KEY_ALGORITHMS[oid];
  if (!algorithm) throw new Error(`unsupported public key algorithm ${oid}`);
  return algorithm;
}

/** The EKU OIDs of a certificate (empty when it has none). */
export function extKeyUsagesOf(certificate: pkijs.Certificate): string[] {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.extKeyUsage);
  if (!extension) return [];
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  return new pkijs.ExtKeyUsage({ schema: parsed.result }).keyPurposes;
}

/** Reads a KZ certificate's subject, serial, validity and roles. */
export function identityOf(certificateDer: Uint8Array): SignerIdentity {
  const certificate = pkijs.Certificate.fromBER(berInput(certificateDer));
  const subject = certificate.subject;
  const commonName = nameValue(subject, OID.commonName) ?? '';
  const surname = nameValue(subject, OID.surname);
  const extKeyUsageOids = extKeyUsagesOf(certificate);
  const iin = nameValue(subject, OID.serialNumber);
  const bin = nameValue(subject, OID.organisationalUnit);
  return {
    algorithm: keyAlgorithmOf(certificate),
    kind: kindFromExtKeyUsages(extKeyUsageOids),
    usage: extKeyUsageOids.includes(OID.clientAuth) ? 'auth' : 'sign',
    iin: iin?.startsWith('IIN') ? iin.slice(3) : undefined,
    bin: bin?.startsWith('BIN') ? bin.slice(3) : undefined,
    commonName,
    surname,
    givenName:
      surname && commonName.startsWith(`${surname} `) ? commonName.slice(surname.length + 1) : undefined,
    patronymic: nameValue(subject, OID.givenName),
    organisation: nameValue(subject, OID.organisation),
    email: nameValue(subject, OID.email),
    serialNumber: toHex(certificate.serialNumber.valueBlock.valueHexView),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    extKeyUsageOids,
  };
}
