import { SUPPORT_IDENTITY_HEADER, SUPPORT_VISITOR_HEADER, type SupportVisitorKind } from '@qoltanba/core';
import { type FakeAccount, type FakeContext, refuse } from '../fakeHttp';

// Who asks the support chat: a visitor by identity token (a portal user, or a partner's user vouched for by an
// API key) or else by an anonymous visitor token, and operators (a role tests grant, as the server's admin
// command does).

/** Who writes to support: the key their conversations hang on, and what operators see of them. */
export interface VisitorIdentity {
  key: string;
  kind: SupportVisitorKind;
  name: string | null;
  email: string | null;
}

/** The identity of an anonymous visitor with `visitorToken`. */
export function anonymousVisitor(visitorToken: string): VisitorIdentity {
  return { key: `visitor:${visitorToken}`, kind: 'anonymous', name: null, email: null };
}

/** The support chat's visitor and identity tokens and its operators. */
export function createSupportVisitors(now: () => Date) {
  const operators = new Set<string>();
  const visitorTokens = new Set<string>();
  const identityTokens = new Map<string, { identity: VisitorIdentity; expiresAt: string }>();
  let counter = 0;
  const token = (prefix: string) => {
    counter += 1;
    return `${prefix}${counter}${Math.random().toString(36).slice(2, 12)}`;
  };
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  /** The visitor of a `/my/...` request: the identity token first, else the visitor token. */
  function visitorOf(context: FakeContext): VisitorIdentity {
    const identity = context.headers.get(SUPPORT_IDENTITY_HEADER);
    if (identity !== null) {
      const record = identityTokens.get(identity);
      if (!record) refuse('SUPPORT_IDENTITY_INVALID');
      if (Date.parse(record.expiresAt) <= now().getTime()) refuse('SUPPORT_IDENTITY_EXPIRED');
      return record.identity;
    }
    const visitor = context.headers.get(SUPPORT_VISITOR_HEADER);
    if (visitor === null || !visitorTokens.has(visitor)) refuse('SUPPORT_VISITOR_REQUIRED');
    return anonymousVisitor(visitor);
  }

  /** The signed-in operator of an inbox request (authentication is the route table's). */
  function operatorOf(context: FakeContext): FakeAccount {
    const account = context.account;
    if (!account) refuse('UNAUTHORIZED');
    if (!operators.has(account.userId)) refuse('SUPPORT_OPERATOR_ONLY');
    return account;
  }

  function issueIdentity(identity: VisitorIdentity, ttlSeconds: number) {
    const identityToken = token('qsi_');
    const expiresAt = iso(ttlSeconds * 1000);
    identityTokens.set(identityToken, { identity, expiresAt });
    return { identityToken, expiresAt };
  }

  function newVisitor(): string {
    const visitorToken = token('qv_');
    visitorTokens.add(visitorToken);
    return visitorToken;
  }

  return { operators, visitorOf, operatorOf, issueIdentity, newVisitor };
}

/** The support chat's visitors and operators (see {@link createSupportVisitors}). */
export type SupportVisitors = ReturnType<typeof createSupportVisitors>;
