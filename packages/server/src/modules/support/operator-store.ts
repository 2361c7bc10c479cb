import { type LoginTarget, parseLoginTarget } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findUserById } from '../account/index.js';

/** A granted operator login. */
export interface SupportOperatorGrant {
  /** Normalised e-mail or phone, as accounts store them. */
  login: string;
  grantedAt: Date;
}

/** The normalised login of what an administrator typed (an e-mail or a phone), or undefined when it is neither. */
export function operatorLogin(input: string): LoginTarget | undefined {
  return parseLoginTarget(input.trim());
}

/**
 * Grants the operator role to a login. It need not have an account yet: the role holds from its registration on, so
 * an e2e setup or a new colleague can be granted before they sign up. Answers false when it was granted already.
 */
export async function grantSupportOperator(
  db: Kysely<Database>,
  login: LoginTarget,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('support_operators')
    .values({ login: login.value, granted_at: now })
    .onConflict((conflict) => conflict.column('login').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the role away (at once: every inbox request checks it); false when the login did not have it. */
export async function revokeSupportOperator(db: Kysely<Database>, login: LoginTarget): Promise<boolean> {
  const deleted = await db
    .deleteFrom('support_operators')
    .where('login', '=', login.value)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Every granted login, by login. */
export async function listSupportOperators(db: Kysely<Database>): Promise<SupportOperatorGrant[]> {
  const rows = await db.selectFrom('support_operators').selectAll().orderBy('login').execute();
  return rows.map((row) => ({ login: row.login, grantedAt: new Date(row.granted_at) }));
}

/** An operator as replies name them. */
export interface SupportOperator {
  userId: string;
  firstName: string;
}

/** The user as an operator when their e-mail or phone holds the role, else undefined. */
export async function findSupportOperator(
  db: Kysely<Database>,
  userId: string,
): Promise<SupportOperator | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const logins = [user.email, user.phone].filter((login) => login !== null);
  if (logins.length === 0) return undefined;
  const granted = await db
    .selectFrom('support_operators')
    .select('login')
    .where('login', 'in', logins)
    .executeTakeFirst();
  return granted ? { userId, firstName: user.firstname } : undefined;
}
