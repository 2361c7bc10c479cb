import {
  ACCOUNT_PATHS,
  type AuthTokens,
  checkDigit,
  LOGIN_MAX_FAILURES,
  parseLoginTarget,
} from '@qoltanba/core';
import type { TestSigner } from '@qoltanba/testkit';
import { createUser, hashPassword } from '../../modules/account/index.js';
import { attachCompany, FIXTURE_PARTIES } from '../../modules/registry/index.js';
import { grantSupportOperator } from '../../modules/support/index.js';
import { TEST_PASSWORD_SCRYPT_COST, type TestApp } from '../test-app.js';
import { IN_PROCESS_CLIENT_ADDRESS } from './in-process-fetch.js';
import type { CertificateHolder, WorldPki } from './world-pki.js';

/** A company of the seeded world (its record is the local statistics register's). */
export interface WorldCompany {
  bin: string;
  nameRu: string;
}

function registered(bin: string): WorldCompany {
  const party = FIXTURE_PARTIES.find((entry) => entry.entry.bin === bin);
  if (!party) throw new Error(`${bin} is not in the fixture register`);
  return { bin, nameRu: party.entry.nameRu };
}

/** ТОО «Альфа Логистик», BIN 990340005977. */
export const ALFA: WorldCompany = registered('990340005977');
/** АО «Бета Финанс», BIN 020540003431. */
export const BETA: WorldCompany = registered('020540003431');

/** Данияр Ахметов, an individual of the register (IIN 920715401122): daniyar acts for himself under this number. */
export const INDIVIDUAL: WorldCompany = registered('920715401122');

/** The first valid IIN from `first11` on (the serial counts up until the check digit exists). */
function validIin(first11: string): string {
  for (let n = Number(first11); ; n += 1) {
    const candidate = String(n).padStart(11, '0');
    const digit = checkDigit(candidate);
    if (digit !== undefined) return `${candidate}${digit}`;
  }
}

/** A user of the seeded world: how they sign in, their IIN (in their certificates) and their companies. */
export interface WorldUser {
  /** Their login (always an e-mail here; the world's password is {@link WORLD_PASSWORD}). */
  email: string;
  iin: string;
  firstname: string;
  lastname: string;
  /** Companies in the order attached: the first is their main company; the first to attach one is its admin. */
  companies: readonly WorldCompany[];
  /** Holds the support operator role. */
  operator?: boolean;
}

/** Every world user's password. */
export const WORLD_PASSWORD = 'correct-horse';

/**
 * The users every test server starts with: `aigerim` (admin of ALFA and BETA; ALFA her main company; her IIN is the
 * sole proprietor's of the register, linked to +77011234567), `bolat` (member of BETA), `daniyar` (an individual of
 * the register, acting under his own IIN, {@link INDIVIDUAL}) and `operator` (support operator, no company).
 */
export const WORLD_USERS = {
  aigerim: {
    email: 'aigerim@example.kz',
    iin: '850312300459',
    firstname: 'Айгерим',
    lastname: 'Бекова',
    companies: [ALFA, BETA],
  },
  bolat: {
    email: 'bolat@example.kz',
    iin: validIin('90051530012'),
    firstname: 'Болат',
    lastname: 'Сейтов',
    companies: [BETA],
  },
  daniyar: {
    email: 'daniyar@example.kz',
    iin: INDIVIDUAL.bin,
    firstname: 'Данияр',
    lastname: 'Ахметов',
    companies: [INDIVIDUAL],
  },
  operator: {
    email: 'operator@example.kz',
    iin: validIin('88020240034'),
    firstname: 'Оператор',
    lastname: 'Поддержки',
    companies: [],
    operator: true,
  },
} as const satisfies Record<string, WorldUser>;

/** The name of a world user. */
export type WorldUserName = keyof typeof WORLD_USERS;

/** The certificate holder of `user` signing for `company` (none, or their own IIN: as an individual). */
export function holderOf(user: WorldUser, company?: WorldCompany): CertificateHolder {
  return {
    iin: user.iin,
    surname: user.lastname.toUpperCase(),
    givenName: user.firstname.toUpperCase(),
    ...(company && company.bin !== user.iin ? { company } : {}),
  };
}

// One cheap scrypt hash per process (the test servers' cost): logins verify it for real, in a millisecond, not tens.
let passwordHash: Promise<string> | undefined;
const worldPasswordHash = () => {
  passwordHash ??= hashPassword(WORLD_PASSWORD, { N: 2 ** TEST_PASSWORD_SCRYPT_COST, r: 8, p: 1 });
  return passwordHash;
};

/** Writes one user with their memberships and operator grant (the account and registry stores, as signing up does). */
export async function seedUser(server: TestApp, user: WorldUser, now: Date): Promise<string> {
  const { db } = server.services.database;
  const id = await createUser(db, {
    contact: { kind: 'email', value: user.email },
    passwordHash: await worldPasswordHash(),
    firstname: user.firstname,
    lastname: user.lastname,
    lang: 'ru',
    createdAt: now,
  });
  for (const company of user.companies) {
    const party = FIXTURE_PARTIES.find((entry) => entry.entry.bin === company.bin);
    if (party) await attachCompany(db, id, party.entry, now);
  }
  const login = parseLoginTarget(user.email);
  if (user.operator && login) await grantSupportOperator(db, login, now);
  return id;
}

/** Writes the world's users, memberships and operator grants. */
export async function seedWorld(server: TestApp, now: Date): Promise<Record<WorldUserName, string>> {
  const ids = {} as Record<WorldUserName, string>;
  for (const [name, user] of Object.entries(WORLD_USERS) as Array<[WorldUserName, WorldUser]>)
    ids[name] = await seedUser(server, user, now);
  return ids;
}

/** The seeded world of a test server: its users, their sign-in and their certificates. */
export interface World {
  readonly users: typeof WORLD_USERS;
  /** Each world user's id. */
  readonly ids: Record<WorldUserName, string>;
  /** Signs `user` in through the login route (their real password) and answers the tokens the sdk stores. */
  login(user: WorldUserName | WorldUser, password?: string): Promise<AuthTokens>;
  /** The signing certificate of `user` for `company` (an individual's without one), issued by the trusted test CA. */
  certificate(user: WorldUserName | WorldUser, company?: WorldCompany): TestSigner;
  /** A certificate of aigerim for ALFA that the CA revoked before the server started. */
  readonly revokedCertificate: TestSigner;
  /**
   * Distributed guessing: `count` wrong passwords for `user`, each from another client address (none of them is
   * locked out); from the LOGIN_SLOWDOWN_AFTER-th on, every client's next try of that account waits. Answers the
   * HTTP statuses.
   */
  guessPasswords(user: WorldUserName | WorldUser, count: number): Promise<number[]>;
  /**
   * LOGIN_MAX_FAILURES wrong passwords for `user` from the in-process fetch's address (`clientAddress()`): that
   * client (the one the tests' clients use) is refused the account's password login until the clock's now + LOGIN_LOCK_SECONDS.
   */
  lockOut(user: WorldUserName | WorldUser): Promise<void>;
  /** Grants `user` the support operator role (as an administrator does), besides the world's `operator`. */
  grantOperator(user: WorldUserName | WorldUser): Promise<void>;
}

let loginIp = 0;
/** A fresh client address per call, so the per-IP login limits never trip a long test file. */
function nextLoginAddress(): string {
  loginIp += 1;
  return `10.253.${Math.floor(loginIp / 250) % 250}.${(loginIp % 250) + 1}`;
}

/** The world of `server` once seeded: logins through the real route, certificates from `pki`. */
export function worldOf(
  server: TestApp,
  ids: () => Record<WorldUserName, string>,
  pki: WorldPki,
  clientAddress: () => string = () => IN_PROCESS_CLIENT_ADDRESS,
): World {
  const userOf = (user: WorldUserName | WorldUser): WorldUser =>
    typeof user === 'string' ? WORLD_USERS[user] : user;
  const attempt = (user: WorldUserName | WorldUser, password: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      remoteAddress,
      payload: { login: userOf(user).email, password, lang: 'ru' },
    });
  const WRONG = `not-${WORLD_PASSWORD}`;
  return {
    users: WORLD_USERS,
    get ids() {
      return ids();
    },
    async login(user, password = WORLD_PASSWORD) {
      const res = await attempt(user, password, nextLoginAddress());
      if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
      return res.json() as AuthTokens;
    },
    async guessPasswords(user, count) {
      const statuses: number[] = [];
      for (let guess = 0; guess < count; guess += 1)
        statuses.push((await attempt(user, WRONG, nextLoginAddress())).statusCode);
      return statuses;
    },
    async lockOut(user) {
      for (let guess = 0; guess < LOGIN_MAX_FAILURES; guess += 1) {
        const res = await attempt(user, WRONG, clientAddress());
        if (res.statusCode === 423) return;
      }
      throw new Error('lockOut: the client was not locked out');
    },
    async grantOperator(user) {
      const login = parseLoginTarget(userOf(user).email);
      if (!login) throw new Error(`grantOperator: ${userOf(user).email} is not a login`);
      await grantSupportOperator(server.services.database.db, login, server.services.clock());
    },
    certificate: (user, company) => pki.certificate(holderOf(userOf(user), company)),
    revokedCertificate: pki.revoked,
  };
}
