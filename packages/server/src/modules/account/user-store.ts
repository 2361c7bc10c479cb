import { randomUUID } from 'node:crypto';
import { AppError, type Lang, type LoginTarget } from '@qoltanba/core';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
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

/** Sets a new password hash. Sessions and login throttles are the caller's business. */
export async function setUserPassword(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Names (and the language, when given) of a profile edit. */
export interface UserNames {
  firstname: string;
  lastname: string;
  lang?: Lang | undefined;
}

/** Changes the names (and the language, when given); the updated account, or undefined when there is none. */
export async function updateUserNames(
  db: Kysely<Database>,
  userId: string,
  names: UserNames,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      firstname: names.firstname,
      lastname: names.lastname,
      ...(names.lang === undefined ? {} : { lang: names.lang }),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Sets the account's interface language. */
export async function setUserLang(db: Kysely<Database>, userId: string, lang: Lang): Promise<void> {
  await db.updateTable('users').set({ lang }).where('id', '=', userId).execute();
}

/**
 * Points the account at a stored avatar image (a blob key and its MIME type); answers the key of the image it
 * replaced, read under the row's lock, so two changes at once each answer a different one. Call in a transaction.
 */
export async function setUserAvatar(
  db: Kysely<Database>,
  userId: string,
  avatar: { key: string; mime: string },
): Promise<string | null> {
  const previous = await db
    .selectFrom('users')
    .select('avatar_key')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ avatar_key: avatar.key, avatar_mime: avatar.mime })
    .where('id', '=', userId)
    .execute();
  return previous?.avatar_key ?? null;
}

/**
 * The names of account `userId` (a column reference) as a JSON object `{firstname, lastname}`, null for an
 * unknown id: for other modules' reads that take it in their own query and so save a round trip.
 */
export function userNamesJson(userId: Expression<string>): RawBuilder<UserNames | null> {
  return sql<UserNames | null>`(select json_build_object('firstname', u.firstname, 'lastname', u.lastname)
    from users u where u.id = ${userId})`;
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

/** How to reach a user: the e-mail (null for phone-only accounts) and the interface language. */
export interface UserContact {
  id: string;
  email: string | null;
  lang: 'kk' | 'ru' | 'en';
}

/** The contacts of the given users that exist. */
export async function userContacts(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, UserContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'lang'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
