import type { RegistryEntry } from '@qoltanba/core';
import { attachCompany, FIXTURE_PARTIES } from '../modules/registry/index.js';
import { registerAccount } from './accounts.js';
import type { TestApp } from './test-app.js';

/** A signed-in user who belongs to one company. */
export interface CompanyMember {
  token: string;
  userId: string;
  bin: string;
}

/** The user id of an access token (its `sub` claim), read without checking: the server issued it in this test. */
export function userIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  const sub: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub;
  if (typeof sub !== 'string') throw new Error('access token without sub');
  return sub;
}

/** The register record of a fixture party, or a made-up legal entity for any other number. */
export function registryEntryFor(bin: string): RegistryEntry {
  return (
    FIXTURE_PARTIES.find((party) => party.entry.bin === bin)?.entry ?? {
      bin,
      kind: 'legal',
      nameRu: `ТОО «Компания ${bin}»`,
      shortNameRu: null,
      nameKk: null,
      shortNameKk: null,
    }
  );
}

/** Makes an existing user a member of the company `bin` (through the registry's store, as attaching does). */
export async function addMembership(server: TestApp, userId: string, bin: string): Promise<void> {
  await attachCompany(server.services.database.db, userId, registryEntryFor(bin), server.services.clock());
}

/** Registers an account through the API and makes it a member of the company `bin`. */
export async function registerMember(server: TestApp, email: string, bin: string): Promise<CompanyMember> {
  const token = (await registerAccount(server, email)).access_token;
  const userId = userIdOf(token);
  await addMembership(server, userId, bin);
  return { token, userId, bin };
}
