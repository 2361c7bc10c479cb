import {
  apiPath,
  type CodeSent,
  type Company,
  codeSentSchema,
  companySchema,
  PROFILE_PATHS,
  type RegistryEntry,
  registryEntrySchema,
} from '@qoltanba/core';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { readResponse } from '../api/expectResponse';
import { activeClient } from '../session/activeClient';
import { SESSION_STORAGE_KEYS } from '../session/storageKeys';

const companies = atom<Company[]>([]);
const selectedBin = atom<string | undefined>(undefined);
// Bumped on reset so a list that arrives after logout is dropped.
let generation = 0;
// Every call that answers the company list (list, main company, attach) is checked with it.
const companyListSchema = companySchema.array();

/** The user's company contexts (companies and the individual profile), as the server lists them. */
export const $companies: ReadableAtom<Company[]> = companies;

/** BIN of the chosen company context, kept in local storage `selectedCompanyBin`; undefined when none. */
export const $selectedCompanyBin: ReadableAtom<string | undefined> = selectedBin;

/**
 * The company selection rule after a list loads (SPEC section 4): the stored BIN when it is in the list,
 * else the first company, else none.
 */
export function pickSelectedBin(list: readonly Company[], storedBin: string | undefined): string | undefined {
  if (storedBin !== undefined && list.some((company) => company.bin === storedBin)) return storedBin;
  return list[0]?.bin;
}

/** The company in effect: the selected one, else the main company (SPEC section 4), else undefined. */
export function currentCompanyOf(list: readonly Company[], bin: string | undefined): Company | undefined {
  return list.find((company) => company.bin === bin) ?? list.find((company) => company.isMainCompany);
}

/** The company context in effect; see {@link currentCompanyOf}. */
export const $currentCompany: ReadableAtom<Company | undefined> = computed(
  [companies, selectedBin],
  currentCompanyOf,
);

function writeSelected(bin: string | undefined): void {
  selectedBin.set(bin);
  const { storage } = activeClient();
  if (bin === undefined) storage.removeItem(SESSION_STORAGE_KEYS.selectedCompanyBin);
  else storage.setItem(SESSION_STORAGE_KEYS.selectedCompanyBin, bin);
}

function applyList(list: Company[]): Company[] {
  companies.set(list);
  writeSelected(pickSelectedBin(list, selectedBin.get()));
  return list;
}

/** Loads the company list and applies the selection rule ({@link pickSelectedBin}). */
export async function reloadCompanies(): Promise<Company[]> {
  const started = generation;
  const client = activeClient();
  const list = await readResponse(
    client.api.get(PROFILE_PATHS.companies).json<unknown>(),
    companyListSchema,
    client.lang,
  );
  return started === generation ? applyList(list) : list;
}

/**
 * Chooses the company context and stores it. Returns false (and changes nothing) for a BIN that is not
 * in `$companies`. The portal must not call it on the document-editing screens.
 */
export function selectCompany(bin: string): boolean {
  if (!companies.get().some((company) => company.bin === bin)) return false;
  writeSelected(bin);
  return true;
}

/** Marks one of the user's companies as main; `$companies` takes the server's new list. */
export async function setMainCompany(bin: string): Promise<Company[]> {
  const client = activeClient();
  const answer = client.api.url(apiPath(PROFILE_PATHS.mainCompany, { bin })).put().json<unknown>();
  return applyList(await readResponse(answer, companyListSchema, client.lang));
}

/**
 * Starts attaching an individual or sole proprietor by IIN: the server sends an SMS code to `phoneNumber`
 * if it is the phone linked to that IIN in the state database. Confirm with {@link confirmAttachByIin}.
 */
export function attachByIin(input: { iin: string; phoneNumber: string }): Promise<CodeSent> {
  const client = activeClient();
  const answer = client.api
    .post({ ...input, lang: client.lang() }, PROFILE_PATHS.attachByIin)
    .json<unknown>();
  return readResponse(answer, codeSentSchema, client.lang);
}

/** Confirms an IIN attachment with the SMS code; `$companies` takes the new list (selection rule applied). */
export async function confirmAttachByIin(input: {
  iin: string;
  phoneNumber: string;
  code: string;
}): Promise<Company[]> {
  const client = activeClient();
  const answer = client.api.post(input, PROFILE_PATHS.attachByIinConfirm).json<unknown>();
  return applyList(await readResponse(answer, companyListSchema, client.lang));
}

/**
 * The state statistics register's record for a BIN or IIN. Rejects with ApiError when the register has
 * none (the catalogue's "not found in the state statistics register").
 */
export function lookupRegistry(identityNumber: string): Promise<RegistryEntry> {
  const client = activeClient();
  const answer = client.api.get(apiPath(PROFILE_PATHS.registryLookup, { identityNumber })).json<unknown>();
  return readResponse(answer, registryEntrySchema, client.lang);
}

/** Forgets the list and restores the selection from `storage` (internal: session start and logout). */
export function resetCompanyState(storage: Storage): void {
  generation += 1;
  companies.set([]);
  selectedBin.set(storage.getItem(SESSION_STORAGE_KEYS.selectedCompanyBin) ?? undefined);
}
