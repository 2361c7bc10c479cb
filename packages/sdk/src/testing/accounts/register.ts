import type { Company, RegistryEntry } from '@qoltanba/core';

// The fake statistics register (registry lookups, attaching a company by IIN) and company fixtures.

/** A party of the fake statistics register and, for people, the phone the state database links to it. */
export interface FakeRegisterParty {
  entry: RegistryEntry;
  phone?: string;
}

/** The fake statistics register: two legal entities and one sole proprietor (`FAKE_IIN`). */
export const FAKE_REGISTER: readonly FakeRegisterParty[] = [
  {
    entry: {
      bin: '990340005977',
      kind: 'legal',
      nameRu: 'ТОО Альфа',
      nameKk: null,
      shortNameRu: null,
      shortNameKk: null,
    },
  },
  {
    entry: {
      bin: '020540003431',
      kind: 'legal',
      nameRu: 'АО Бета',
      nameKk: null,
      shortNameRu: null,
      shortNameKk: null,
    },
  },
  {
    entry: {
      bin: '870412300416',
      kind: 'sole_proprietor',
      nameRu: 'ИП Бекова',
      nameKk: 'ЖК Бекова',
      shortNameRu: null,
      shortNameKk: null,
    },
    phone: '+77012345678',
  },
];

/** The sole proprietor's IIN in {@link FAKE_REGISTER}; its linked phone is the default account's. */
export const FAKE_IIN = '870412300416';

/** A company of the context list, for fixtures. */
export function company(bin: string, name: string, isMainCompany = false): Company {
  return { bin, nameRu: name, shortNameRu: null, isMainCompany };
}
