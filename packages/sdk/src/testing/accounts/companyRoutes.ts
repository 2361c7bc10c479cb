import { type ErrorCode, normalizeKzPhone, validateIdentityNumber } from '@qoltanba/core';
import { type FakeHandler, failure, json } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { type AccountStore, FAKE_CODE } from './accountStore';
import { codeSent } from './authRoutes';
import { company, type FakeRegisterParty } from './register';

// The caller's companies: the list, the main company, attaching a sole proprietorship by IIN (the phone the
// state database links to it gets a code) and looking a number up in the statistics register.

/** The company routes. */
export function companyRoutes({ register, accounts, isAdmin }: AccountStore) {
  /** The register record of an IIN that may be attached by IIN, else the server's error code. */
  const attachable = (iin: string): FakeRegisterParty | ErrorCode => {
    const validation = validateIdentityNumber(iin);
    if (!validation.ok) return 'IDENTITY_NUMBER_INVALID';
    if (validation.kind === 'BIN') return 'ATTACH_BY_IIN_ONLY_INDIVIDUALS';
    const party = register.find((candidate) => candidate.entry.bin === iin);
    if (!party) return 'IIN_NOT_IN_REGISTER';
    return party.entry.kind === 'legal' ? 'ATTACH_BY_IIN_ONLY_INDIVIDUALS' : party;
  };
  const linkedPhoneMatches = (iin: string, phoneNumber: unknown) => {
    const linked = register.find((candidate) => candidate.entry.bin === iin)?.phone;
    return linked !== undefined && normalizeKzPhone(String(phoneNumber)) === linked;
  };

  return {
    listCompanies: ({ account: owner }) => json(200, owner?.companies),
    setMainCompany: ({ account: owner, params }) => {
      if (!owner) return failure('UNAUTHORIZED');
      if (!owner.companies.some((entry) => entry.bin === params.bin)) {
        const known = accounts.some((other) => other.companies.some((entry) => entry.bin === params.bin));
        return failure(known ? 'FORBIDDEN' : 'ENTITY_NOT_FOUND');
      }
      owner.companies = owner.companies.map((entry) => ({
        ...entry,
        isMainCompany: entry.bin === params.bin,
      }));
      return json(200, owner.companies);
    },
    attachByIin: ({ body }) => {
      const iin = String(body.iin);
      const party = attachable(iin);
      if (typeof party === 'string') return failure(party);
      return linkedPhoneMatches(iin, body.phoneNumber) ? codeSent() : failure('PHONE_MISMATCH');
    },
    confirmAttachByIin: ({ account: owner, body }) => {
      if (!owner) return failure('UNAUTHORIZED');
      const iin = String(body.iin);
      if (!linkedPhoneMatches(iin, body.phoneNumber)) return failure('PHONE_MISMATCH');
      if (body.code !== FAKE_CODE) return failure('INVALID_CODE');
      const party = attachable(iin);
      if (typeof party === 'string') return failure(party);
      if (!owner.companies.some((entry) => entry.bin === iin)) {
        const { entry } = party;
        // As the server's attachCompany: the first company attached becomes the main one.
        const isMainCompany = !owner.companies.some((listed) => listed.isMainCompany);
        const administered = accounts.some(
          (other) =>
            other !== owner &&
            isAdmin(other, entry.bin) &&
            other.companies.some((listed) => listed.bin === entry.bin),
        );
        owner.companies = [
          ...owner.companies,
          {
            ...company(entry.bin, entry.nameRu, isMainCompany),
            isAdmin: !administered,
            nameKk: entry.nameKk,
            shortNameKk: entry.shortNameKk,
          },
        ];
      }
      return json(200, owner.companies);
    },
    lookupRegistry: ({ params }) => {
      const identityNumber = params.identityNumber ?? '';
      if (!validateIdentityNumber(identityNumber).ok) return failure('IDENTITY_NUMBER_INVALID');
      const party = register.find((candidate) => candidate.entry.bin === identityNumber);
      // The lookup answers 404 for a number the register does not know; attaching answers 400 (catalogue).
      return party ? json(200, party.entry) : failure('IIN_NOT_IN_REGISTER', 404);
    },
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
}
