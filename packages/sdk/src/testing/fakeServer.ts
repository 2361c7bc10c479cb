import type { SigningConfig } from '@qoltanba/core';
import { createFakeAccounts } from './accounts/fakeAccounts';
import { FAKE_REGISTER, type FakeRegisterParty } from './accounts/register';
import { createFakeDocuments } from './documents/fakeDocuments';
import { createFakeEvidence } from './fakeEvidence';
import { createFakeExternalLinks } from './fakeExternalLinks';
import type { FakeAccount } from './fakeHttp';
import { createFakePartner } from './fakePartner';
import { createFakeRouter } from './fakeRouter';
import { createFakeVerification } from './fakeVerification';
import { createFakeSigning } from './signing/fakeSigning';
import { createFakeSupport } from './support/fakeSupport';

export { FAKE_CODE } from './accounts/accountStore';
export { company, FAKE_IIN, FAKE_REGISTER, type FakeRegisterParty } from './accounts/register';
export { detectFormat, FAKE_CONVERTED_PDF, pdfFile, textFile } from './documents/fileContent';
export type { FakeDocumentRecord } from './documents/records';
export { type FakeAccount, type FakeContext, type FakeHandler, failure, json } from './fakeHttp';
export type { FakeCall } from './fakeRouter';
export { FAKE_ROUTES, type FakeOperationId, type FakeRoute } from './fakeRoutes';
export { FAKE_TEST_BIN } from './signing/attachRoutes';
export { fakeCms } from './signing/cms';
export type { FakeEventSource } from './signing/eventSources';
export {
  FAKE_LINK_TTL_MS,
  FAKE_QR_TTL_MS,
  type FakeQrSession,
  type FakeSigningLink,
} from './signing/records';

// Plays the server's part of the core API contract in memory, for tests (`@qoltanba/sdk/testing`). Error codes
// and statuses follow packages/server/src/modules; the contract test (contract-tests/) runs a shared table of
// requests against this fake and the real server, and compares FAKE_ROUTES with the server's OpenAPI document.

/** Base URL the fake answers on. */
export const FAKE_BASE_URL = 'http://qoltanba.test';

/** Options of {@link createFakeServer}. */
export interface FakeServerOptions {
  /** The fake's clock for stored timestamps; the system clock by default. */
  now?: () => Date;
  /** The statistics register (registry lookups, attaching by IIN); {@link FAKE_REGISTER} by default. */
  register?: readonly FakeRegisterParty[];
  /** The signing config the fake answers; NCALayer at its default address and no test signer by default. */
  signingConfig?: SigningConfig;
  /**
   * Access tokens shaped like the server's JWTs, naming their user in `sub` (what `client.userId()` reads), instead
   * of `access-<n>`. Never checked for a signature.
   */
  jwtAccessTokens?: boolean;
}

/**
 * Creates a fake server with one account (`aigerim@example.kz` / `+77012345678`, password `correct-horse`,
 * companies ТОО Альфа and АО Бета, the main one). Its `fetch` answers every route of {@link FAKE_ROUTES}.
 */
export function createFakeServer(options: FakeServerOptions = {}) {
  const register = options.register ?? FAKE_REGISTER;
  const now = options.now ?? (() => new Date());
  const accountsService = createFakeAccounts(
    register,
    { jwtAccessTokens: options.jwtAccessTokens ?? false },
    now,
  );
  const { account, accounts, accessTokens, issue, isAdmin } = accountsService;
  const router = createFakeRouter((token) => accessTokens.get(token));
  router.playAll(accountsService.handlers);

  const documentsService = createFakeDocuments({ now });
  router.playAll(documentsService.handlers);
  const signingService = createFakeSigning({
    now,
    baseUrl: FAKE_BASE_URL,
    documents: documentsService,
    companyName: (bin) => register.find((party) => party.entry.bin === bin)?.entry.nameRu,
    ...(options.signingConfig ? { signingConfig: options.signingConfig } : {}),
  });
  router.playAll(signingService.handlers);
  const externalLinksService = createFakeExternalLinks({
    now,
    baseUrl: FAKE_BASE_URL,
    documents: documentsService,
  });
  router.playAll(createFakeVerification().handlers);
  router.playAll(createFakeEvidence(documentsService).handlers);
  router.playAll(externalLinksService.handlers);
  const partnerService = createFakePartner({
    now,
    signing: signingService,
    isAdmin,
    firstSigner: (documentId) => documentsService.document(documentId).signers[0]?.identityNumber,
    administratorOf: (bin) =>
      accounts.find((owner) => owner.companies.some((entry) => entry.bin === bin) && isAdmin(owner, bin)),
    documents: documentsService.handlers,
  });
  const supportService = createFakeSupport({
    now,
    accounts,
    apiKeyOf: partnerService.apiKeyOf,
  });
  router.playAll(partnerService.handlers);
  router.playAll(supportService.handlers);
  router.checkAllPlayed();

  return {
    fetch: router.fetch,
    calls: router.calls,
    account,
    accounts,
    on: router.on,
    /** The documents service's stored documents, folders and counterparties, for assertions and set-up. */
    documents: documentsService,
    /** The signing service: personal links, QR sessions (and an EventSource playing them), test controls. */
    signing: signingService,
    /** The external document links, by id (with their tokens), for assertions. */
    externalLinks: externalLinksService.links,
    /** The partner service: API keys, webhook logs (`addDelivery`) and embed tokens (`issueToken`). */
    partner: partnerService,
    /** The support chat: conversations, `grantOperator`, `visitorWrites`, `dropStreams` (event streams end). */
    support: supportService,
    /** Issues tokens for the default account (or `owner`, one of `accounts`), as a previous login would have. */
    issue: (owner: FakeAccount = account) => issue(owner),
    /** Makes the access token `token` unknown, as a server-side revocation does. */
    revoke: (token: string) => accessTokens.delete(token),
    /** The requests made to `template` (a path from core, `:params` allowed). */
    callsTo: router.callsTo,
  };
}

/** The fake server type. */
export type FakeServer = ReturnType<typeof createFakeServer>;
