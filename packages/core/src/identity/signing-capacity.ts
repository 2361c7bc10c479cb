import type { CertificateSigner, SignerRole, SigningCapacity } from '../schemas/verification';

/**
 * The roles that sign for a company in full: its first head, and a person the company gave the right to sign.
 * NCA RK's other legal-entity roles are narrower (financial or HR documents, an employee's internal documents),
 * so such a signature is no company signature; attaching a company by its EDS asks the same.
 */
export const COMPANY_SIGNING_ROLES: readonly SignerRole[] = ['first_head', 'right_to_sign'];

/**
 * In what capacity a certificate signs: the most specific EKU role (else `legal_entity` when it names a BIN,
 * `individual` when only an IIN), and for a company's certificate whether that role may sign for the company.
 */
export function signingCapacity(
  signer: Pick<CertificateSigner, 'iin' | 'bin' | 'role' | 'roles'>,
): SigningCapacity {
  const forCompany = signer.bin !== null;
  const role = signer.role ?? (forCompany ? 'legal_entity' : signer.iin !== null ? 'individual' : null);
  const roles = new Set<SignerRole | null>([signer.role, ...signer.roles]);
  return {
    role,
    forCompany,
    maySignForCompany: forCompany ? COMPANY_SIGNING_ROLES.some((r) => roles.has(r)) : null,
  };
}
