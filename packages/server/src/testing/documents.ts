import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNT_PATHS, apiPath, checkDigit, DOCUMENT_PATHS, type DocumentDraft } from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { BLOB_FOLDER_MARKER_FILE } from '../blob/blob-folder-marker.js';
import { createUser } from '../modules/account/index.js';
import { attachCompany } from '../modules/registry/index.js';
import { call, nextIp, type TestClock, testClock } from './accounts.js';
import { emptyTablesBeforeEach } from './empty-tables.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import type { TestBackend } from './test-databases.js';
import { emptyS3Blobs, s3BlobKeys } from './test-storage.js';

/** The `n`-th valid BIN of a legal entity registered in January 2020 (check digit computed). */
export function validBin(n: number): string {
  for (let serial = n * 10; ; serial += 1) {
    const first11 = `200140${String(serial).padStart(5, '0')}`;
    const digit = checkDigit(first11);
    if (digit !== undefined) return `${first11}${digit}`;
  }
}

/** A company fixture: its BIN and names. */
export interface TestCompany {
  bin: string;
  nameRu: string;
  nameKk: string | null;
}

/** Companies the documents suites use: a sender, two signers, and one that takes no part. */
export const COMPANIES = {
  sender: { bin: validBin(1), nameRu: 'ТОО «Алтын Сауда»', nameKk: '«Алтын Сауда» ЖШС' },
  signer: { bin: validBin(2), nameRu: 'ТОО «Береке Строй»', nameKk: null },
  second: { bin: validBin(3), nameRu: 'АО «Каспий Логистика»', nameKk: null },
  outsider: { bin: validBin(4), nameRu: 'ТОО «Посторонний»', nameKk: null },
} satisfies Record<string, TestCompany>;

/** One part of a multipart body. */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----qoltanba${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A draft to `COMPANIES.signer` (and more signers when given). */
export function testDraft(overrides: Partial<DocumentDraft> = {}): DocumentDraft {
  return {
    name: 'Договор поставки №1',
    signingMethod: 'PARALLEL',
    signers: [
      { identityNumber: COMPANIES.signer.bin, email: 'signer@example.kz', nameRu: COMPANIES.signer.nameRu },
    ],
    ...overrides,
  };
}

/** A file to upload. */
export interface UploadFile {
  filename: string;
  bytes: Buffer;
  contentType?: string;
}

/** The multipart parts of a document upload: the draft first, then the files. */
export function uploadParts(draft: unknown, files: readonly UploadFile[]): Part[] {
  return [
    { name: 'document', value: JSON.stringify(draft), contentType: 'application/json' },
    ...files.map((file) => ({
      name: 'files',
      value: file.bytes,
      filename: file.filename,
      contentType: file.contentType ?? 'application/octet-stream',
    })),
  ];
}

/** The server, clock and helpers of a documents suite. */
export interface DocumentsSuite {
  readonly server: TestApp;
  readonly clock: TestClock;
  /** A signed-in user who belongs to the given companies; answers the access token. */
  user(email: string, companies: readonly TestCompany[]): Promise<string>;
  /** A fresh access token of an existing user (after the clock moved past the token's life). */
  login(email: string): Promise<string>;
  /** Sends a request with a bearer token. */
  request(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Uploads a multipart body. */
  upload(token: string, url: string, parts: readonly Part[]): Promise<LightMyRequestResponse>;
  /** Creates a document through the API and answers it (fails the test unless 201). */
  create(
    token: string,
    bin: string,
    draft?: unknown,
    files?: readonly UploadFile[],
  ): Promise<{ id: number } & Record<string, unknown>>;
}

/**
 * Starts a test server on `backend` for the documents suites (password checks always pass, so users are
 * made without hashing; no background purge) and empties every table and the blob folder before each test.
 */
export function useDocumentsSuite(
  backend: TestBackend,
  options: { env?: Record<string, string>; app?: Omit<TestAppOptions, 'backend' | 'env' | 'clock'> } = {},
): DocumentsSuite {
  const clock = testClock();
  let server: TestApp | undefined;
  beforeAll(async () => {
    server = await createTestApp({
      verifyPassword: async () => true,
      ...options.app,
      backend,
      clock: clock.now,
      env: { RATE_LIMIT_MAX: '1000000', QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '0', ...options.env },
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  emptyTablesBeforeEach(() => suite.server.services.database.db);
  // The blob folder goes with the tables, so a test sees only the files it stored.
  beforeEach(async () => {
    const { blobs, dataDir } = suite.server.config;
    if (blobs.kind === 's3') await emptyS3Blobs(blobs);
    else await rm(join(dataDir, 'blobs'), { recursive: true, force: true });
  });

  const suite: DocumentsSuite = {
    get server() {
      if (!server) throw new Error('the documents test server starts in beforeAll');
      return server;
    },
    clock,
    async user(email, companies) {
      const { db } = suite.server.services.database;
      const userId = await createUser(db, {
        contact: { kind: 'email', value: email },
        passwordHash: 'not-checked',
        firstname: 'Айгерим',
        lastname: email.split('@')[0] ?? 'x',
        lang: 'ru',
        createdAt: clock.now(),
      });
      for (const company of companies) {
        await attachCompany(
          db,
          userId,
          { ...company, kind: 'legal', shortNameRu: null, shortNameKk: null },
          clock.now(),
        );
      }
      return suite.login(email);
    },
    async login(email) {
      const res = await call(suite.server, 'POST', ACCOUNT_PATHS.login, {
        body: { login: email, password: 'whatever-1', lang: 'ru' },
        ip: nextIp(),
      });
      if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    request: (token, method, url, body) => call(suite.server, method, url, { token, body }),
    upload(token, url, parts) {
      const { payload, contentType } = multipart(parts);
      return call(suite.server, 'POST', url, {
        token,
        body: payload,
        headers: { 'content-type': contentType },
      });
    },
    async create(
      token,
      bin,
      draft = testDraft(),
      files = [{ filename: 'contract.pdf', bytes: samplePdfBytes }],
    ) {
      const res = await suite.upload(
        token,
        apiPath(DOCUMENT_PATHS.documents, { bin }),
        uploadParts(draft, files),
      );
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
  return suite;
}

// A tiny PDF by content: enough for uploads that do not need a real page.
const samplePdfBytes = Buffer.from('%PDF-1.4\n%test\n%%EOF\n');

/** Paths of one document of company `bin`. */
export function documentPaths(bin: string, id: number | string) {
  const params = { bin, id: String(id) };
  return {
    document: apiPath(DOCUMENT_PATHS.document, params),
    send: apiPath(DOCUMENT_PATHS.send, params),
    copy: apiPath(DOCUMENT_PATHS.copy, params),
    trash: apiPath(DOCUMENT_PATHS.trash, params),
    restore: apiPath(DOCUMENT_PATHS.restore, params),
    files: apiPath(DOCUMENT_PATHS.files, params),
    history: apiPath(DOCUMENT_PATHS.history, params),
    folder: apiPath(DOCUMENT_PATHS.folder, params),
    file: (fileId: number) => apiPath(DOCUMENT_PATHS.file, { ...params, fileId: String(fileId) }),
    preview: (fileId: number) => apiPath(DOCUMENT_PATHS.filePreview, { ...params, fileId: String(fileId) }),
  };
}

/** The list path of company `bin` with a query string. */
export function listPath(bin: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${apiPath(DOCUMENT_PATHS.documents, { bin })}?${search}`;
}

/**
 * Names of the files in the suite's blob folder (the folder's marker not), and of uploads still being written to
 * the temporary folder; on S3, the keys of the objects under the suite's prefix.
 */
export async function blobFiles(suite: DocumentsSuite): Promise<string[]> {
  const { blobs } = suite.server.config;
  // On object storage: the objects under the suite's prefix (an upload is no object until it is complete).
  if (blobs.kind === 's3') return s3BlobKeys(blobs);
  const root = join(suite.server.config.dataDir, 'blobs');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  // Uploads in progress are written in the server's temporary folder first.
  const pending = await readdir(suite.server.services.temp.root).catch(() => []);
  return [
    ...entries
      .filter((entry) => entry.isFile() && entry.name !== BLOB_FOLDER_MARKER_FILE)
      .map((entry) => entry.name),
    ...pending.filter((name) => name.endsWith('.tmp')),
  ];
}
