import {
  type ErrorCode,
  NCALAYER_DEFAULT_URL,
  type QrSigningState,
  type SigningConfig,
} from '@qoltanba/core';
import { type FakeHandler, json } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';
import { attachRoutes } from './attachRoutes';
import { documentSigningRoutes } from './documentSigningRoutes';
import { createQrEventSources } from './eventSources';
import { linkRoutes } from './linkRoutes';
import { createSigningLinks } from './links';
import type { SigningDocuments, SigningParts } from './parts';
import { qrRoutes } from './qrRoutes';
import { createQrSessions } from './qrSessions';
import { createSigningStore } from './records';
import { createSigningRules } from './signingRules';

// The signing service of the fake server: signing, rejecting and revoking, personal links, eGov mobile QR
// sessions (with an EventSource that plays their events) and attaching a company by signature. The fake
// cannot check a CMS; a `fakeCms(marker)` signature asks for one of the server's refusals instead (`cms.ts`).

/** Options of {@link createFakeSigning}. */
export interface FakeSigningOptions {
  now: () => Date;
  baseUrl: string;
  documents: SigningDocuments;
  /** The register's name of a legal entity, for attaching by signature. */
  companyName: (bin: string) => string | undefined;
  /** The signing config the fake answers; no test signer by default. */
  signingConfig?: SigningConfig;
}

/** The signing service of the fake server: handlers by operationId, its records and test controls. */
export function createFakeSigning(options: FakeSigningOptions) {
  const { now, baseUrl, documents } = options;
  const store = createSigningStore(now);
  const rules = createSigningRules(documents, store);
  const links = createSigningLinks(documents, store);
  const qr = createQrSessions(store, baseUrl);
  const parts: SigningParts = { options, store, rules, links, qr };
  const { sessions } = store;
  const { EventSource, openEventSources } = createQrEventSources(baseUrl, sessions);
  let signingConfig: SigningConfig = options.signingConfig ?? {
    ncaLayerUrl: NCALAYER_DEFAULT_URL,
    testSigner: null,
  };

  // In the order of the server's routes (the fake matches routes in the order they were played).
  const handlers = {
    ...documentSigningRoutes(parts),
    ...qrRoutes(parts),
    ...linkRoutes(parts),
    getSigningConfig: () => json(200, signingConfig),
    ...attachRoutes(parts),
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  return {
    handlers,
    links: store.links,
    sessions,
    /** An EventSource on this fake: it plays the events of the QR session its URL names. */
    EventSource,
    /** Event streams not closed yet. */
    openEventSources,
    /** Issues a personal link for a signer, as sending the document does for signers without an account. */
    issueLink: links.issueLink,
    /** Drives a QR session to `state` (e.g. FETCHED, FAILED with a code, EXPIRED), as eGov mobile would. */
    driveQr(sessionId: string, state: QrSigningState, errorCode: ErrorCode | null = null): void {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake server: no QR session ${sessionId}`);
      qr.emit(session, state, errorCode);
    },
    /** Changes the signing config the fake answers (e.g. with a test signer). */
    setSigningConfig(config: SigningConfig): void {
      signingConfig = config;
    },
  };
}
