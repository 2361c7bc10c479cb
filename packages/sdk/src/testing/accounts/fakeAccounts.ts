import type { FakeHandler } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { withCheckedInputs } from './accountInputs';
import { createAccountStore } from './accountStore';
import { authRoutes } from './authRoutes';
import { companyRoutes } from './companyRoutes';
import { createFakeLockouts } from './fakeLockouts';
import { profileRoutes } from './profileRoutes';
import type { FakeRegisterParty } from './register';

// The accounts service of the fake server: sign-in, registration and recovery, profiles and companies.

/** The accounts service of the fake server: handlers by operationId (inputs checked first) and its accounts. */
export function createFakeAccounts(
  register: readonly FakeRegisterParty[],
  tokens: { jwtAccessTokens: boolean } = { jwtAccessTokens: false },
  now: () => Date = () => new Date(),
) {
  const store = createAccountStore(register, tokens);
  const handlers: Partial<Record<FakeOperationId, FakeHandler>> = withCheckedInputs({
    ...authRoutes(store, createFakeLockouts(now)),
    ...profileRoutes(),
    ...companyRoutes(store),
  });
  return { ...store, handlers };
}
