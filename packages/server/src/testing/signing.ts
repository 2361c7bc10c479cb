import { apiPath, DOCUMENT_PATHS, type Document, type DocumentDraft, SIGNING_PATHS } from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach } from 'vitest';
import { listOutbox } from '../outbox/outbox-store.js';
import type { CmsVerifier } from '../signature-verifier.js';
import { deferred } from './deferred.js';
import { COMPANIES, type DocumentsSuite, testDraft, useDocumentsSuite } from './documents.js';
import { type FakeCms, fakeCms, fakeVerifier } from './fake-verifier.js';
import type { TestBackend } from './test-databases.js';

/** An IIN of a person signing for a company (the fake certificate's SERIALNUMBER). */
export const PERSON_IIN = '850101300123';

/** The fake certificate of a company's signatory (first head by default). */
export function companyCertificate(bin: string, roles: FakeCms['roles'] = ['legal_entity', 'first_head']) {
  return { iin: PERSON_IIN, bin, roles };
}

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

/** A documents suite with the fake verifier and a settable hook before each signature check. */
export interface SigningSuite extends DocumentsSuite {
  /** Set to hold signings between their lock and their verification. */
  beforeCheck: (() => Promise<void>) | undefined;
  /** Tokens of a member of each company: sender, signer, second, outsider. */
  tokens: Record<keyof typeof COMPANIES, string>;
  /** A new document of the sender (sent unless `send` is false); answers it as the sender sees it. */
  document(draft?: Partial<DocumentDraft>, options?: { send?: boolean; files?: number }): Promise<Document>;
  /** The bytes of a file as stored. */
  fileBytes(document: Document, fileId: number): Promise<Buffer>;
  /** Signs `document` for company `bin` with one CMS per file by the certificate (its own by default). */
  sign(
    document: Document,
    bin: string,
    certificate?: Omit<FakeCms, 'sha256' | 'content'>,
    bytesOf?: (fileId: number, bytes: Buffer) => Uint8Array,
  ): Promise<LightMyRequestResponse>;
  /** The document as company `bin` sees it now. */
  view(document: Document, bin: string): Promise<Document>;
  /** E-mails captured for a recipient, newest first. */
  mails(recipient: string): ReturnType<typeof listOutbox>;
}

/** Starts a {@link SigningSuite} on `backend`. */
export function useSigningSuite(
  backend: TestBackend,
  options: { env?: Record<string, string>; verifier?: CmsVerifier } = {},
): SigningSuite {
  const holder: { beforeCheck: (() => Promise<void>) | undefined } = { beforeCheck: undefined };
  const base = useDocumentsSuite(backend, {
    env: options.env,
    app: {
      verifier: options.verifier ?? fakeVerifier,
      beforeSignatureCheck: async () => {
        await holder.beforeCheck?.();
      },
    },
  });
  const tokens = {} as Record<keyof typeof COMPANIES, string>;
  // After the documents suite empties the tables: a member of each company for every test.
  beforeEach(async () => {
    for (const key of Object.keys(COMPANIES) as Array<keyof typeof COMPANIES>) {
      tokens[key] = await base.user(`${key}@example.kz`, [COMPANIES[key]]);
    }
  });
  const suite: SigningSuite = Object.create(base, {
    beforeCheck: {
      get: () => holder.beforeCheck,
      set: (value: (() => Promise<void>) | undefined) => {
        holder.beforeCheck = value;
      },
    },
  });
  Object.assign(suite, {
    tokens,
    async document(draft: Partial<DocumentDraft> = {}, opts: { send?: boolean; files?: number } = {}) {
      const files = Array.from({ length: opts.files ?? 1 }, (_, i) => ({
        filename: `contract-${i + 1}.pdf`,
        bytes: Buffer.from(`%PDF-1.4\n%file ${i + 1} ${Math.random()}\n%%EOF\n`),
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
    async fileBytes(document: Document, fileId: number) {
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
    async sign(
      document: Document,
      bin: string,
      certificate = companyCertificate(bin),
      bytesOf = (_fileId: number, bytes: Buffer) => bytes,
    ) {
      const signatures = [];
      for (const file of document.files) {
        const bytes = bytesOf(file.id, await suite.fileBytes(document, file.id));
        signatures.push({ fileId: file.id, cms: fakeCms(bytes, certificate) });
      }
      const key = (Object.keys(COMPANIES) as Array<keyof typeof COMPANIES>).find(
        (k) => COMPANIES[k].bin === bin,
      );
      const token = key ? tokens[key] : tokens.outsider;
      return base.request(token, 'POST', apiPath(SIGNING_PATHS.sign, { bin, id: String(document.id) }), {
        signatures,
      });
    },
    async view(document: Document, bin: string) {
      const key = (Object.keys(COMPANIES) as Array<keyof typeof COMPANIES>).find(
        (k) => COMPANIES[k].bin === bin,
      );
      const token = key ? tokens[key] : tokens.outsider;
      const res = await base.request(
        token,
        'GET',
        apiPath(DOCUMENT_PATHS.document, { bin, id: String(document.id) }),
      );
      return res.json() as Document;
    },
    mails: (recipient: string) => listOutbox(base.server.services.database.db, { recipient }),
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
