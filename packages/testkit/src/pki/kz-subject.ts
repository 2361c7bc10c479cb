import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID } from '../oids';

/** The person (and organisation) a KZ certificate names. */
export interface KzSubject {
  readonly iin?: string;
  readonly bin?: string;
  readonly surname: string;
  readonly givenName: string;
  readonly patronymic?: string;
  readonly organisation?: string;
  readonly email?: string;
  /** Overrides the usual "SURNAME GIVENNAME" (an information system's certificate names itself). */
  readonly commonName?: string;
}

type StringKind = 'utf8' | 'printable' | 'ia5';

function attribute(type: string, value: string, kind: StringKind): pkijs.AttributeTypeAndValue {
  const encoded =
    kind === 'printable'
      ? new asn1js.PrintableString({ value })
      : kind === 'ia5'
        ? new asn1js.IA5String({ value })
        : new asn1js.Utf8String({ value });
  return new pkijs.AttributeTypeAndValue({ type, value: encoded });
}

/**
 * A subject in NCA RK's order: CN="SURNAME GIVENNAME", SURNAME, SERIALNUMBER=IIN…, C=KZ, O, OU=BIN…,
 * GIVENNAME (the patronymic, as NCA RK puts it), E. One attribute per RDN, as in the real certificates.
 */
export function kzSubjectName(subject: KzSubject): pkijs.RelativeDistinguishedNames {
  const attributes: pkijs.AttributeTypeAndValue[] = [
    attribute(OID.commonName, subject.commonName ?? `${subject.surname} ${subject.givenName}`, 'utf8'),
    attribute(OID.surname, subject.surname, 'utf8'),
  ];
  if (subject.iin) attributes.push(attribute(OID.serialNumber, `IIN${subject.iin}`, 'printable'));
  attributes.push(attribute(OID.country, 'KZ', 'printable'));
  if (subject.organisation) attributes.push(attribute(OID.organisation, subject.organisation, 'utf8'));
  if (subject.bin) attributes.push(attribute(OID.organisationalUnit, `BIN${subject.bin}`, 'utf8'));
  if (subject.patronymic) attributes.push(attribute(OID.givenName, subject.patronymic, 'utf8'));
  if (subject.email) attributes.push(attribute(OID.email, subject.email, 'ia5'));
  return rdnSequence(attributes);
}

/** A CA name: CN and C=KZ, as the NCA RK CA certificates have. */
export function caName(commonName: string): pkijs.RelativeDistinguishedNames {
  return rdnSequence([
    attribute(OID.commonName, commonName, 'utf8'),
    attribute(OID.country, 'KZ', 'printable'),
  ]);
}

function rdnSequence(attributes: pkijs.AttributeTypeAndValue[]): pkijs.RelativeDistinguishedNames {
  // pkijs would put every attribute into one multi-valued RDN; real KZ names have one attribute per RDN.
  const sequence = new asn1js.Sequence({
    value: attributes.map((attribute) => new asn1js.Set({ value: [attribute.toSchema()] })),
  });
  return pkijs.RelativeDistinguishedNames.fromBER(sequence.toBER());
}
