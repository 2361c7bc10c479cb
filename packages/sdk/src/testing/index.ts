// `@qoltanba/sdk/testing`: for tests only, never for application code. An in-memory server that plays the API
// contract of core (the same routes, statuses and error codes as the real server, checked by contract-tests/).

export type { FakeApiKey, FakeEmbedGrant } from './fakePartner';
export {
  company,
  createFakeServer,
  detectFormat,
  FAKE_BASE_URL,
  FAKE_CODE,
  FAKE_CONVERTED_PDF,
  FAKE_IIN,
  FAKE_LINK_TTL_MS,
  FAKE_QR_TTL_MS,
  FAKE_REGISTER,
  FAKE_ROUTES,
  FAKE_TEST_BIN,
  type FakeAccount,
  type FakeCall,
  type FakeContext,
  type FakeDocumentRecord,
  type FakeEventSource,
  type FakeHandler,
  type FakeOperationId,
  type FakeQrSession,
  type FakeRegisterParty,
  type FakeRoute,
  type FakeServer,
  type FakeServerOptions,
  type FakeSigningLink,
  failure,
  fakeCms,
  json,
  pdfFile,
  textFile,
} from './fakeServer';
export { supportAttachmentType } from './support/attachments';
export type { FakeSupportConversation } from './support/conversations';
export { FAKE_HELP_CONFIG } from './support/helpConfig';
