import { randomUUID } from 'node:crypto';
import { AppError, type Lang, type LoginTarget } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { uniqueViolation } from '../../db/constraint-violation.js';
import type { Database, UserRow } from '../../db/schema.js';

/** The account with this normalised e-mail or phone. */
export async function findUserByTarget(
  db: Kysely<Database>,
  target: LoginTarget,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(target.kind === 'email' ? 'email' : 'phone', '=', target.value)
    .executeTakeFirst();
}

/** The account with this id. */
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** EMAIL_TAKEN / PHONE_TAKEN when an account already uses this contact. */
export async function assertContactFree(db: Kysely<Database>, target: LoginTarget): Promise<void> {
  if (await findUserByTarget(db, target)) {
    throw new AppError(target.kind === 'email' ? 'EMAIL_TAKEN' : 'PHONE_TAKEN');
  }
}

/** Fields of a new account. */
export interface NewUser {
  contact: LoginTarget;
  passwordHash: string;
  firstname: string;
  lastname: string;
  lang: Lang;
  createdAt: Date;
}

/** Creates an account; the database's unique indexes decide races, answered EMAIL_TAKEN / PHONE_TAKEN. */
export async function createUser(db: Kysely<Database>, user: NewUser): Promise<string> {
  const id = randomUUID();
  try {
    await db
      .insertInto('users')
      .values({
        id,
        email: user.contact.kind === 'email' ? user.contact.value : null,
        phone: user.contact.kind === 'phone' ? user.contact.value : null,
        password_hash: user.passwordHash,
        firstname: user.firstname,
        lastname: user.lastname,
        lang: user.lang,
        avatar_key: null,
        avatar_mime: null,
        created_at: user.createdAt,
      })
      .execute();
  } catch (error) {
    const violation = uniqueViolation(error);
    if (violation === undefined) throw error;
    throw new AppError(violation.includes('phone') ? 'PHONE_TAKEN' : 'EMAIL_TAKEN', undefined, {
      cause: error,
    });
  }
  return id;
}

/** A user's names as documents and history show them. */
export interface UserNames {
  firstname: string;
  lastname: string;
}

/** The names of the given accounts (unknown ids are left out). */
export async function userNames(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, UserNames>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, { firstname: row.firstname, lastname: row.lastname }]));
}
