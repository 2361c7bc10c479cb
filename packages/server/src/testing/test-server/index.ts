/** `@qoltanba/server/testing`: the real server in a test process (in-process fetch, seeded world, real signing). */

export { type CardAttachment, sampleDocumentCard } from './document-card.js';
export {
  eventSourceClass,
  type InProcessEventSource,
  type InProcessEventSourceConstructor,
  type StreamMessageEvent,
} from './event-source.js';
export {
  type CallMatch,
  errorResponse,
  type Failure,
  type FaultInjection,
  type HeldCall,
  matcherOf,
  type RecordedCall,
  withFaultInjection,
} from './fault-injection.js';
export {
  type Fetch,
  IN_PROCESS_CLIENT_ADDRESS,
  type InProcessFetch,
  inProcessFetch,
} from './in-process-fetch.js';
export { addUser, NEWCOMER } from './newcomer.js';
export { type PerFileOptions, testServerPerFile } from './per-file.js';
export {
  startTestServer,
  TEST_SERVER_URL,
  type TestServer,
  type TestServerOptions,
} from './start-test-server.js';
export { purgeClosedSupportConversations } from './support-purge.js';
export {
  ALFA,
  BETA,
  INDIVIDUAL,
  WORLD_PASSWORD,
  WORLD_USERS,
  type World,
  type WorldCompany,
  type WorldUser,
  type WorldUserName,
} from './world.js';
export {
  type DocumentOptions,
  type Party,
  partyOf,
  samplePdf,
  type WorldDocuments,
  type WorldSigner,
} from './world-documents.js';
export type { CertificateHolder, WorldPki } from './world-pki.js';
