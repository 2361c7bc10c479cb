import { AppError } from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../account/index.js';
import { requireUser } from '../account/index.js';
import { isCompanyAdmin, isMember } from './company-store.js';

/**
 * Refuses with 403 FORBIDDEN unless the user belongs to the company `bin`. The answer is the same whether the
 * company exists or not, so it tells a stranger nothing about other companies. Routes of a company's
 * resources (`/companies/:bin/...`) call it before reading anything of that company.
 *
 * @example await requireMembership(db, (await requireUser(request)).userId, params.bin);
 */
export async function requireMembership(db: Kysely<Database>, userId: string, bin: string): Promise<void> {
  if (!(await isMember(db, userId, bin))) throw new AppError('FORBIDDEN');
}

/**
 * The signed-in user of a request who belongs to the company `bin`: 401 UNAUTHORIZED without a valid token,
 * 403 FORBIDDEN for a user of other companies.
 *
 * @example const { userId } = await requireCompanyUser(request, db, params.bin);
 */
export async function requireCompanyUser(
  request: FastifyRequest,
  db: Kysely<Database>,
  bin: string,
): Promise<AuthUser> {
  const user = await requireUser(request);
  await requireMembership(db, user.userId, bin);
  return user;
}

/**
 * The signed-in user of a request who administers the company `bin`: 401 UNAUTHORIZED without a valid token,
 * 403 FORBIDDEN for a user of other companies (as {@link requireCompanyUser}), 403 API_KEY_FORBIDDEN for a member
 * who is not its administrator.
 *
 * @example const { userId } = await requireCompanyAdmin(request, db, params.bin);
 */
export async function requireCompanyAdmin(
  request: FastifyRequest,
  db: Kysely<Database>,
  bin: string,
): Promise<AuthUser> {
  const user = await requireCompanyUser(request, db, bin);
  if (!(await isCompanyAdmin(db, user.userId, bin))) throw new AppError('API_KEY_FORBIDDEN');
  return user;
}
