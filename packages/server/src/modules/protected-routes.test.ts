import {
  ACCOUNT_PATHS,
  BILLING_PATHS,
  EMBED_PATHS,
  EXTERNAL_LINK_PATHS,
  SIGNING_PATHS,
  SUPPORT_PATHS,
  VERIFICATION_PATHS,
} from '@qoltanba/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, registerAccount } from '../testing/accounts.js';
import { emptyTablesBeforeEach } from '../testing/empty-tables.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

/**
 * The only API routes a visitor may call without logging in: account entry, and the signing capability routes
 * whose path secret is the credential, and the signing configuration (NCALayer's address, no data) (personal links, eGov mobile QR sessions; the authorization matrix holds
 * them to 404 for unknown secrets).
 */
const PUBLIC_API_ROUTES = new Set([
  `GET ${SIGNING_PATHS.signingLink}`,
  `GET ${SIGNING_PATHS.signingLinkFile}`,
  `GET ${SIGNING_PATHS.signingLinkFilePreview}`,
  `POST ${SIGNING_PATHS.signingLinkSign}`,
  `POST ${SIGNING_PATHS.signingLinkReject}`,
  `POST ${SIGNING_PATHS.signingLinkQrSigning}`,
  `GET ${SIGNING_PATHS.qrSigningEvents}`,
  `GET ${SIGNING_PATHS.egovApi1}`,
  `GET ${SIGNING_PATHS.egovApi2}`,
  `PUT ${SIGNING_PATHS.egovApi2}`,
  `GET ${SIGNING_PATHS.config}`,
  // An approver's personal link is its credential, as a signer's is (no account needed).
  `GET ${SIGNING_PATHS.approvalLink}`,
  `GET ${SIGNING_PATHS.approvalLinkFile}`,
  `GET ${SIGNING_PATHS.approvalLinkFilePreview}`,
  `POST ${SIGNING_PATHS.approvalLinkApprove}`,
  `POST ${SIGNING_PATHS.approvalLinkDecline}`,
  // Public verification: anyone checks signatures (rate-limited per IP); the stored-file route answers only for
  // files that carry a signature, which the signature sheet's QR codes make public on purpose.
  `POST ${VERIFICATION_PATHS.verify}`,
  // The embed token is the credential of its exchange (single use, short-lived, origin-bound).
  `POST ${EMBED_PATHS.sessions}`,
  `GET ${VERIFICATION_PATHS.storedFile}`,
  `POST ${VERIFICATION_PATHS.report}`,
  `GET ${VERIFICATION_PATHS.storedFileReport}`,
  // External document links: the token header is the credential (the authorization matrix holds them to 404).
  `GET ${EXTERNAL_LINK_PATHS.document}`,
  `GET ${EXTERNAL_LINK_PATHS.file}`,
  `GET ${EXTERNAL_LINK_PATHS.filePreview}`,
  // The help widget: its configuration and new visitors are public; the visitor's own chat has the visitor (or
  // identity) token header as its credential, answered 401 SUPPORT_VISITOR_REQUIRED without it (support tests).
  `GET ${SUPPORT_PATHS.helpConfig}`,
  `POST ${SUPPORT_PATHS.visitors}`,
  `GET ${SUPPORT_PATHS.myConversation}`,
  `GET ${SUPPORT_PATHS.myConversations}`,
  `GET ${SUPPORT_PATHS.myConversationMessages}`,
  `POST ${SUPPORT_PATHS.myMessages}`,
  `POST ${SUPPORT_PATHS.myAttachments}`,
  `GET ${SUPPORT_PATHS.myAttachment}`,
  `POST ${SUPPORT_PATHS.myRead}`,
  `GET ${SUPPORT_PATHS.myEvents}`,
  // Tariffs: the plan catalogue is the public /tariffs page's; an invoice's signed path is its download's credential
  // (the authorization matrix holds a made-up one to 404).
  `GET ${BILLING_PATHS.plans}`,
  `GET ${BILLING_PATHS.publicInvoice}`,
  `POST ${ACCOUNT_PATHS.login}`,
  `POST ${ACCOUNT_PATHS.refresh}`,
  `POST ${ACCOUNT_PATHS.completeRegistration}`,
  `POST ${ACCOUNT_PATHS.recoverySendCode}`,
  `POST ${ACCOUNT_PATHS.recoveryChange}`,
  ...['email', 'sms'].flatMap((channel) => [
    `POST ${ACCOUNT_PATHS.sendCode.replace(':channel', channel)}`,
    `POST ${ACCOUNT_PATHS.verifyCode.replace(':purpose/:channel', `registration/${channel}`)}`,
    `POST ${ACCOUNT_PATHS.verifyCode.replace(':purpose/:channel', `otp/${channel}`)}`,
  ]),
]);

describe.each(testDatabases())('every protected route on $name', (backend) => {
  let server: TestApp;
  let revoked: string;
  beforeAll(async () => {
    server = await createTestApp({ backend, env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(async () => {
    await server.close();
  });
  emptyTablesBeforeEach(() => server.services.database.db);
  beforeEach(async () => {
    revoked = (await registerAccount(server, 'gone@example.kz')).access_token;
    expect((await call(server, 'GET', ACCOUNT_PATHS.logout, { token: revoked })).statusCode).toBe(204);
  });

  it('answers 401 UNAUTHORIZED without a valid token, before looking at the input', async () => {
    const doc = (await call(server, 'GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    // The 401 code of each credential: a user's access token, a partner API key, an embed session.
    const refusalOf: Record<string, string> = {
      bearerAuth: 'UNAUTHORIZED',
      partnerApiKey: 'API_KEY_INVALID',
      embedSession: 'EMBED_TOKEN_INVALID',
    };
    const apiRoutes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/proxy/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          secured: operation.security !== undefined,
          scheme: Object.keys(operation.security?.[0] ?? {})[0] ?? 'bearerAuth',
        })),
      );
    const protectedRoutes = apiRoutes.filter(
      (route) => !PUBLIC_API_ROUTES.has(`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(6);
    for (const route of protectedRoutes) {
      const url = route.path.replace(/\{[^}]+\}/g, '123456789011');
      const label = `${route.method} ${url}`;
      expect(route.secured, label).toBe(true);
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${revoked}` },
        { authorization: 'Basic dXNlcjpwYXNz' },
      ];
      for (const headers of attempts) {
        const res = await call(server, route.method as 'GET', url, {
          headers,
          body: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, label).toBe(401);
        expect(res.json().code, label).toBe(refusalOf[route.scheme]);
      }
    }
    // Public routes carry no security requirement in the document.
    for (const route of apiRoutes.filter((r) => !protectedRoutes.includes(r))) {
      expect(route.secured, `${route.method} ${route.path}`).toBe(false);
    }
  });
});
