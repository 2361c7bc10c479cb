import { partnerSupportIdentityRequestSchema, SUPPORT_IDENTITY_TTL } from '@qoltanba/core';
import { type FakeHandler, json, parseInput, refuse } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import type { SupportParts } from './parts';
import type { VisitorIdentity } from './visitors';

// How a support visitor comes to be known: an anonymous visitor token, a portal user's identity token, or a
// partner's user's identity token vouched for by the partner's API key.

/** The routes that issue visitor and identity tokens. */
export function identityRoutes({ options, visitors: { newVisitor, issueIdentity } }: SupportParts) {
  return {
    createSupportVisitor: () => json(201, { visitorToken: newVisitor() }),
    createSupportIdentityToken: (context) => {
      const account = context.account;
      if (!account) refuse('UNAUTHORIZED');
      const name = `${account.profile.firstname} ${account.profile.lastname}`.trim();
      const identity: VisitorIdentity = {
        key: `user:${account.userId}`,
        kind: 'user',
        name: name || null,
        email: account.email || null,
      };
      return json(201, issueIdentity(identity, SUPPORT_IDENTITY_TTL.default));
    },
    createPartnerSupportIdentityToken: (context) => {
      // The key is checked before the body, as the server's partner routes do.
      const header = context.headers.get('authorization') ?? '';
      const key = header.startsWith('Bearer ') ? options.apiKeyOf(header.slice(7).trim()) : undefined;
      if (!key) refuse('API_KEY_INVALID');
      const request = parseInput(partnerSupportIdentityRequestSchema, context.rawBody);
      const identity: VisitorIdentity = {
        key: `partner:${key.bin}:${request.userId}`,
        kind: 'partner',
        name: request.name || null,
        email: request.email || null,
      };
      return json(201, issueIdentity(identity, request.ttlSeconds ?? SUPPORT_IDENTITY_TTL.default));
    },
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
}
