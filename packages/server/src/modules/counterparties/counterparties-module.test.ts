import { apiPath, COUNTERPARTY_EMAILS_MAX, DOCUMENT_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, type TestClock, testClock } from '../../testing/accounts.js';
import { type CompanyMember, registerMember } from '../../testing/companies.js';
import { emptyTablesBeforeEach } from '../../testing/empty-tables.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';

const ALPHA = '990340005977';
const BETA = '020540003431';
const DALA = { identityNumber: '150940001238', nameRu: 'ТОО «Дала Софт»', nameKk: '«Дала Софт» ЖШС' };
const PERSON = { identityNumber: '920715401122', nameRu: 'Ахметов Данияр Ерланович', nameKk: null };
/** An NCA test number: valid only in identity test mode. */
const TEST_BIN = '123456789021';

describe.each(testDatabases())('counterparties on $name', (backend) => {
  let server: TestApp;
  let clock: TestClock;
  let alpha: CompanyMember;
  let beta: CompanyMember;

  beforeAll(async () => {
    clock = testClock();
    server = await createTestApp({ backend, clock: clock.now, env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => {
    await server.close();
  });
  emptyTablesBeforeEach(() => server.services.database.db);
  beforeEach(async () => {
    alpha = await registerMember(server, 'alpha@example.kz', ALPHA);
    beta = await registerMember(server, 'beta@example.kz', BETA);
  });

  const listUrl = (bin: string, q?: string) =>
    `${apiPath(DOCUMENT_PATHS.counterparties, { bin })}?lang=en${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`;
  const list = (member: CompanyMember, q?: string, bin = member.bin) =>
    call(server, 'GET', listUrl(bin, q), { token: member.token });
  const create = (member: CompanyMember, body: unknown, bin = member.bin) =>
    call(server, 'POST', listUrl(bin), { token: member.token, body });
  const byId = (bin: string, counterpartyId: number | string) =>
    `${apiPath(DOCUMENT_PATHS.counterparty, { bin, counterpartyId: String(counterpartyId) })}?lang=en`;
  const update = (member: CompanyMember, id: number | string, body: unknown, bin = member.bin) =>
    call(server, 'PUT', byId(bin, id), { token: member.token, body });
  const remove = (member: CompanyMember, id: number | string, bin = member.bin) =>
    call(server, 'DELETE', byId(bin, id), { token: member.token });
  const add = async (member: CompanyMember, entry: object, emails = ['office@example.kz']) => {
    const res = await create(member, { ...entry, emails });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; updatedAt: string };
  };
  const namesOf = async (member: CompanyMember, q?: string) =>
    ((await list(member, q)).json() as Array<{ nameRu: string }>).map((c) => c.nameRu);

  it('adds an entry with trimmed names and normalised, de-duplicated e-mails', async () => {
    const res = await create(alpha, {
      identityNumber: ` ${DALA.identityNumber} `,
      nameRu: `  ${DALA.nameRu} `,
      nameKk: DALA.nameKk,
      emails: [' Office@Dala.KZ ', 'office@dala.kz', 'ceo@dala.kz'],
    });
    expect(res.statusCode).toBe(201);
    const at = clock.now().toISOString();
    expect(res.json()).toEqual({
      id: expect.any(Number),
      ...DALA,
      emails: ['office@dala.kz', 'ceo@dala.kz'],
      createdAt: at,
      updatedAt: at,
    });
    expect((await list(alpha)).json()).toEqual([res.json()]);
    expect((await list(beta)).json()).toEqual([]);
  });

  it('validates the BIN/IIN (check digit; NCA test numbers in test mode), the name and the e-mails', async () => {
    const valid = { ...DALA, emails: ['a@example.kz'] };
    const refusals: Array<[object, string]> = [
      [{ ...valid, identityNumber: '150940001239' }, 'IDENTITY_NUMBER_INVALID'],
      [{ ...valid, identityNumber: '15094000123' }, 'IDENTITY_NUMBER_INVALID'],
      [{ ...valid, emails: [] }, 'INVALID_EMAIL'],
      [{ ...valid, emails: ['not-an-email'] }, 'INVALID_EMAIL'],
      [{ ...valid, nameRu: '  ' }, 'VALIDATION_FAILED'],
      [
        {
          ...valid,
          emails: Array.from({ length: COUNTERPARTY_EMAILS_MAX + 1 }, (_, i) => `a${i}@example.kz`),
        },
        'VALIDATION_FAILED',
      ],
    ];
    for (const [body, code] of refusals) {
      const res = await create(alpha, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await create(alpha, { ...valid, identityNumber: TEST_BIN })).statusCode).toBe(201);
    expect((await list(alpha)).json()).toHaveLength(1);
  });

  it('refuses NCA test numbers when identity test mode is off', async () => {
    const strict = await createTestApp({
      backend,
      env: { RATE_LIMIT_MAX: '100000', QOLTANBA_IDENTITY_TEST_MODE: 'false' },
    });
    try {
      const member = await registerMember(strict, 'strict@example.kz', ALPHA);
      const res = await call(strict, 'POST', listUrl(ALPHA), {
        token: member.token,
        body: { identityNumber: TEST_BIN, nameRu: 'АО "ТЕСТ"', emails: ['a@example.kz'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('IDENTITY_NUMBER_INVALID');
    } finally {
      await strict.close();
    }
  });

  it('keeps one entry per BIN/IIN in a company (COUNTERPARTY_EXISTS); another company may have it too', async () => {
    await add(alpha, DALA);
    const again = await create(alpha, { ...DALA, nameRu: 'Другое имя', emails: ['x@example.kz'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'COUNTERPARTY_EXISTS',
      message: 'A counterparty with this BIN/IIN already exists',
    });
    await add(beta, DALA);
    expect(await namesOf(alpha)).toEqual([DALA.nameRu]);
  });

  it('lets only one of concurrent adds of a BIN/IIN win (the unique index decides)', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => create(alpha, { ...DALA, emails: [`n${n}@example.kz`] })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await list(alpha)).json()).toHaveLength(1);
  });

  it('lists by name whatever the case, and searches names (either language) and the start of the BIN/IIN', async () => {
    await add(alpha, DALA);
    await add(alpha, PERSON);
    await add(alpha, { identityNumber: '850312300459', nameRu: 'ип Бекова А. С.', nameKk: 'ЖК Бекова' });
    await add(beta, { identityNumber: '020540003431', nameRu: 'АО «Бета Финанс»' });
    expect(await namesOf(alpha)).toEqual(['Ахметов Данияр Ерланович', 'ип Бекова А. С.', 'ТОО «Дала Софт»']);
    expect(await namesOf(alpha, 'ДАЛА')).toEqual(['ТОО «Дала Софт»']);
    expect(await namesOf(alpha, 'жк бек')).toEqual(['ип Бекова А. С.']);
    expect(await namesOf(alpha, '9207')).toEqual(['Ахметов Данияр Ерланович']);
    expect(await namesOf(alpha, '1122')).toEqual([]);
    expect(await namesOf(alpha, 'Бета')).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await namesOf(alpha, '%')).toEqual([]);
    expect(await namesOf(alpha, '_')).toEqual([]);
    expect(await namesOf(alpha, '  ')).toHaveLength(3);
    const tooLong = await list(alpha, 'я'.repeat(101));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('QUERY_PARAM_TOO_LONG');
  });

  it('replaces an entry, and refuses a BIN/IIN another entry has', async () => {
    const dala = await add(alpha, DALA);
    const person = await add(alpha, PERSON);
    clock.advance(60);
    const res = await update(alpha, dala.id, {
      ...DALA,
      nameRu: 'ТОО «Дала Софт Плюс»',
      nameKk: null,
      emails: ['NEW@dala.kz'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...dala,
      ...DALA,
      nameRu: 'ТОО «Дала Софт Плюс»',
      nameKk: null,
      emails: ['new@dala.kz'],
      updatedAt: clock.now().toISOString(),
    });
    const clash = await update(alpha, person.id, { ...DALA, emails: ['a@example.kz'] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('COUNTERPARTY_EXISTS');
    expect(await namesOf(alpha)).toEqual(['Ахметов Данияр Ерланович', 'ТОО «Дала Софт Плюс»']);
  });

  it('treats an entry of another company as missing: COUNTERPARTY_NOT_FOUND, and it stays as it was', async () => {
    const theirs = await add(beta, DALA);
    const missing = 2_000_000_000;
    const body = { ...PERSON, emails: ['a@example.kz'] };
    for (const id of [theirs.id, missing, Number.MAX_SAFE_INTEGER]) {
      const updated = await update(alpha, id, body);
      expect(updated.statusCode).toBe(404);
      expect(updated.json()).toEqual({ code: 'COUNTERPARTY_NOT_FOUND', message: 'Counterparty not found' });
      const removed = await remove(alpha, id);
      expect(removed.statusCode).toBe(404);
      expect(removed.json()).toEqual(updated.json());
    }
    expect((await list(beta)).json()).toEqual([expect.objectContaining({ id: theirs.id, ...DALA })]);
    expect((await list(alpha)).json()).toEqual([]);
  });

  it('deletes an entry once', async () => {
    const dala = await add(alpha, DALA);
    const res = await remove(alpha, dala.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await remove(alpha, dala.id)).statusCode).toBe(404);
    expect((await list(alpha)).json()).toEqual([]);
  });

  it('refuses callers outside the company: 401 anonymous, 403 for a member of another company', async () => {
    const mine = await add(alpha, DALA);
    expect((await call(server, 'GET', listUrl(ALPHA))).statusCode).toBe(401);
    for (const res of [
      await list(beta, undefined, ALPHA),
      await list(beta, 'Дала', ALPHA),
      await create(beta, { ...PERSON, emails: ['a@example.kz'] }, ALPHA),
      await update(beta, mine.id, { ...PERSON, emails: ['a@example.kz'] }, ALPHA),
      await remove(beta, mine.id, ALPHA),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    expect(await namesOf(alpha)).toEqual([DALA.nameRu]);
  });
});
