import { ACCESS_TOKEN_SECONDS, type AuthTokens, type LoginTarget } from '@qoltanba/core';
import type { FakeAccount } from '../fakeHttp';
import { company, type FakeRegisterParty } from './register';

// The fake's accounts (one default account to begin with), the tokens it issued and pending registrations.

/** The one code the fake accepts. */
export const FAKE_CODE = '123456';

/**
 * The accounts of the fake server and their tokens; `register` is the statistics register it consults. Access tokens
 * are `access-<n>`, or with `jwtAccessTokens` JWT-shaped like the server's, naming their user in `sub`.
 */
export function createAccountStore(
  register: readonly FakeRegisterParty[],
  tokens: { jwtAccessTokens: boolean } = { jwtAccessTokens: false },
) {
  const accessTokens = new Map<string, FakeAccount>();
  const refreshTokens = new Map<string, FakeAccount>();
  const registrations = new Map<string, { email?: string; phone?: string }>();
  let issued = 0;
  const account: FakeAccount = {
    userId: 'user-1',
    email: 'aigerim@example.kz',
    phone: '+77012345678',
    password: 'correct-horse',
    profile: { email: 'aigerim@example.kz', firstname: 'Aigerim', lastname: 'Bekova', lang: 'kk' },
    companies: [company('990340005977', 'ТОО Альфа'), company('020540003431', 'АО Бета', true)],
  };
  const accounts: FakeAccount[] = [account];

  const issue = (owner: FakeAccount): AuthTokens => {
    issued += 1;
    const issuedTokens = {
      access_token: tokens.jwtAccessTokens ? fakeJwt(owner.userId, issued) : `access-${issued}`,
      refresh_token: `refresh-${issued}`,
      expires_in: ACCESS_TOKEN_SECONDS,
    };
    accessTokens.set(issuedTokens.access_token, owner);
    refreshTokens.set(issuedTokens.refresh_token, owner);
    return issuedTokens;
  };
  const findAccount = (target: LoginTarget) =>
    accounts.find((candidate) =>
      target.kind === 'email' ? candidate.email === target.value : candidate.phone === target.value,
    );
  // As the server's registry: the account that attached a company first administers it; fixture companies
  // (without `isAdmin`) count as administered by their account.
  const isAdmin = (owner: FakeAccount, bin: string) =>
    owner.companies.find((entry) => entry.bin === bin)?.isAdmin !== false;

  return {
    register,
    account,
    accounts,
    accessTokens,
    refreshTokens,
    registrations,
    issue,
    findAccount,
    isAdmin,
  };
}

/** An unsigned JWT-shaped access token naming its user in `sub`, unique by `n`; never checked for a signature. */
function fakeJwt(userId: string, n: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ typ: 'access', sub: userId, n })}.fake-${n}`;
}

/** The accounts of the fake server (see {@link createAccountStore}). */
export type AccountStore = ReturnType<typeof createAccountStore>;
