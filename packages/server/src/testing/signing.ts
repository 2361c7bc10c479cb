import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, DOCUMENT_PATHS, type Document, type DocumentDraft, SIGNING_PATHS } from '@qoltanba/core';
import { type TestSigner, timestampToken } from '@qoltanba/testkit';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppModule } from '../modules/module.js';
import type { Mailer } from '../outbox/messages.js';
import { listOutbox } from '../outbox/outbox-store.js';
import { createVerifier, type Verifier } from '../pki/index.js';
import type { SignatureVerifier } from '../signature-verifier.js';
import { TEST_CLOCK_START } from './accounts.js';
import { deferred } from './deferred.js';
import { COMPANIES, type DocumentsSuite, testDraft, useDocumentsSuite } from './documents.js';
import type { SigningPki } from './signing-pki.js';
import type { TestBackend } from './test-databases.js';

/**
 * Holds concurrent signings at the check until each of `total` has reached it or been answered (see the account
 * tests): `arrive` is the hook, `answered` runs as each response comes back.
 */
export function gateForAll(total: number) {
  let arrived = 0;
  let answered = 0;
  const gate = deferred();
  const openWhenAll = () => {
    if (arrived + answered >= total) gate.resolve();
  };
  return {
    get arrived() {
      return arrived;
    },
    async arrive() {
      arrived += 1;
      openWhenAll();
      await gate.promise;
    },
    answered() {
      answered += 1;
      openWhenAll();
    },
  };
}

/** The hook a signing runs between its lock and its verification, with whose lock (document, signer) it holds. */
export type SigningSuiteHook = (lock: { documentId: number; identityNumber: string }) => Promise<void>;

/** A documents suite whose server verifies signatures with the real engine over a test PKI. */
export interface SigningSuite extends DocumentsSuite {
  /** The file's test PKI (its CAs are the engine's trust folder). */
  readonly pki: SigningPki;
  /** Set to hold signings between their lock and their verification (told whose lock each holds). */
  beforeCheck: SigningSuiteHook | undefined;
  /** Tokens of a member of each company: sender, signer, second, outsider. */
  tokens: Record<keyof typeof COMPANIES, string>;
  /** A new document of the sender (sent unless `send` is false); answers it as the sender sees it. */
  document(
    draft?: Partial<DocumentDraft>,
    options?: { send?: boolean; files?: number; content?: Uint8Array },
  ): Promise<Document>;
  /** The bytes of a file as stored. */
  fileBytes(document: Document, fileId: number): Promise<Buffer>;
  /** A base64 CMS by `by` over `bytes`, signed now by the suite's clock (detached unless `attached`). */
  cms(bytes: Uint8Array, by: TestSigner, attached?: boolean): string;
  /** The body of a sign request: one CMS by `by` per file of `document` (over `bytesOf` the stored bytes). */
  signBody(
    document: Pick<Document, 'id' | 'files' | 'sender'>,
    by: TestSigner,
    bytesOf?: (fileId: number, bytes: Buffer) => Uint8Array,
  ): Promise<{ signatures: Array<{ fileId: number; cms: string }> }>;
  /** Signs `document` for company `bin` with one CMS per file, by its first head (ECDSA) unless `by` is given. */
  sign(
    document: Pick<Document, 'id' | 'files' | 'sender'>,
    bin: string,
    by?: TestSigner,
    bytesOf?: (fileId: number, bytes: Buffer) => Uint8Array,
  ): Promise<LightMyRequestResponse>;
  /** The document as company `bin` sees it now. */
  view(document: Document, bin: string): Promise<Document>;
  /** E-mails captured for a recipient, newest first. */
  mails(recipient: string): ReturnType<typeof listOutbox>;
  /** A fetch for the testkit's eGov mobile emulator that goes to the test server instead of the network. */
  egovFetch: typeof fetch;
}

/**
 * Starts a {@link SigningSuite} on `backend`: the server's verifier is the engine (`createVerifier`, offline,
 * over a trust folder written from `pki`, on the suite's clock), so every signature in the suite is a real CMS.
 */
export function useSigningSuite(
  backend: TestBackend,
  options: {
    pki: SigningPki;
    env?: Record<string, string>;
    mailer?: Mailer;
    modules?: AppModule[];
    /** False: signatures are kept as given (no TSA, one verification each), for files where the stamp is not the point. */
    timestamping?: boolean;
  },
): SigningSuite {
  const holder: { beforeCheck: SigningSuiteHook | undefined } = { beforeCheck: undefined };
  let engine: Verifier | undefined;
  // The server is created before the engine's beforeAll runs; it reaches the engine only on requests.
  const verifier: SignatureVerifier = {
    verifyCms(input) {
      if (!engine) throw new Error('the engine is made in beforeAll');
      return engine.verifyCms(input);
    },
    verifyXml(input) {
      if (!engine) throw new Error('the engine is made in beforeAll');
      return engine.verifyXml(input);
    },
    verifyCard(input) {
      if (!engine) throw new Error('the engine is made in beforeAll');
      return engine.verifyCard(input);
    },
    secureCms(input) {
      if (!engine) throw new Error('the engine is made in beforeAll');
      return engine.secureCms(input);
    },
  };
  const base = useDocumentsSuite(backend, {
    env: options.env,
    app: {
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.modules ? { modules: options.modules } : {}),
      verifier,
      beforeSignatureCheck: async (lock) => {
        await holder.beforeCheck?.(lock);
      },
    },
  });
  let trustDir: string | undefined;
  beforeAll(async () => {
    trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-trust-'));
    await options.pki.writeTrustDir(trustDir);
    const { tsa } = options.pki;
    engine = await createVerifier({
      trustDir,
      offline: true,
      now: base.clock.now,
      // The testkit's TSA in-process, on the suite's clock: signatures are kept as CAdES-T with their evidence.
      ...(options.timestamping === false
        ? {}
        : { timestamping: { stamp: async (data) => timestampToken({ tsa, data, time: base.clock.now() }) } }),
    });
  });
  afterAll(async () => {
    if (trustDir) await rm(trustDir, { recursive: true, force: true });
  });
  const tokens = {} as Record<keyof typeof COMPANIES, string>;
  // After the documents suite empties the tables: a member of each company for every test.
  beforeEach(async () => {
    holder.beforeCheck = undefined;
    // Every test starts when the PKI was issued, within its CRLs' day (a test may have moved the clock by weeks).
    base.clock.advance((TEST_CLOCK_START.getTime() - base.clock.now().getTime()) / 1000);
    for (const key of Object.keys(COMPANIES) as Array<keyof typeof COMPANIES>) {
      tokens[key] = await base.user(`${key}@example.kz`, [COMPANIES[key]]);
    }
  });
  const tokenOf = (bin: string) => {
    const key = (Object.keys(COMPANIES) as Array<keyof typeof COMPANIES>).find(
      (k) => COMPANIES[k].bin === bin,
    );
    return key ? tokens[key] : tokens.outsider;
  };
  const suite: SigningSuite = Object.create(base, {
    beforeCheck: {
      get: () => holder.beforeCheck,
      set: (value: SigningSuiteHook | undefined) => {
        holder.beforeCheck = value;
      },
    },
  });
  Object.assign(suite, {
    pki: options.pki,
    tokens,
    async document(
      draft: Partial<DocumentDraft> = {},
      opts: { send?: boolean; files?: number; content?: Uint8Array } = {},
    ) {
      const files = Array.from({ length: opts.files ?? 1 }, (_, i) => ({
        filename: `contract-${i + 1}.pdf`,
        bytes: opts.content
          ? Buffer.from(opts.content)
          : Buffer.from(`%PDF-1.4\n%file ${i + 1} ${Math.random()}\n%%EOF\n`),
      }));
      const created = await base.create(tokens.sender, COMPANIES.sender.bin, testDraft(draft), files);
      if (opts.send === false) return created as unknown as Document;
      const sent = await base.request(
        tokens.sender,
        'POST',
        apiPath(DOCUMENT_PATHS.send, { bin: COMPANIES.sender.bin, id: String(created.id) }),
      );
      if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
      return sent.json() as Document;
    },
    async fileBytes(document: Pick<Document, 'id' | 'sender'>, fileId: number) {
      const res = await base.request(
        tokens.sender,
        'GET',
        apiPath(DOCUMENT_PATHS.file, {
          bin: document.sender.bin,
          id: String(document.id),
          fileId: String(fileId),
        }),
      );
      if (res.statusCode !== 200) throw new Error(`file: ${res.statusCode}`);
      return res.rawPayload;
    },
    cms(bytes: Uint8Array, by: TestSigner, attached = false) {
      const cms = by.signCms({ content: bytes, detached: !attached, signingTime: base.clock.now() });
      return Buffer.from(cms).toString('base64');
    },
    async signBody(
      document: Pick<Document, 'id' | 'files' | 'sender'>,
      by: TestSigner,
      bytesOf = (_fileId: number, bytes: Buffer): Uint8Array => bytes,
    ) {
      const signatures = [];
      for (const file of document.files) {
        const bytes = bytesOf(file.id, await suite.fileBytes(document as Document, file.id));
        signatures.push({ fileId: file.id, cms: suite.cms(bytes, by) });
      }
      return { signatures };
    },
    async sign(
      document: Pick<Document, 'id' | 'files' | 'sender'>,
      bin: string,
      by?: TestSigner,
      bytesOf?: (fileId: number, bytes: Buffer) => Uint8Array,
    ) {
      const body = await suite.signBody(document, by ?? options.pki.head(bin), bytesOf);
      return base.request(
        tokenOf(bin),
        'POST',
        apiPath(SIGNING_PATHS.sign, { bin, id: String(document.id) }),
        body,
      );
    },
    async view(document: Document, bin: string) {
      const res = await base.request(
        tokenOf(bin),
        'GET',
        apiPath(DOCUMENT_PATHS.document, { bin, id: String(document.id) }),
      );
      return res.json() as Document;
    },
    mails: (recipient: string) => listOutbox(base.server.services.database.db, { recipient }),
    async egovFetch(input: Parameters<typeof fetch>[0], init?: RequestInit) {
      const url = new URL(String(input));
      const res = await base.server.app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(init?.body ? { payload: String(init.body) } : {}),
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    },
  });
  return suite;
}

/** Two signers, in the order given. */
export function twoSigners(method: 'PARALLEL' | 'SEQUENTIAL' = 'PARALLEL'): Partial<DocumentDraft> {
  return {
    signingMethod: method,
    signers: [
      { identityNumber: COMPANIES.signer.bin, email: 'signer@example.kz', nameRu: COMPANIES.signer.nameRu },
      { identityNumber: COMPANIES.second.bin, email: 'second@example.kz', nameRu: COMPANIES.second.nameRu },
    ],
  };
}
