import type { RegistryEntry } from '@qoltanba/core';

/** The state statistics register: names and kind of a party by BIN (legal entity) or IIN (person). */
export interface StatisticsRegister {
  /** The register's record, or undefined when the number is not in it. Throws when the register is unreachable. */
  lookup(identityNumber: string): Promise<RegistryEntry | undefined>;
}

/** The state database that links a person's IIN to their mobile phone. */
export interface PhoneRegistry {
  /** The normalised phone (+77XXXXXXXXX) linked to the IIN, or undefined when none is. */
  phoneForIin(iin: string): Promise<string | undefined>;
}
