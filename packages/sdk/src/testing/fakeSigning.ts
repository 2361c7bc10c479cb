import {
  apiPath,
  attachBySignatureRequestSchema,
  type Company,
  type Document,
  EGOV_QR_PREFIX,
  type ErrorCode,
  egovDocumentsToSignSchema,
  type FileSignature,
  NCALAYER_DEFAULT_URL,
  type Party,
  type QrSigningEvent,
  type QrSigningState,
  rejectRequestSchema,
  resendSigningLinkRequestSchema,
  SIGNING_PATHS,
  type SigningConfig,
  type SignRequest,
  signRequestSchema,
  transition,
} from '@qoltanba/core';
import type { createFakeDocuments } from './documents/fakeDocuments';
import type { FakeDocumentRecord } from './documents/records';
import {
  compile,
  type FakeContext,
  type FakeHandler,
  FakeRefusal,
  failure,
  json,
  parseInput,
  refuse,
} from './fakeHttp';
import type { FakeOperationId } from './fakeRoutes';

// The signing service of the fake server: signing, rejecting and revoking, personal links, eGov mobile QR
// sessions (with an EventSource that plays their events) and attaching a company by signature. The fake
// cannot check a CMS; a `fakeCms(marker)` signature asks for one of the server's refusals instead.

/** How long a QR session lives (the server's 10 minutes). */
export const FAKE_QR_TTL_MS = 10 * 60 * 1000;
/** How long a personal link lives (the server's 30 days). */
export const FAKE_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The NCA TEST legal entity (АО "ТЕСТ") a fake attach signature stands for unless it names another BIN. */
export const FAKE_TEST_BIN = '123456789021';

const FAKE_CMS_PREFIX = 'FAKE-CMS ';

/**
 * A base64 "CMS" the fake reads: `'revoked'` answers CERTIFICATE_REVOKED, `'mismatch'` SIGNATURE_MISMATCH,
 * `'invalid'` SIGNATURE_INVALID, `'tampered'` SIGNED_FILE_MISMATCH, `'employee'` (attach) ATTACH_SIGNATURE_ROLE,
 * `'bin:<BIN>'` attaches that company; any other marker is a good signature. Unmarked base64 passes when it is
 * DER-shaped (a SEQUENCE, as a real CMS from NCALayer) and is SIGNATURE_INVALID otherwise, as the server answers a
 * CMS it cannot read.
 *
 * @example await server.fetch(url, { method: 'POST', body: JSON.stringify({ signatures: [{ fileId, cms: fakeCms('revoked') }] }) })
 */
export function fakeCms(marker: string): string {
  return btoa(`${FAKE_CMS_PREFIX}${marker}`);
}

/** The marker of a {@link fakeCms} given as base64 text, undefined for anything else (never throws). */
export function fakeCmsMarker(text: string): string | undefined {
  try {
    const decoded = atob(text);
    return decoded.startsWith(FAKE_CMS_PREFIX) ? decoded.slice(FAKE_CMS_PREFIX.length) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's verdict on a marked CMS. */
function verdict(marker: string | undefined): void {
  if (marker === 'revoked') refuse('CERTIFICATE_REVOKED');
  if (marker === 'mismatch') refuse('SIGNATURE_MISMATCH');
  if (marker === 'invalid') refuse('SIGNATURE_INVALID');
  if (marker === 'tampered') refuse('SIGNED_FILE_MISMATCH');
}

/** The marker of a {@link fakeCms}, undefined for a DER-shaped CMS; SIGNATURE_INVALID for anything else. */
function cmsMarker(cms: string): string | undefined {
  let text: string;
  try {
    text = atob(cms);
  } catch {
    refuse('SIGNATURE_INVALID');
  }
  if (text.startsWith(FAKE_CMS_PREFIX)) return text.slice(FAKE_CMS_PREFIX.length);
  // 0x30: an ASN.1 SEQUENCE, how every CMS ContentInfo starts.
  if (text.charCodeAt(0) !== 0x30) refuse('SIGNATURE_INVALID');
  return undefined;
}

/** A personal link of a signer without an account. */
export interface FakeSigningLink {
  token: string;
  documentId: number;
  identityNumber: string;
  email: string;
  expiresAt: string;
}

/** An eGov mobile QR session, with every event it sent. */
export interface FakeQrSession {
  sessionId: string;
  documentId: number;
  identityNumber: string;
  authToken: string;
  expiresAt: string;
  state: QrSigningState;
  events: Array<QrSigningEvent & { id: string }>;
  listeners: Set<() => void>;
}

type Documents = ReturnType<typeof createFakeDocuments>;

/** An event stream of the fake (the part of EventSource the sdk uses, plus a test control). */
export interface FakeEventSource {
  readonly url: string;
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string; lastEventId: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
  /** The server drops the stream (the browser would not reconnect after this). */
  drop(): void;
}

/** Options of {@link createFakeSigning}. */
export interface FakeSigningOptions {
  now: () => Date;
  baseUrl: string;
  documents: Documents;
  /** The register's name of a legal entity, for attaching by signature. */
  companyName: (bin: string) => string | undefined;
  /** The signing config the fake answers; no test signer by default. */
  signingConfig?: SigningConfig;
}

/** The signing service of the fake server: handlers by operationId, its records and test controls. */
export function createFakeSigning(options: FakeSigningOptions) {
  const { now, baseUrl, documents } = options;
  const { access } = documents;
  const links = new Map<string, FakeSigningLink>();
  const sessions = new Map<string, FakeQrSession>();
  const challenges = new Map<string, { data: string; expiresAt: string }>();
  let counter = 0;
  const next = (prefix: string) => {
    counter += 1;
    return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
  };
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const expired = (at: string) => Date.parse(at) <= now().getTime();
  let signingConfig: SigningConfig = options.signingConfig ?? {
    ncaLayerUrl: NCALAYER_DEFAULT_URL,
    testSigner: null,
  };

  // ----- signing rules -----

  /** One CMS per file (SIGNATURE_MISSING, SIGNED_FILE_MISMATCH), then each "verified" by its marker. */
  function checkSignatures(record: FakeDocumentRecord, signatures: readonly FileSignature[]): void {
    const files = new Set(record.files.map((file) => file.id));
    const given = new Set<number>();
    for (const { fileId } of signatures) {
      if (!files.has(fileId) || given.has(fileId)) refuse('SIGNED_FILE_MISMATCH');
      given.add(fileId);
    }
    if (given.size !== files.size) refuse('SIGNATURE_MISSING');
    for (const { cms } of signatures) verdict(cmsMarker(cms));
  }

  /**
   * Signs `record` as `bin`, with the server's rules in its order: the state machine, then the sender (once: its
   * signature on its draft sends it, "sign and send"; on the document at signing it completes nothing) or a
   * listed signer who has not signed and whose turn it is.
   */
  function sign(
    record: FakeDocumentRecord,
    bin: string,
    request: Pick<SignRequest, 'signatures'>,
    context: FakeContext,
    company: Party,
  ): void {
    const step = transition(record.status, 'sign');
    if (!step.ok) refuse(step.code);
    if (record.sender.bin === bin) {
      const draft = record.status === 'DRAFT';
      if (draft) access.senderMayChange(record, bin);
      if (record.senderSigned) refuse('ALREADY_SIGNED_BY_BIN');
      if (draft && record.files.length === 0) refuse('DOCUMENT_WITHOUT_FILE');
      if (draft && record.signers.length === 0) refuse('SIGNERS_REQUIRED');
      checkSignatures(record, request.signatures);
      record.status = step.to;
      record.senderSigned = true;
      access.touch(record);
      if (draft) access.record(record, 'SEND', context, company);
      access.record(record, 'SIGN', context, company);
      return;
    }
    if (record.status === 'DRAFT') refuse('DOCUMENT_CHANGE_FORBIDDEN');
    const signer = access.signerOf(record, bin);
    if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
    if (signer.state === 'SIGNED') refuse('ALREADY_SIGNED_BY_BIN');
    if (signer.state === 'REJECTED') refuse('REJECTED_DOCUMENT_SIGNING_FORBIDDEN');
    if (!access.isTurn(record, bin)) refuse('NOT_SIGNERS_TURN');
    checkSignatures(record, request.signatures);
    signer.state = 'SIGNED';
    signer.signedAt = iso();
    access.touch(record);
    access.record(record, 'SIGN', context, company);
    if (record.signers.every((entry) => entry.state === 'SIGNED')) {
      record.status = 'SIGNED';
      access.record(record, 'COMPLETE', context, company);
    }
  }

  function reject(
    record: FakeDocumentRecord,
    bin: string,
    reason: string,
    context: FakeContext,
    company: Party,
  ): void {
    const step = transition(record.status, 'reject');
    if (!step.ok) refuse(step.code);
    const signer = access.signerOf(record, bin);
    if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
    if (signer.state === 'SIGNED') refuse('ALREADY_SIGNED_BY_BIN');
    signer.state = 'REJECTED';
    record.status = step.to;
    record.rejection = { identityNumber: bin, reason, at: iso() };
    access.touch(record);
    access.record(record, 'REJECT', context, company, reason);
  }

  // ----- personal links -----

  function issueLink(documentId: number, identityNumber: string, ttlMs = FAKE_LINK_TTL_MS): FakeSigningLink {
    const record = documents.document(documentId);
    const signer = access.signerOf(record, identityNumber);
    if (!signer) throw new Error(`fake server: ${identityNumber} does not sign document ${documentId}`);
    const link: FakeSigningLink = {
      token: next('link'),
      documentId,
      identityNumber,
      email: signer.email,
      expiresAt: iso(ttlMs),
    };
    links.set(link.token, link);
    return link;
  }

  function linkOf(context: FakeContext) {
    const link = links.get(context.params.token ?? '');
    // Unknown, replaced and expired links answer alike, as the server's.
    if (!link || expired(link.expiresAt)) refuse('SIGNING_LINK_NOT_FOUND');
    const record = documents.document(link.documentId);
    const signer = access.signerOf(record, link.identityNumber);
    if (!signer) refuse('ENTITY_NOT_FOUND');
    const party: Party = { bin: link.identityNumber, nameRu: signer.nameRu, nameKk: signer.nameKk };
    return { link, record, party };
  }

  function linkView(link: FakeSigningLink, record: FakeDocumentRecord) {
    // The signer company's folder and trash are its business, not the link's (as the server's documentForLink).
    const outside = { ...record, trashedAt: new Map<string, string>(), folderOf: new Map<string, number>() };
    const document: Document = access.documentView(outside, link.identityNumber);
    const signer = access.signerOf(record, link.identityNumber);
    return {
      document: {
        ...document,
        allowedActions: document.allowedActions.filter((action) => action === 'sign' || action === 'reject'),
      },
      signer,
      expiresAt: link.expiresAt,
    };
  }

  function linkFile(context: FakeContext) {
    const { record } = linkOf(context);
    const fileId = Number(context.params.fileId);
    const file = record.files.find((candidate) => candidate.id === fileId);
    if (!file) refuse('ENTITY_NOT_FOUND');
    return file;
  }

  // ----- eGov mobile QR -----

  function emit(session: FakeQrSession, state: QrSigningState, errorCode: ErrorCode | null = null): void {
    session.state = state;
    session.events.push({ id: String(session.events.length + 1), state, errorCode, at: iso() });
    for (const listener of [...session.listeners]) listener();
  }

  function startSession(documentId: number, identityNumber: string) {
    const session: FakeQrSession = {
      sessionId: next('qr'),
      documentId,
      identityNumber,
      authToken: next('egov'),
      expiresAt: iso(FAKE_QR_TTL_MS),
      state: 'WAITING',
      events: [],
      listeners: new Set(),
    };
    sessions.set(session.sessionId, session);
    emit(session, 'WAITING');
    const api1 = `${baseUrl}${apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })}`;
    // 201 and a relative eventsUrl, as the server's (the sdk's follower puts the client's base URL before it).
    return json(201, {
      sessionId: session.sessionId,
      qrPayload: `${EGOV_QR_PREFIX}${api1}`,
      deepLink: `https://mgovsign.page.link/?link=${encodeURIComponent(api1)}&isi=1476128386&ibi=kz.egov.mobile&apn=kz.mobile.mgov`,
      eventsUrl: apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: session.sessionId }),
      expiresAt: session.expiresAt,
    });
  }

  /** The session of a request; an expired one turns EXPIRED first. */
  function liveSession(sessionId: string | undefined): FakeQrSession {
    const session = sessions.get(sessionId ?? '');
    if (!session) refuse('QR_SESSION_NOT_FOUND');
    if (!isFinal(session.state) && expired(session.expiresAt)) emit(session, 'EXPIRED', 'QR_SIGNING_TIMEOUT');
    return session;
  }

  function egovSession(context: FakeContext): FakeQrSession {
    const session = liveSession(context.params.sessionId);
    if (context.headers.get('authorization') !== `Bearer ${session.authToken}`) refuse('UNAUTHORIZED');
    if (isFinal(session.state)) refuse('FORBIDDEN');
    return session;
  }

  const eventStream = (session: FakeQrSession) =>
    new Response(
      session.events
        .map((event) => `id: ${event.id}\ndata: ${JSON.stringify(withoutId(event))}\n\n`)
        .join(''),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );

  // ----- attach by signature -----

  function attach(context: FakeContext): Response {
    const owner = context.account;
    if (!owner) return failure('UNAUTHORIZED');
    const body = parseInput(attachBySignatureRequestSchema, context.rawBody);
    const challenge = challenges.get(body.challengeId);
    if (!challenge || expired(challenge.expiresAt)) refuse('ATTACH_CHALLENGE_INVALID');
    challenges.delete(body.challengeId);
    const marker = cmsMarker(body.cms);
    verdict(marker);
    if (marker === 'employee') refuse('ATTACH_SIGNATURE_ROLE');
    const bin = marker?.startsWith('bin:') ? marker.slice(4) : FAKE_TEST_BIN;
    const name = options.companyName(bin) ?? (bin === FAKE_TEST_BIN ? 'АО "ТЕСТ"' : undefined);
    if (!name) refuse('ENTITY_NOT_FOUND');
    if (!owner.companies.some((entry) => entry.bin === bin)) {
      const isMainCompany = !owner.companies.some((entry) => entry.isMainCompany);
      const added: Company = { bin, nameRu: name, shortNameRu: null, isMainCompany };
      owner.companies = [...owner.companies, added];
    }
    return json(200, owner.companies);
  }

  const handlers = {
    signDocument: (context) => {
      const { bin, company, record } = access.documentInput(context);
      const request = parseInput(signRequestSchema, context.rawBody);
      sign(record, bin, request, context, company);
      return json(200, access.documentView(record, bin));
    },
    rejectDocument: (context) => {
      const { bin, company, record } = access.documentInput(context);
      const { reason } = parseInput(rejectRequestSchema, context.rawBody);
      reject(record, bin, reason, context, company);
      return json(200, access.documentView(record, bin));
    },
    revokeDocument: (context) => {
      const { bin, company, record } = access.documentInput(context);
      if (record.sender.bin !== bin) refuse('REVOKE_ONLY_BY_SENDER');
      const step = transition(record.status, 'revoke');
      if (!step.ok) refuse(step.code);
      const anybodySigned =
        record.senderSigned || record.signers.some((signer) => signer.state !== 'WAITING');
      if (anybodySigned) refuse('DOCUMENT_REVOKE_FORBIDDEN');
      record.status = step.to;
      access.touch(record);
      access.record(record, 'REVOKE', context, company);
      return json(200, access.documentView(record, bin));
    },
    startQrSigning: (context) => {
      const { bin, record } = access.documentInput(context);
      const signer = access.signerOf(record, bin);
      if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
      const step = transition(record.status, 'sign');
      if (!step.ok) refuse(step.code);
      if (signer.state === 'SIGNED') refuse('ALREADY_SIGNED_BY_BIN');
      return startSession(record.id, bin);
    },
    resendSigningLink: (context) => {
      const { bin, record } = access.documentInput(context);
      const { identityNumber } = parseInput(resendSigningLinkRequestSchema, context.rawBody);
      access.senderMayChange(record, bin);
      if (record.status !== 'AT_SIGNING') refuse('DOCUMENT_CHANGE_FORBIDDEN');
      const signer = access.signerOf(record, identityNumber);
      if (!signer) refuse('BIN_NOT_AMONG_SIGNERS');
      if (signer.state === 'SIGNED') refuse('ALREADY_SIGNED_BY_BIN');
      const link = issueLink(record.id, identityNumber);
      return json(200, { identityNumber, email: link.email, expiresAt: link.expiresAt });
    },
    followQrSigning: (context) => eventStream(liveSession(context.params.sessionId)),
    getEgovQrDescription: (context) => {
      const session = liveSession(context.params.sessionId);
      if (isFinal(session.state)) refuse('ENTITY_NOT_FOUND');
      const record = documents.document(session.documentId);
      return json(200, {
        description: record.name,
        expiry_date: session.expiresAt,
        organisation: { nameRu: 'Qoltanba', nameKz: 'Qoltanba', nameEn: 'Qoltanba', bin: '990340005977' },
        document: {
          uri: `${baseUrl}${apiPath(SIGNING_PATHS.egovApi2, { sessionId: session.sessionId })}`,
          auth_type: 'Token',
          auth_token: session.authToken,
        },
      });
    },
    getEgovDocuments: (context) => {
      const session = egovSession(context);
      const record = documents.document(session.documentId);
      if (session.state === 'WAITING') emit(session, 'FETCHED');
      return json(200, {
        signMethod: 'CMS_SIGN_ONLY',
        version: 2,
        documentsToSign: record.files.map((file) => ({
          id: file.id,
          nameRu: file.name,
          nameKz: file.name,
          nameEn: file.name,
          meta: [],
          document: { file: { mime: 'application/pdf', data: btoa(String.fromCharCode(...file.bytes)) } },
        })),
      });
    },
    putEgovSignatures: (context) => {
      const session = egovSession(context);
      const body = parseInput(egovDocumentsToSignSchema, context.rawBody);
      const record = documents.document(session.documentId);
      const signatures = body.documentsToSign.map((entry) => ({
        fileId: entry.id,
        cms: entry.document.file.data,
      }));
      const signer = access.signerOf(record, session.identityNumber);
      const party: Party = {
        bin: session.identityNumber,
        nameRu: signer?.nameRu ?? '',
        nameKk: signer?.nameKk ?? null,
      };
      try {
        sign(record, session.identityNumber, { signatures }, { ...context, account: undefined }, party);
      } catch (error) {
        if (!(error instanceof FakeRefusal)) throw error;
        const code = error.code;
        emit(session, 'FAILED', code);
        return failure(code, 403);
      }
      emit(session, 'SIGNED');
      return json(200, { signed: true });
    },
    getSigningLink: (context) => {
      const { link, record, party } = linkOf(context);
      const day = now().toISOString().slice(0, 10);
      const seen = record.history.some(
        (event) => event.type === 'VIEW' && event.company?.bin === party.bin && event.at.startsWith(day),
      );
      if (!seen) access.record(record, 'VIEW', { ...context, account: undefined }, party);
      return json(200, linkView(link, record));
    },
    downloadSigningLinkFile: (context) => {
      const file = linkFile(context);
      return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { 'content-type': 'application/octet-stream' },
      });
    },
    previewSigningLinkFile: (context) => {
      const file = linkFile(context);
      return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      });
    },
    signByLink: (context) => {
      const { link, record, party } = linkOf(context);
      const request = parseInput(signRequestSchema, context.rawBody);
      sign(record, link.identityNumber, request, { ...context, account: undefined }, party);
      return json(200, linkView(link, record));
    },
    rejectByLink: (context) => {
      const { link, record, party } = linkOf(context);
      const { reason } = parseInput(rejectRequestSchema, context.rawBody);
      reject(record, link.identityNumber, reason, { ...context, account: undefined }, party);
      return json(200, linkView(link, record));
    },
    startQrSigningByLink: (context) => {
      const { link, record } = linkOf(context);
      const signer = access.signerOf(record, link.identityNumber);
      const step = transition(record.status, 'sign');
      if (!step.ok) refuse(step.code);
      if (signer?.state === 'SIGNED') refuse('ALREADY_SIGNED_BY_BIN');
      return startSession(record.id, link.identityNumber);
    },
    getSigningConfig: () => json(200, signingConfig),
    createAttachChallenge: (context) => {
      if (!context.account) return failure('UNAUTHORIZED');
      const challengeId = next('challenge');
      // 32 random bytes and 201, as the server's.
      const bytes = crypto.getRandomValues(new Uint8Array(32));
      const challenge = { data: btoa(String.fromCharCode(...bytes)), expiresAt: iso(CHALLENGE_TTL_MS) };
      challenges.set(challengeId, challenge);
      return json(201, { challengeId, ...challenge });
    },
    attachCompanyBySignature: attach,
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  /** An EventSource on this fake: it plays the events of the QR session its URL names, as the server would. */
  class PlayedEventSource implements FakeEventSource {
    readonly url: string;
    readyState = 0;
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string; lastEventId: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    sent = 0;
    readonly listener = () => this.flush();
    session: FakeQrSession | undefined;

    constructor(url: string) {
      this.url = url;
      const { pattern } = compile(`${baseUrl}${SIGNING_PATHS.qrSigningEvents}`);
      const sessionId = pattern.exec(url.split('?')[0] ?? '')?.[1];
      const lastEventId = new URL(url).searchParams.get('lastEventId');
      this.session = sessions.get(decodeURIComponent(sessionId ?? ''));
      this.sent = lastEventId ? Number(lastEventId) : 0;
      openSources.add(this);
      queueMicrotask(() => this.connect());
    }

    connect(): void {
      if (this.readyState === 2) return;
      if (!this.session) {
        this.readyState = 2;
        this.onerror?.({ type: 'error' });
        return;
      }
      this.readyState = 1;
      this.onopen?.({ type: 'open' });
      this.session.listeners.add(this.listener);
      this.flush();
    }

    flush(): void {
      const events = this.session?.events ?? [];
      while (this.readyState === 1 && this.sent < events.length) {
        const event = events[this.sent];
        this.sent += 1;
        if (event) this.onmessage?.({ data: JSON.stringify(withoutId(event)), lastEventId: event.id });
      }
    }

    drop(): void {
      this.session?.listeners.delete(this.listener);
      this.readyState = 2;
      this.onerror?.({ type: 'error' });
    }

    close(): void {
      this.readyState = 2;
      this.session?.listeners.delete(this.listener);
      openSources.delete(this);
    }
  }
  const openSources = new Set<FakeEventSource>();
  const EventSource: new (url: string) => FakeEventSource = PlayedEventSource;

  return {
    handlers,
    links,
    sessions,
    /** An EventSource on this fake: it plays the events of the QR session its URL names. */
    EventSource,
    /** Event streams not closed yet. */
    openEventSources: () => [...openSources],
    /** Issues a personal link for a signer, as sending the document does for signers without an account. */
    issueLink,
    /** Drives a QR session to `state` (e.g. FETCHED, FAILED with a code, EXPIRED), as eGov mobile would. */
    driveQr(sessionId: string, state: QrSigningState, errorCode: ErrorCode | null = null): void {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake server: no QR session ${sessionId}`);
      emit(session, state, errorCode);
    },
    /** Changes the signing config the fake answers (e.g. with a test signer). */
    setSigningConfig(config: SigningConfig): void {
      signingConfig = config;
    },
  };
}

function isFinal(state: QrSigningState): boolean {
  return state === 'SIGNED' || state === 'FAILED' || state === 'EXPIRED';
}

function withoutId({ id: _id, ...event }: QrSigningEvent & { id: string }): QrSigningEvent {
  return event;
}
