// The help widget's tests against the real server in-process (`@qoltanba/server/testing`): the support chat routes
// as they are, with helpers for what a test plays from the other side (an operator answering or closing, a visitor
// writing elsewhere, the network dropping the event streams, the retention purge forgetting visitors).
import {
  apiPath,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportConversationView,
  type SupportMessage,
} from '@qoltanba/core';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
  type WorldUserName,
} from '@qoltanba/server/testing';
import type { Uploader } from '../chat/support-api';

/** Who writes: an anonymous visitor by token, or a signed-in user by their identity token. */
export type Owner = { visitor: string } | { identity: string };

const headersOf = (owner: Owner): Record<string, string> =>
  'visitor' in owner
    ? { [SUPPORT_VISITOR_HEADER]: owner.visitor }
    : { [SUPPORT_IDENTITY_HEADER]: owner.identity };

/** A test server plus the support chat's other side. */
export interface SupportServer {
  readonly server: TestServer;
  /** The origin the widget's `api` option names. */
  readonly origin: string;
  /** The uploader the widget takes: reports progress in two steps, then posts through the server's fetch. */
  readonly upload: Uploader;
  /** A support identity token of a world user (`createSupportIdentityToken`, as the portal asks for it). */
  identityOf(user?: WorldUserName): Promise<string>;
  /** The owner's current conversation as the widget would load it (not recorded in `calls`). */
  conversationOf(owner: Owner): Promise<SupportConversationView>;
  /** The operator answers the owner's current conversation (`replySupportConversation`). */
  reply(owner: Owner, text: string): Promise<SupportMessage>;
  /** The operator closes the owner's current conversation: the next message opens a new one. */
  close(owner: Owner): Promise<void>;
  /** The owner writes from elsewhere (another tab): a message through `sendSupportMessage`. */
  write(owner: Owner, text: string): Promise<SupportMessage>;
  /** True while the server knows the visitor token. */
  knowsVisitor(token: string): Promise<boolean>;
  /** The server forgets every anonymous visitor, as the retention purge does to old ones. */
  forgetVisitors(): Promise<void>;
}

/** Starts a test server for the widget's tests (its help config from `options.env`, e.g. QOLTANBA_SUPPORT_WHATSAPP). */
export async function startSupportServer(options: TestServerOptions = {}): Promise<SupportServer> {
  const server = await startTestServer(options);
  return supportServerOf(server);
}

/** The support helpers over a running test server. */
export function supportServerOf(server: TestServer): SupportServer {
  const direct = (path: string, init: RequestInit = {}) =>
    server.directFetch(`${server.baseUrl}${path}`, init);
  let operatorToken: { userId: string; token: string } | undefined;
  async function operator(): Promise<Record<string, string>> {
    // Signed in again after a reset: the operator is a new row then.
    if (operatorToken?.userId !== server.world.ids.operator)
      operatorToken = {
        userId: server.world.ids.operator,
        token: (await server.world.login('operator')).access_token,
      };
    return { authorization: `Bearer ${operatorToken.token}` };
  }
  async function ok<T>(response: Promise<Response>, what: string): Promise<T> {
    const res = await response;
    if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }
  const helpers: SupportServer = {
    server,
    origin: server.baseUrl,
    upload: async ({ url, headers, body, onProgress }) => {
      onProgress(0.5);
      onProgress(1);
      return server.fetch(url, { method: 'POST', headers, body });
    },
    async identityOf(user = 'aigerim') {
      const { access_token } = await server.world.login(user);
      const issued = await ok<{ identityToken: string }>(
        direct(SUPPORT_PATHS.identityTokens, {
          method: 'POST',
          headers: { authorization: `Bearer ${access_token}` },
        }),
        'identity token',
      );
      return issued.identityToken;
    },
    conversationOf: (owner) =>
      ok<SupportConversationView>(
        direct(SUPPORT_PATHS.myConversation, { headers: headersOf(owner) }),
        'conversation',
      ),
    async reply(owner, text) {
      const { conversation } = await helpers.conversationOf(owner);
      if (!conversation) throw new Error('the owner has no conversation to answer');
      const path = apiPath(SUPPORT_PATHS.inboxMessages, { id: String(conversation.id) });
      return ok<SupportMessage>(
        direct(path, {
          method: 'POST',
          headers: { ...(await operator()), 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        }),
        'reply',
      );
    },
    async close(owner) {
      const { conversation } = await helpers.conversationOf(owner);
      if (!conversation) throw new Error('the owner has no conversation to close');
      const path = apiPath(SUPPORT_PATHS.inboxClose, { id: String(conversation.id) });
      await ok(direct(path, { method: 'POST', headers: await operator() }), 'close');
    },
    write: (owner, text) =>
      ok<SupportMessage>(
        direct(SUPPORT_PATHS.myMessages, {
          method: 'POST',
          headers: { ...headersOf(owner), 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        }),
        'write',
      ),
    async knowsVisitor(token) {
      const res = await direct(SUPPORT_PATHS.myConversation, { headers: headersOf({ visitor: token }) });
      await res.body?.cancel();
      return res.status === 200;
    },
    async forgetVisitors() {
      await server.server.services.database.db.deleteFrom('support_visitors').execute();
    },
  };
  return helpers;
}
