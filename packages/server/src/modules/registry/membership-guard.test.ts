import { AppError } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { useSuiteDatabase } from '../../testing/suite-database.js';
import { testDatabases } from '../../testing/test-databases.js';
import { attachCompany } from './company-store.js';
import { requireMembership } from './membership-guard.js';

const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const ALPHA = '990340005977';
const BETA = '020540003431';
const entry = (bin: string) => ({
  bin,
  kind: 'legal' as const,
  nameRu: `ТОО ${bin}`,
  shortNameRu: null,
  nameKk: null,
  shortNameKk: null,
});

describe.each(testDatabases())('requireMembership on $name', (backend) => {
  const database = useSuiteDatabase(backend);

  async function seed(): Promise<void> {
    const { db } = database;
    const now = new Date('2026-03-02T06:00:00Z');
    for (const [id, email] of [
      [USER, 'user@example.kz'],
      [OTHER, 'other@example.kz'],
    ] as const) {
      await db
        .insertInto('users')
        .values({
          id,
          email,
          phone: null,
          password_hash: 'x',
          firstname: 'A',
          lastname: 'B',
          lang: 'ru',
          avatar_key: null,
          avatar_mime: null,
          created_at: now,
        })
        .execute();
    }
    await attachCompany(db, USER, entry(ALPHA), now);
    await attachCompany(db, OTHER, entry(BETA), now);
  }

  it('passes a member, refuses anyone else with 403 FORBIDDEN whether the company exists or not', async () => {
    await seed();
    const { db } = database;
    await expect(requireMembership(db, USER, ALPHA)).resolves.toBeUndefined();
    for (const [userId, bin] of [
      [USER, BETA],
      [OTHER, ALPHA],
      [USER, '150940001238'],
    ] as const) {
      const refusal = await requireMembership(db, userId, bin).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
  });
});
