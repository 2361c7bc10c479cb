import { OID } from '../oids';
import { KEY_USAGE } from './extensions';

/** Who a KZ certificate is for: an individual, or an employee of a legal entity in one of NCA RK's roles. */
export type SignerKind = 'individual' | 'first_head' | 'right_to_sign' | 'employee' | 'financial' | 'hr';

/** A signing (non-repudiation) or an authentication certificate. */
export type CertificateUsage = 'sign' | 'auth';

const ROLE_OID: Record<Exclude<SignerKind, 'individual'>, string> = {
  first_head: OID.kzFirstHead,
  right_to_sign: OID.kzRightToSign,
  financial: OID.kzFinancial,
  hr: OID.kzHumanResources,
  employee: OID.kzEmployee,
};

/** The EKUs NCA RK puts in such a certificate, in its order (usage first, then the KZ role). */
export function kzExtKeyUsages(kind: SignerKind, usage: CertificateUsage): string[] {
  const purpose = usage === 'sign' ? OID.emailProtection : OID.clientAuth;
  return kind === 'individual' ? [purpose, OID.kzIndividual] : [purpose, OID.kzLegalEntity, ROLE_OID[kind]];
}

/** The role a certificate's EKUs name, or undefined when it carries none of NCA RK's. */
export function kindFromExtKeyUsages(oids: readonly string[]): SignerKind | undefined {
  if (oids.includes(OID.kzIndividual)) return 'individual';
  for (const [kind, oid] of Object.entries(ROLE_OID)) if (oids.includes(oid)) return kind as SignerKind;
  return undefined;
}

/** keyUsage bits: signing certificates digitalSignature+nonRepudiation, authentication ones digitalSignature+keyEncipherment; GOST ones add keyAgreement as NCA RK's do. */
export function kzKeyUsageBits(usage: CertificateUsage, gost: boolean): number {
  const base =
    usage === 'sign'
      ? KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation
      : KEY_USAGE.digitalSignature | (gost ? 0 : KEY_USAGE.keyEncipherment);
  return gost ? base | KEY_USAGE.keyAgreement : base;
}
