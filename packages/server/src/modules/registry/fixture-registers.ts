import type { RegistryEntry } from '@qoltanba/core';
import type { PhoneRegistry, StatisticsRegister } from './registers.js';

/** A fictional party of the local registers: its register record and, for people, the linked phone. */
export interface FixtureParty {
  entry: RegistryEntry;
  phone?: string;
}

const legal = (
  bin: string,
  nameRu: string,
  shortNameRu: string | null,
  nameKk: string | null,
  shortNameKk: string | null,
): FixtureParty => ({
  entry: { bin, kind: 'legal' as const, nameRu, shortNameRu, nameKk, shortNameKk },
});

/**
 * The parties of the local registers (fictional people and companies with valid check digits, plus the
 * NCA TEST certificate numbers), used by default and in tests.
 */
export const FIXTURE_PARTIES: readonly FixtureParty[] = [
  legal('990340005977', 'ТОО «Альфа Логистик»', 'ТОО «Альфа»', '«Альфа Логистик» ЖШС', '«Альфа» ЖШС'),
  legal('020540003431', 'АО «Бета Финанс»', 'АО «Бета»', '«Бета Финанс» АҚ', '«Бета» АҚ'),
  legal('150940001238', 'ТОО «Дала Софт»', null, '«Дала Софт» ЖШС', null),
  legal('123456789021', 'АО "ТЕСТ"', 'АО "ТЕСТ"', '"ТЕСТ" АҚ', '"ТЕСТ" АҚ'),
  {
    entry: {
      bin: '850312300459',
      kind: 'sole_proprietor',
      nameRu: 'ИП «Бекова Айгерим Сериковна»',
      shortNameRu: 'ИП Бекова А. С.',
      nameKk: '«Бекова Айгерим Серікқызы» ЖК',
      shortNameKk: 'ЖК Бекова А. С.',
    },
    phone: '+77011234567',
  },
  {
    entry: {
      bin: '920715401122',
      kind: 'individual',
      nameRu: 'Ахметов Данияр Ерланович',
      shortNameRu: 'Ахметов Д. Е.',
      nameKk: 'Ахметов Данияр Ерланұлы',
      shortNameKk: 'Ахметов Д. Е.',
    },
    phone: '+77027654321',
  },
  {
    entry: {
      bin: '123456789011',
      kind: 'individual',
      nameRu: 'ТЕСТОВ ТЕСТ',
      shortNameRu: null,
      nameKk: null,
      shortNameKk: null,
    },
    phone: '+77000000011',
  },
  {
    entry: {
      bin: '123456789012',
      kind: 'individual',
      nameRu: 'ТЕСТОВА ТЕСТ',
      shortNameRu: null,
      nameKk: null,
      shortNameKk: null,
    },
    phone: '+77000000012',
  },
];

/** A {@link StatisticsRegister} over {@link FIXTURE_PARTIES} (or the given parties). */
export function createFixtureStatisticsRegister(
  parties: readonly FixtureParty[] = FIXTURE_PARTIES,
): StatisticsRegister {
  return {
    async lookup(identityNumber) {
      const party = parties.find((candidate) => candidate.entry.bin === identityNumber);
      return party ? { ...party.entry } : undefined;
    },
  };
}

/** A {@link PhoneRegistry} over {@link FIXTURE_PARTIES} (or the given parties). */
export function createFixturePhoneRegistry(
  parties: readonly FixtureParty[] = FIXTURE_PARTIES,
): PhoneRegistry {
  return {
    async phoneForIin(iin) {
      return parties.find((candidate) => candidate.entry.bin === iin)?.phone;
    },
  };
}
