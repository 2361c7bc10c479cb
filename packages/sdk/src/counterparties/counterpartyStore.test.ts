import { COUNTERPARTY_EMAILS_MAX, DOCUMENT_PATHS } from '@qoltanba/core';
import { errorResponse, testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedInOn } from '../test-support/real-server';
import { $counterparties } from './counterpartyStore';

const test = testServerPerFile();

const danyar = { identityNumber: '920715401122', nameRu: 'Ахметов Данияр', emails: ['Danyar@Example.kz'] };
const dala = { identityNumber: '150940001238', nameRu: 'ТОО Дала Софт', emails: ['office@dala.kz'] };

describe('$counterparties', () => {
  afterEach(async () => {
    cleanStores($counterparties);
    await $counterparties.search('');
  });

  it('keeps the address book, searches it and reloads after each change', async () => {
    const { server } = await loggedInOn(test.server);
    $counterparties.listen(() => {});
    await vi.waitFor(() => expect($counterparties.get().status).toBe('loaded'));
    const created = await $counterparties.create(danyar);
    expect(created.emails).toEqual(['danyar@example.kz']);
    await $counterparties.create(dala);
    expect($counterparties.get().items.map((entry) => entry.nameRu)).toEqual([
      'Ахметов Данияр',
      'ТОО Дала Софт',
    ]);
    await $counterparties.search('дала');
    expect($counterparties.$search.get()).toBe('дала');
    expect($counterparties.get().items.map((entry) => entry.nameRu)).toEqual(['ТОО Дала Софт']);
    expect(server.callsTo(['GET', DOCUMENT_PATHS.counterparties]).at(-1)?.path).toMatch(/counterparties$/);
    await $counterparties.search('');
    await $counterparties.update(created.id, { ...danyar, nameRu: 'Ахметов Д.' });
    expect($counterparties.get().items[0]?.nameRu).toBe('Ахметов Д.');
    await $counterparties.remove(created.id);
    expect($counterparties.get().items.map((entry) => entry.nameRu)).toEqual(['ТОО Дала Софт']);
    await expect($counterparties.create(dala)).rejects.toMatchObject({
      code: 'COUNTERPARTY_EXISTS',
      status: 409,
    });
    expect(COUNTERPARTY_EMAILS_MAX).toBe(5);
  });

  it('keeps the code of a failed load', async () => {
    const { server } = await loggedInOn(test.server);
    server.intercept(['GET', DOCUMENT_PATHS.counterparties], () => errorResponse(503, 'SERVICE_UNAVAILABLE'));
    $counterparties.listen(() => {});
    await vi.waitFor(() => expect($counterparties.get().status).toBe('failed'));
    expect($counterparties.get()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', items: [] });
  });
});
