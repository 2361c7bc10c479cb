import { attachBySignatureRequestSchema, type Company } from '@qoltanba/core';
import { type FakeContext, failure, json, parseInput, refuse } from '../fakeHttp';
import { cmsMarker, verdict } from './cms';
import type { SigningParts } from './parts';

// Attaching a company by signature: the server hands out random bytes, the user signs them with the company's
// EDS, and the signature names the company (a `fakeCms('bin:<BIN>')`, else the NCA TEST legal entity).

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The NCA TEST legal entity (АО "ТЕСТ") a fake attach signature stands for unless it names another BIN. */
export const FAKE_TEST_BIN = '123456789021';

/** The attach-by-signature routes. */
export function attachRoutes({ options, store: { next, iso, expired } }: SigningParts) {
  const challenges = new Map<string, { data: string; expiresAt: string }>();

  function createAttachChallenge(context: FakeContext): Response {
    if (!context.account) return failure('UNAUTHORIZED');
    const challengeId = next('challenge');
    // 32 random bytes and 201, as the server's.
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const challenge = { data: btoa(String.fromCharCode(...bytes)), expiresAt: iso(CHALLENGE_TTL_MS) };
    challenges.set(challengeId, challenge);
    return json(201, { challengeId, ...challenge });
  }

  function attachCompanyBySignature(context: FakeContext): Response {
    const owner = context.account;
    if (!owner) return failure('UNAUTHORIZED');
    const body = parseInput(attachBySignatureRequestSchema, context.rawBody);
    const challenge = challenges.get(body.challengeId);
    if (!challenge || expired(challenge.expiresAt)) refuse('ATTACH_CHALLENGE_INVALID');
    challenges.delete(body.challengeId);
    const marker = cmsMarker(body.cms);
    verdict(marker);
    if (marker === 'employee') refuse('ATTACH_SIGNATURE_ROLE');
    const bin = marker?.startsWith('bin:') ? marker.slice(4) : FAKE_TEST_BIN;
    const name = options.companyName(bin) ?? (bin === FAKE_TEST_BIN ? 'АО "ТЕСТ"' : undefined);
    if (!name) refuse('ENTITY_NOT_FOUND');
    if (!owner.companies.some((entry) => entry.bin === bin)) {
      const isMainCompany = !owner.companies.some((entry) => entry.isMainCompany);
      const added: Company = { bin, nameRu: name, shortNameRu: null, isMainCompany };
      owner.companies = [...owner.companies, added];
    }
    return json(200, owner.companies);
  }

  return { createAttachChallenge, attachCompanyBySignature };
}
