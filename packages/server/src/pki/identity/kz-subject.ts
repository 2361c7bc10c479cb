import type { CertificateSigner, SignerRole } from '@qoltanba/core';
import type * as pkijs from 'pkijs';
import type { CertificateRecord } from '../chain/certificate.js';
import { OID } from '../oids.js';

/** KZ role OIDs (extended key usage 1.2.398.3.3.4.1.x, NCA order No. 522) and the role each names. */
const ROLE_OIDS: ReadonlyArray<readonly [string, SignerRole]> = [
  ['1.2.398.3.3.4.1.1', 'individual'],
  ['1.2.398.3.3.4.1.2', 'legal_entity'],
  ['1.2.398.3.3.4.1.2.1', 'first_head'],
  ['1.2.398.3.3.4.1.2.2', 'right_to_sign'],
  ['1.2.398.3.3.4.1.2.3', 'financial'],
  ['1.2.398.3.3.4.1.2.4', 'hr'],
  ['1.2.398.3.3.4.1.2.5', 'employee'],
];

/** Most specific first: the role reported when a certificate carries several. */
const ROLE_PRIORITY: readonly SignerRole[] = [
  'first_head',
  'right_to_sign',
  'financial',
  'hr',
  'employee',
  'legal_entity',
  'individual',
];

/** Short names for RFC 4514 strings; other attribute types print as dotted OIDs. */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  [OID.commonName]: 'CN',
  [OID.surname]: 'SN',
  [OID.serialNumber]: 'SERIALNUMBER',
  [OID.country]: 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  [OID.organisation]: 'O',
  [OID.organisationalUnit]: 'OU',
  [OID.givenName]: 'GIVENNAME',
  [OID.emailAddress]: 'E',
  '2.5.4.15': 'BUSINESSCATEGORY',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

function text(atv: pkijs.AttributeTypeAndValue): string {
  const value = (atv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value;
  return typeof value === 'string' ? value : '';
}

function first(name: pkijs.RelativeDistinguishedNames, oid: string): string | null {
  const found = name.typesAndValues.find((atv) => atv.type === oid);
  const value = found ? text(found).trim() : '';
  return value === '' ? null : value;
}

function escapeRfc4514(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

/** An RFC 4514 string of a Name (last RDN first). */
export function distinguishedName(name: pkijs.RelativeDistinguishedNames): string {
  return [...name.typesAndValues]
    .reverse()
    .map((atv) => `${SHORT_NAMES[atv.type] ?? atv.type}=${escapeRfc4514(text(atv))}`)
    .join(',');
}

/** The value after a fixed prefix (`IIN`, `BIN`) if the attribute has it. */
function prefixed(value: string | null, prefix: string): string | null {
  return value?.toUpperCase().startsWith(prefix) ? value.slice(prefix.length) : null;
}

/** The KZ roles named by a certificate's extended key usage, most specific first. */
export function signerRoles(extKeyUsage: readonly string[] | null): SignerRole[] {
  const found = new Set(ROLE_OIDS.filter(([oid]) => extKeyUsage?.includes(oid)).map(([, role]) => role));
  return ROLE_PRIORITY.filter((role) => found.has(role));
}

function emailOf(record: CertificateRecord): string | null {
  const inSubject = first(record.cert.subject, OID.emailAddress);
  if (inSubject) return inSubject;
  const san = record.cert.extensions?.find((ext) => ext.extnID === OID.subjectAltName)?.parsedValue as
    | pkijs.AltName
    | undefined;
  // GeneralName type 1 is rfc822Name.
  const email = san?.altNames.find((name) => name.type === 1 && typeof name.value === 'string');
  return email ? String(email.value) : null;
}

/**
 * Reads the signer from a KZ certificate subject: IIN from SERIALNUMBER=IIN..., BIN from OU=BIN..., surname (SN),
 * name (CN without the surname), patronymic (GIVENNAME), organisation (O), e-mail, roles from the EKU.
 */
export function kzSigner(record: CertificateRecord): CertificateSigner {
  const subject = record.cert.subject;
  const commonName = first(subject, OID.commonName);
  const surname = first(subject, OID.surname);
  const patronymic = first(subject, OID.givenName);
  let givenName: string | null = null;
  if (commonName && surname && commonName.startsWith(`${surname} `)) {
    givenName = commonName.slice(surname.length + 1).trim() || null;
  }
  const personal = surname !== null || patronymic !== null;
  const fullName = personal
    ? [surname, givenName, patronymic].filter(Boolean).join(' ') || commonName
    : commonName;
  const roles = signerRoles(record.extKeyUsage);
  return {
    iin: prefixed(first(subject, OID.serialNumber), 'IIN'),
    bin: prefixed(first(subject, OID.organisationalUnit), 'BIN'),
    fullName,
    surname,
    givenName,
    patronymic,
    organisation: first(subject, OID.organisation),
    email: emailOf(record),
    role: roles[0] ?? null,
    roles,
  };
}
