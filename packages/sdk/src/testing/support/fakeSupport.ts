import type { HelpConfig, SupportMessage, SupportVisitor } from '@qoltanba/core';
import { type FakeAccount, type FakeHandler, json } from '../fakeHttp';
import type { FakeApiKey } from '../fakePartner';
import type { FakeOperationId } from '../fakeRoutes';
import { createSupportAttachments } from './attachments';
import { createSupportConversations } from './conversations';
import { createSupportEvents } from './eventStreams';
import { FAKE_HELP_CONFIG } from './helpConfig';
import { identityRoutes } from './identityRoutes';
import { inboxRoutes } from './inboxRoutes';
import type { SupportParts } from './parts';
import { visitorRoutes } from './visitorRoutes';
import { anonymousVisitor, createSupportVisitors } from './visitors';

// The support chat of the fake server (`SUPPORT_PATHS` and the partner's identity tokens): visitors known by an
// identity token (a portal user, or a partner's user vouched for by an API key) or else an anonymous visitor token,
// operators (a role tests grant with `grantOperator`, as the server's admin command does), unread counts both
// ways, closing, attachments recognised by content, and the two event streams with sequence ids and Last-Event-ID
// catch-up. The streams are real `text/event-stream` bodies that stay open and push events as they happen.

/** Options of {@link createFakeSupport}. */
export interface FakeSupportOptions {
  now: () => Date;
  /** The fake's accounts (operators are granted among them). */
  accounts: readonly FakeAccount[];
  /** The API key an `Authorization: Bearer qk_...` header names (live keys only). */
  apiKeyOf: (secret: string) => FakeApiKey | undefined;
  /** The help configuration; {@link FAKE_HELP_CONFIG} by default. */
  helpConfig?: HelpConfig;
}

/** The fake's support service: handlers by operationId, its records and test controls. */
export function createFakeSupport(options: FakeSupportOptions) {
  const { now } = options;
  let helpConfig = options.helpConfig ?? FAKE_HELP_CONFIG;
  const events = createSupportEvents();
  const visitors = createSupportVisitors(now);
  const conversations = createSupportConversations(now, events);
  const attachments = createSupportAttachments(conversations);
  const parts: SupportParts = { options, events, visitors, conversations, attachments };
  const { operators, newVisitor } = visitors;
  const { openConversationOf, post } = conversations;

  const handlers = {
    getHelpConfig: () => json(200, helpConfig),
    ...identityRoutes(parts),
    ...visitorRoutes(parts),
    ...inboxRoutes(parts),
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  /** The account with that e-mail, else the default (first) one. */
  function accountOf(email?: string): FakeAccount {
    const account = email
      ? options.accounts.find((candidate) => candidate.email === email)
      : options.accounts[0];
    if (!account) throw new Error(`fake server: no account ${email ?? ''}`);
    return account;
  }

  return {
    handlers,
    conversations: conversations.conversations,
    /** Makes an account an operator (the default account without `email`), as the server's admin command does. */
    grantOperator(email?: string): void {
      operators.add(accountOf(email).userId);
    },
    /** Takes the operator role away. */
    revokeOperator(email?: string): void {
      operators.delete(accountOf(email).userId);
    },
    /** A new anonymous visitor token, as `createSupportVisitor` issues. */
    newVisitor,
    /**
     * An anonymous visitor writes (a new visitor unless `visitorToken` names one), as the help widget would post
     * `sendSupportMessage`; resolves with the message and the visitor's token.
     */
    visitorWrites(
      text: string,
      from: { visitorToken?: string; pageUrl?: string; language?: SupportVisitor['language'] } = {},
    ): { message: SupportMessage; visitorToken: string } {
      const visitorToken = from.visitorToken ?? newVisitor();
      const conversation = openConversationOf(anonymousVisitor(visitorToken), from);
      return { message: post(conversation, 'visitor', null, text), visitorToken };
    },
    /** Changes the help configuration the fake answers. */
    setHelpConfig(config: HelpConfig): void {
      helpConfig = config;
    },
    /** The server ends every open event stream (clients then reconnect with Last-Event-ID). */
    dropStreams: events.dropStreams,
    /** Event streams open now. */
    openStreams: events.openStreams,
    /** The sequence id of the last event. */
    lastSeq: events.lastSeq,
  };
}
