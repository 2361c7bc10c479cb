import { AppError, SUPPORT_IDENTITY_HEADER, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { claimVisitorConversations } from './conversation-claim.js';
import type { VisitorParty } from './conversation-store.js';
import { verifyIdentityToken } from './identity-token.js';
import type { SupportContext } from './support-context.js';
import { findVisitorId, visitorSubject } from './visitor-store.js';

/** The visitor a request acts as, and until when (an identity token's expiry; null for an anonymous visitor). */
export interface ResolvedVisitor extends VisitorParty {
  expiresAt: Date | null;
}

/** The two headers as the OpenAPI document lists them (the route's `authorize` reads and checks them). */
export const visitorHeadersSchema = z.object({
  [SUPPORT_IDENTITY_HEADER]: z.string().max(4096).optional().meta({
    description:
      'A server-signed identity token (createSupportIdentityToken, createPartnerSupportIdentityToken).',
  }),
  [SUPPORT_VISITOR_HEADER]: z.string().max(100).optional().meta({
    description: 'An anonymous visitor token (createSupportVisitor); used when no identity token is sent.',
  }),
});

const single = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(',') : value)?.trim();

/**
 * Who a chat request comes from, never from cookies: an identity token wins, and an invalid or expired one is
 * refused (401 SUPPORT_IDENTITY_INVALID / SUPPORT_IDENTITY_EXPIRED) even when a visitor token comes with it; else
 * the anonymous visitor token; else 401 SUPPORT_VISITOR_REQUIRED. With a valid identity token and a visitor token,
 * the visitor's conversations are claimed by the identified subject when it has none of its own yet.
 */
export async function resolveVisitor(
  context: SupportContext,
  request: FastifyRequest,
): Promise<ResolvedVisitor> {
  const identityToken = single(request.headers[SUPPORT_IDENTITY_HEADER]);
  const visitorToken = single(request.headers[SUPPORT_VISITOR_HEADER]);
  if (identityToken) {
    const identity = verifyIdentityToken(context.identityKey, identityToken, context.clock());
    const visitorId = visitorToken ? await findVisitorId(context.db, visitorToken) : undefined;
    const party: ResolvedVisitor = {
      subject: identity.subject,
      kind: identity.kind,
      name: identity.name,
      email: identity.email,
      expiresAt: identity.expiresAt,
    };
    if (visitorId !== undefined)
      await claimVisitorConversations(context.db, visitorSubject(visitorId), party);
    return party;
  }
  const visitorId = visitorToken ? await findVisitorId(context.db, visitorToken) : undefined;
  if (visitorId === undefined) throw new AppError('SUPPORT_VISITOR_REQUIRED');
  return { subject: visitorSubject(visitorId), kind: 'anonymous', name: null, email: null, expiresAt: null };
}
