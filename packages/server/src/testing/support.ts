import {
  PARTNER_PATHS,
  parseLoginTarget,
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportConversationView,
  type SupportIdentityIssued,
  type SupportMessage,
} from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.js';
import { createApiKey } from '../modules/partner/index.js';
import { grantSupportOperator } from '../modules/support/index.js';
import { call, nextIp } from './accounts.js';
import { userIdOf } from './companies.js';
import { type DocumentsSuite, multipart, type Part, useDocumentsSuite } from './documents.js';
import type { TestBackend } from './test-databases.js';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The login the suites grant the operator role. */
export const OPERATOR_EMAIL = 'operator@example.kz';

/** Headers a widget sends: an identity token and/or a visitor token. */
export interface Who {
  visitor?: string;
  identity?: string;
}

/** The two visitor headers of `who`. */
export const whoHeaders = (who: Who): Record<string, string> => ({
  ...(who.visitor ? { [SUPPORT_VISITOR_HEADER]: who.visitor } : {}),
  ...(who.identity ? { [SUPPORT_IDENTITY_HEADER]: who.identity } : {}),
});

/** A documents suite with the support chat's helpers: visitors, identities, operators, the `/my/...` calls. */
export interface SupportSuite extends DocumentsSuite {
  db(): Kysely<Database>;
  /** A new anonymous visitor token (each from a fresh client address). */
  newVisitor(): Promise<string>;
  /** A `/my/...` request as `who`, texts in English. */
  my(who: Who, method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Posts a message as `who` (fails the test unless 201). */
  send(who: Who, text: string, extra?: Record<string, unknown>): Promise<SupportMessage>;
  /** `getMySupportConversation` as `who` (fails the test unless 200); `query` without the `?`. */
  view(who: Who, query?: string): Promise<SupportConversationView>;
  /** Posts a multipart attachment as `who`. */
  attach(who: Who, parts: readonly Part[]): Promise<LightMyRequestResponse>;
  /** A signed-in user whose e-mail holds the operator role (granted before the account existed). */
  operator(email?: string): Promise<string>;
  /** The portal user's identity token (`createSupportIdentityToken`). */
  portalIdentity(userToken: string): Promise<SupportIdentityIssued>;
  /** An API key of a new user's company `bin`. */
  partnerKey(email: string, bin: string): Promise<string>;
  /** `createPartnerSupportIdentityToken` with that key. */
  partnerIdentity(key: string, body: Record<string, unknown>): Promise<LightMyRequestResponse>;
}

/** {@link useDocumentsSuite} plus the support helpers ({@link SupportSuite}). */
export function useSupportSuite(
  backend: TestBackend,
  options: Parameters<typeof useDocumentsSuite>[1] = {},
): SupportSuite {
  const suite = useDocumentsSuite(backend, options);
  const db = () => suite.server.services.database.db;
  const my: SupportSuite['my'] = (who, method, url, body) =>
    call(suite.server, method, `${url}${url.includes('?') ? '&' : '?'}lang=en`, {
      headers: whoHeaders(who),
      body,
    });
  const helpers: Omit<SupportSuite, keyof DocumentsSuite> = {
    db,
    async newVisitor() {
      const res = await call(suite.server, 'POST', SUPPORT_PATHS.visitors, { ip: nextIp() });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().visitorToken as string;
    },
    my,
    async send(who, text, extra = {}) {
      const res = await my(who, 'POST', SUPPORT_PATHS.myMessages, { text, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async view(who, query) {
      const res = await my(
        who,
        'GET',
        query ? `${SUPPORT_PATHS.myConversation}?${query}` : SUPPORT_PATHS.myConversation,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    attach(who, parts) {
      const { payload, contentType } = multipart(parts);
      return call(suite.server, 'POST', `${SUPPORT_PATHS.myAttachments}?lang=en`, {
        headers: { ...whoHeaders(who), 'content-type': contentType },
        body: payload,
      });
    },
    async operator(email = OPERATOR_EMAIL) {
      const login = parseLoginTarget(email);
      if (!login) throw new Error('bad login');
      await grantSupportOperator(db(), login, suite.clock.now());
      return suite.user(email, []);
    },
    async portalIdentity(token) {
      const res = await suite.request(token, 'POST', SUPPORT_PATHS.identityTokens);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async partnerKey(email, bin) {
      const token = await suite.user(email, [{ bin, nameRu: `ТОО ${bin}`, nameKk: null }]);
      const { secret } = await createApiKey(
        db(),
        bin,
        userIdOf(token),
        { name: 'Shop', allowedOrigins: ['https://shop.example.kz'] },
        suite.clock.now(),
      );
      return secret;
    },
    partnerIdentity: (key, body) =>
      call(suite.server, 'POST', `${PARTNER_PATHS.supportIdentityTokens}?lang=en`, { token: key, body }),
  };
  // The suite's getters (server) must stay getters: extend it rather than spread it.
  return Object.assign(suite, helpers);
}
