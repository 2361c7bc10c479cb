import {
  AppError,
  PARTNER_PATHS,
  partnerSupportIdentityRequestSchema,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_IDENTITY_TTL,
  SUPPORT_PATHS,
  supportIdentityIssuedSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/route.js';
import { bearerToken, findUserById, requireUser } from '../account/index.js';
import { type ApiKeyRow, authenticateApiKey } from '../partner/index.js';
import { partnerSubject, signIdentityToken, userSubject } from './identity-token.js';
import type { SupportContext } from './support-context.js';

/** Partner backends are servers: the partner API's limit per client address. */
const PARTNER_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

/** The routes that issue identity tokens: for the signed-in portal user, and for a partner's own user (API key). */
export function registerIdentityRoutes(context: SupportContext): void {
  const { route, db, clock, identityKey } = context;

  function issue(
    identity: { subject: string; kind: 'user' | 'partner'; name: string | null; email: string | null },
    ttlSeconds: number,
  ) {
    const now = clock();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    return {
      identityToken: signIdentityToken(identityKey, { ...identity, expiresAt }, now),
      expiresAt: expiresAt.toISOString(),
    };
  }

  route(
    defineRoute({
      method: 'POST',
      url: SUPPORT_PATHS.identityTokens,
      operationId: 'createSupportIdentityToken',
      summary: "An identity token for the signed-in user's support chat (the portal's help widget)",
      description:
        `HMAC-signed, ${SUPPORT_IDENTITY_TTL.default} seconds. Send it as \`${SUPPORT_IDENTITY_HEADER}\`; the chat is ` +
        "then the user's own, whichever browser they use. Portal only (no CORS).",
      tags: ['support'],
      auth: true,
      allowEmptyJsonBody: true,
      status: 201,
      response: supportIdentityIssuedSchema,
      handler: async ({ request }) => {
        const { userId } = await requireUser(request);
        const user = await findUserById(db, userId);
        if (!user) throw new AppError('UNAUTHORIZED');
        const name = `${user.firstname} ${user.lastname}`.trim();
        return issue(
          { subject: userSubject(userId), kind: 'user', name: name || null, email: user.email },
          SUPPORT_IDENTITY_TTL.default,
        );
      },
    }),
  );

  // The key each request authorized with, from the route's `authorize` (before validation) to its handler.
  const keys = new WeakMap<FastifyRequest, ApiKeyRow>();
  route(
    defineRoute({
      method: 'POST',
      url: PARTNER_PATHS.supportIdentityTokens,
      operationId: 'createPartnerSupportIdentityToken',
      summary:
        "An identity token for one of the partner's own users, for the help widget on the partner's pages",
      description:
        "The subject is the key's company and the partner's `userId`: a partner's user is never another company's " +
        `user nor a portal user. ${SUPPORT_IDENTITY_TTL.min} to ${SUPPORT_IDENTITY_TTL.max} seconds ` +
        `(${SUPPORT_IDENTITY_TTL.default} by default). The partner backend hands it to its page, which passes it to ` +
        "the widget (`QoltanbaHelp('identify', ...)`). Authorization: Bearer qk_... (API_KEY_INVALID).",
      tags: ['partner', 'support'],
      security: 'partnerApiKey',
      authorize: async (request) => {
        const bearer = bearerToken(request.headers.authorization);
        if (!bearer) throw new AppError('API_KEY_INVALID');
        keys.set(request, await authenticateApiKey(db, bearer, clock()));
      },
      body: partnerSupportIdentityRequestSchema,
      status: 201,
      response: supportIdentityIssuedSchema,
      rateLimit: PARTNER_RATE_LIMIT,
      handler: async ({ request, body }) => {
        const key = keys.get(request);
        if (!key) throw new AppError('API_KEY_INVALID');
        return issue(
          {
            subject: partnerSubject(key.company_bin, body.userId),
            kind: 'partner',
            name: body.name || null,
            email: body.email || null,
          },
          body.ttlSeconds ?? SUPPORT_IDENTITY_TTL.default,
        );
      },
    }),
  );
}
