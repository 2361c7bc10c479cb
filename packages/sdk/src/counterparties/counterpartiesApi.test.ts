import { counterpartySchema } from '@qoltanba/core';
import { BETA, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { loggedInOn } from '../test-support/real-server';
import {
  createCounterparty,
  deleteCounterparty,
  listCounterparties,
  updateCounterparty,
} from './counterpartiesApi';

const test = testServerPerFile();

const danyar = { identityNumber: '920715401122', nameRu: 'Ахметов Данияр', emails: ['danyar@example.kz'] };
const dala = { identityNumber: '150940001238', nameRu: 'ТОО Дала Софт', emails: ['office@dala.kz'] };

async function codeOf(pending: Promise<unknown>) {
  return pending.then(
    () => 'resolved',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );
}

describe('counterparties API', () => {
  it('keeps the address book of the acting company', async () => {
    await loggedInOn(test.server);
    const created = await createCounterparty(danyar);
    expect(counterpartySchema.parse(created)).toMatchObject({ ...danyar, nameKk: null });
    await createCounterparty(dala);
    expect((await listCounterparties()).map((entry) => entry.nameRu)).toEqual([
      'Ахметов Данияр',
      'ТОО Дала Софт',
    ]);
    expect(await listCounterparties({}, { bin: BETA.bin })).toEqual([]);
    expect((await listCounterparties({ q: 'дала' })).map((entry) => entry.nameRu)).toEqual(['ТОО Дала Софт']);
    expect((await listCounterparties({ q: '9207' })).map((entry) => entry.nameRu)).toEqual([
      'Ахметов Данияр',
    ]);
    expect(await listCounterparties({ q: '0715' })).toEqual([]);
    const renamed = await updateCounterparty(created.id, { ...danyar, nameKk: 'Ахметов Данияр Ерланұлы' });
    expect(renamed.nameKk).toBe('Ахметов Данияр Ерланұлы');
    await deleteCounterparty(created.id);
    expect((await listCounterparties()).map((entry) => entry.nameRu)).toEqual(['ТОО Дала Софт']);
  });

  it('refuses a duplicate BIN/IIN, invalid input and an unknown entry', async () => {
    await loggedInOn(test.server);
    const created = await createCounterparty(danyar);
    const other = await createCounterparty(dala);
    expect(await codeOf(createCounterparty(danyar))).toBe('409 COUNTERPARTY_EXISTS');
    expect(await codeOf(updateCounterparty(other.id, danyar))).toBe('409 COUNTERPARTY_EXISTS');
    expect(await codeOf(createCounterparty({ ...danyar, identityNumber: '920715401123' }))).toBe(
      '400 IDENTITY_NUMBER_INVALID',
    );
    expect(await codeOf(createCounterparty({ ...danyar, emails: [] }))).toBe('400 INVALID_EMAIL');
    expect(await codeOf(deleteCounterparty(created.id, { bin: BETA.bin }))).toBe(
      '404 COUNTERPARTY_NOT_FOUND',
    );
    expect(await codeOf(updateCounterparty(999, dala))).toBe('404 COUNTERPARTY_NOT_FOUND');
  });
});
