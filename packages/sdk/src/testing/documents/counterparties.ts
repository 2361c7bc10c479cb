import {
  type CounterpartyInput,
  companyParamsSchema,
  counterpartyInputSchema,
  counterpartyListQuerySchema,
  counterpartyParamsSchema,
  normalizeEmail,
} from '@qoltanba/core';
import { type FakeContext, json, noContent, parseInput, refuse } from '../fakeHttp';
import { TEST_MODE } from './drafts';
import type { DocumentsParts } from './parts';
import type { FakeCounterpartyRecord } from './records';
import { compareText } from './textOrder';

// A company's counterparties: one per BIN/IIN, e-mails normalised, searched by name or number prefix.

/** E-mails as the server keeps them: normalised, each once. */
function normalised(input: CounterpartyInput): CounterpartyInput {
  const emails = input.emails.map((email) => normalizeEmail(email) ?? email.trim());
  return { ...input, emails: [...new Set(emails)] };
}

/** The counterparty routes. */
export function counterpartyRoutes({ store, access: { actingCompany } }: DocumentsParts) {
  const { counterparties, newId, iso } = store;

  function counterpartyView(entry: FakeCounterpartyRecord) {
    const { bin: _bin, ...view } = entry;
    return { ...view, nameKk: view.nameKk ?? null };
  }

  function ownCounterparty(id: number, bin: string): FakeCounterpartyRecord {
    const entry = counterparties.get(id);
    if (!entry || entry.bin !== bin) refuse('COUNTERPARTY_NOT_FOUND');
    return entry;
  }

  function uniqueCounterparty(bin: string, identityNumber: string, except?: number): void {
    for (const entry of counterparties.values()) {
      if (entry.bin === bin && entry.identityNumber === identityNumber && entry.id !== except) {
        refuse('COUNTERPARTY_EXISTS');
      }
    }
  }

  function listCounterparties(context: FakeContext): Response {
    const { q } = parseInput(counterpartyListQuerySchema, Object.fromEntries(context.query));
    const { bin } = parseInput(companyParamsSchema, context.params);
    actingCompany(context, bin);
    const needle = q?.toLowerCase() ?? '';
    const own = [...counterparties.values()]
      .filter(
        (entry) =>
          entry.bin === bin &&
          (entry.nameRu.toLowerCase().includes(needle) ||
            (entry.nameKk ?? '').toLowerCase().includes(needle) ||
            entry.identityNumber.startsWith(needle)),
      )
      .sort((a, b) => compareText(a.nameRu, b.nameRu) || a.id - b.id);
    return json(200, own.map(counterpartyView));
  }

  function createCounterparty(context: FakeContext): Response {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const input = normalised(parseInput(counterpartyInputSchema(TEST_MODE), context.rawBody));
    actingCompany(context, bin);
    uniqueCounterparty(bin, input.identityNumber);
    const at = iso();
    const entry: FakeCounterpartyRecord = {
      ...input,
      id: newId('counterparty'),
      bin,
      createdAt: at,
      updatedAt: at,
    };
    counterparties.set(entry.id, entry);
    return json(201, counterpartyView(entry));
  }

  function updateCounterparty(context: FakeContext): Response {
    const { bin, counterpartyId } = parseInput(counterpartyParamsSchema, context.params);
    const input = normalised(parseInput(counterpartyInputSchema(TEST_MODE), context.rawBody));
    actingCompany(context, bin);
    const entry = ownCounterparty(counterpartyId, bin);
    uniqueCounterparty(bin, input.identityNumber, entry.id);
    Object.assign(entry, input, { updatedAt: iso() });
    return json(200, counterpartyView(entry));
  }

  function deleteCounterparty(context: FakeContext): Response {
    const { bin, counterpartyId } = parseInput(counterpartyParamsSchema, context.params);
    actingCompany(context, bin);
    counterparties.delete(ownCounterparty(counterpartyId, bin).id);
    return noContent();
  }

  return { listCounterparties, createCounterparty, updateCounterparty, deleteCounterparty };
}
