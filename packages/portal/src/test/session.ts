import type { Company } from '@qoltanba/core';
import { startPortalSession } from '../session/portalSession';
import { createFakeClient, type FakeApiState } from './fakeApi';

/** Tokens a signed-in fake session starts from. */
export const FAKE_TOKENS = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 };

/** Starts a signed-in session on a fake API with the given companies; resolves once profile and list loaded. */
export async function signInFake(companies: Company[], initial: Partial<FakeApiState> = {}) {
  const fake = createFakeClient({ companies, ...initial });
  fake.client.storeTokens(FAKE_TOKENS);
  await startPortalSession(fake.client);
  return fake;
}

/** Starts an anonymous session on a fake API (no stored tokens). */
export async function startAnonymous(initial: Partial<FakeApiState> = {}) {
  const fake = createFakeClient(initial);
  await startPortalSession(fake.client);
  return fake;
}
