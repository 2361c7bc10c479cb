import {
  apiPath,
  type CodeSent,
  type Company,
  codeSentSchema,
  companySchema,
  type ErrorCode,
  PROFILE_PATHS,
  type RegistryEntry,
  registryEntrySchema,
} from '@qoltanba/core';
import { atom, computed, type ReadableAtom } from 'nanostores';
import { isApiError } from '../api/apiError';
import { readResponse } from '../api/expectResponse';
import { $auth } from '../auth/authState';
import { activeClient } from '../session/activeClient';
import { SESSION_STORAGE_KEYS } from '../session/storageKeys';

/**
 * Where the signed-in user's company list stands. `idle` while anonymous; `loading` from the login (or a
 * reload after a failure) until the list arrives; `loaded` once it did (empty or not); `failed` when its
 * request, or the token refresh before it, failed with `code` (NETWORK_ERROR when no answer arrived). A
 * 401 or 403 does not fail the list: the session ends instead, and the state becomes `idle`.
 */
export type CompaniesLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded' }
  | { status: 'failed'; code: ErrorCode };

const IDLE: CompaniesLoad = { status: 'idle' };
const LOADING: CompaniesLoad = { status: 'loading' };
const LOADED: CompaniesLoad = { status: 'loaded' };

const companies = atom<Company[]>([]);
const selectedBin = atom<string | undefined>(undefined);
// The list's state within the current session; `$companiesLoad` shows it only while authenticated.
const listLoad = atom<CompaniesLoad>(LOADING);
// Bumped on reset so a list that arrives after logout is dropped.
let generation = 0;
// Every call that answers the company list (list, main company, attach) is checked with it.
const companyListSchema = companySchema.array();

/** The user's company contexts (companies and the individual profile), as the server lists them. */
export const $companies: ReadableAtom<Company[]> = companies;

/**
 * The company list's load state (see {@link CompaniesLoad}): the cabinet waits while `loading`, offers
 * onboarding only after a `loaded` empty list, and shows the error with a retry ({@link reloadCompanies})
 * when `failed`.
 *
 * @example
 * const load = useStore($companiesLoad);
 * if (load.status === 'failed') return <Failure code={load.code} onRetry={() => void reloadCompanies()} />;
 */
export const $companiesLoad: ReadableAtom<CompaniesLoad> = computed([$auth, listLoad], (auth, load) =>
  auth.status === 'authenticated' ? load : IDLE,
);

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

/** Takes a company list from the server as the current one (selection rule applied); for sdk modules only. */
export function applyList(list: Company[]): Company[] {
  companies.set(list);
  writeSelected(pickSelectedBin(list, selectedBin.get()));
  listLoad.set(LOADED);
  return list;
}

// 401 and 403 end the session (a logout follows), so they leave the list loading until then.
function endsSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

// Only a load in progress fails: a list already shown stays when a later reload fails.
function noteFailure(error: unknown): void {
  if (listLoad.get().status !== 'loading' || endsSession(error)) return;
  listLoad.set({ status: 'failed', code: isApiError(error) ? error.code : 'INTERNAL_ERROR' });
}

/**
 * Loads the company list and applies the selection rule ({@link pickSelectedBin}); `$companiesLoad`
 * follows. After a failure it is the retry: the state goes back to `loading` at once.
 */
export async function reloadCompanies(): Promise<Company[]> {
  const started = generation;
  if (listLoad.get().status === 'failed') listLoad.set(LOADING);
  const client = activeClient();
  let list: Company[];
  try {
    list = await readResponse(
      client.api.get(PROFILE_PATHS.companies).json<unknown>(),
      companyListSchema,
      client.lang,
    );
  } catch (error) {
    // A failure after logout (or a new session) belongs to a list nobody waits for.
    if (started === generation) noteFailure(error);
    throw error;
  }
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
  listLoad.set(LOADING);
  companies.set([]);
  selectedBin.set(storage.getItem(SESSION_STORAGE_KEYS.selectedCompanyBin) ?? undefined);
}
