import {
  type Counterparty,
  type CounterpartyInput,
  type CounterpartyListQuery,
  counterpartySchema,
  DOCUMENT_PATHS,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';

const counterpartyListSchema = counterpartySchema.array();

/**
 * The acting company's address book, by Russian name; `q` keeps entries whose name contains it or whose
 * BIN/IIN starts with it.
 */
export function listCounterparties(
  query: CounterpartyListQuery = {},
  scope?: CompanyScope,
): Promise<Counterparty[]> {
  const search = query.q ? `?${new URLSearchParams({ q: query.q })}` : '';
  const { api, client } = companyRequest(DOCUMENT_PATHS.counterparties, {}, scope, search);
  return readResponse(api.get().json<unknown>(), counterpartyListSchema, client.lang);
}

/** Adds a counterparty; a BIN/IIN the company already keeps answers COUNTERPARTY_EXISTS. */
export function createCounterparty(input: CounterpartyInput, scope?: CompanyScope): Promise<Counterparty> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.counterparties, {}, scope);
  return readResponse(api.post(input).json<unknown>(), counterpartySchema, client.lang);
}

/** Replaces a counterparty's BIN/IIN, names and e-mails. */
export function updateCounterparty(
  counterpartyId: number,
  input: CounterpartyInput,
  scope?: CompanyScope,
): Promise<Counterparty> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.counterparty, { counterpartyId }, scope);
  return readResponse(api.put(input).json<unknown>(), counterpartySchema, client.lang);
}

/** Deletes a counterparty. */
export async function deleteCounterparty(counterpartyId: number, scope?: CompanyScope): Promise<void> {
  const { api } = companyRequest(DOCUMENT_PATHS.counterparty, { counterpartyId }, scope);
  await api.delete().res();
}
