import type { Counterparty, CounterpartyInput } from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';
import { type CompanyListStore, createCompanyListStore } from '../company/companyListStore';
import {
  createCounterparty,
  deleteCounterparty,
  listCounterparties,
  updateCounterparty,
} from './counterpartiesApi';

/** The acting company's counterparties with the actions on them; see {@link $counterparties}. */
export interface CounterpartiesStore extends CompanyListStore<Counterparty> {
  /** The search in effect (`q`: part of a name or the start of a BIN/IIN); '' for all. */
  readonly $search: ReadableAtom<string>;
  /** Changes the search and reloads. */
  search(q: string): Promise<void>;
  /** Adds a counterparty and reloads. Rejects with ApiError (COUNTERPARTY_EXISTS for a known BIN/IIN). */
  create(input: CounterpartyInput): Promise<Counterparty>;
  /** Replaces a counterparty and reloads. */
  update(counterpartyId: number, input: CounterpartyInput): Promise<Counterparty>;
  /** Deletes a counterparty and reloads. */
  remove(counterpartyId: number): Promise<void>;
}

const search = atom('');
const counterparties = createCompanyListStore('counterparties', (signal) => {
  const q = search.get().trim();
  return listCounterparties(q ? { q } : {}, { signal });
});

/**
 * The acting company's address book, by name: loads when watched, again when the acting company or the
 * search changes.
 *
 * @example
 * $counterparties.subscribe(({ items }) => render(items));
 * await $counterparties.create({ identityNumber, nameRu, emails: [email] });
 */
export const $counterparties: CounterpartiesStore = Object.assign(counterparties, {
  $search: search as ReadableAtom<string>,
  async search(q: string) {
    search.set(q);
    if (counterparties.lc > 0) await counterparties.reload();
  },
  async create(input: CounterpartyInput) {
    const created = await createCounterparty(input);
    await counterparties.reload();
    return created;
  },
  async update(counterpartyId: number, input: CounterpartyInput) {
    const updated = await updateCounterparty(counterpartyId, input);
    await counterparties.reload();
    return updated;
  },
  async remove(counterpartyId: number) {
    await deleteCounterparty(counterpartyId);
    await counterparties.reload();
  },
});
