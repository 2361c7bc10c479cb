import {
  apiPath,
  DOCUMENT_PATHS,
  type Document,
  type QrSigningSession,
  SIGNING_PATHS,
  type SignerInput,
  type SigningMethod,
} from '@qoltanba/core';
import { type EgovMobileOutcome, signWithEgovMobile, type TestSigner } from '@qoltanba/testkit';
import type { Fetch } from './in-process-fetch.js';
import { ALFA, BETA, WORLD_USERS, type World, type WorldCompany, type WorldUserName } from './world.js';

/** Who acts: a world user and the company they act for (none: as an individual, by their IIN). */
export interface Party {
  user: WorldUserName;
  company?: WorldCompany;
}

/** A signer of a new document: a world company or a world user signing as an individual. */
export type WorldSigner = WorldCompany | { individual: WorldUserName };

/** Options of the document helpers: everything has a default (aigerim sends for ALFA to BETA, one PDF). */
export interface DocumentOptions {
  /** The sender; aigerim for ALFA by default. */
  from?: Party;
  name?: string;
  signingMethod?: SigningMethod;
  /** BETA by default. */
  signers?: readonly WorldSigner[];
  files?: ReadonlyArray<{ filename: string; bytes: Uint8Array; contentType?: string }>;
}

/** A tiny PDF by content, distinct per call (documents are recognised by content). */
export function samplePdf(label = 'contract'): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.4\n%${label} ${Math.random()}\n%%EOF\n`);
}

/** The member who signs for each world company when a helper needs one. */
const SIGNS_FOR: Record<string, WorldUserName> = { [ALFA.bin]: 'aigerim', [BETA.bin]: 'bolat' };

/** The party who signs for `signer`: the company's member, or the individual. */
export function partyOf(signer: WorldSigner): Party {
  if ('individual' in signer) return { user: signer.individual };
  const user = SIGNS_FOR[signer.bin];
  if (!user) throw new Error(`no world user signs for ${signer.bin}`);
  return { user, company: signer };
}

function signerInput(signer: WorldSigner): SignerInput {
  if ('individual' in signer) {
    const user = WORLD_USERS[signer.individual];
    return { identityNumber: user.iin, email: user.email, nameRu: `${user.lastname} ${user.firstname}` };
  }
  const member = WORLD_USERS[partyOf(signer).user];
  return { identityNumber: signer.bin, email: member.email, nameRu: signer.nameRu };
}

/** Documents made and moved through the real routes, as the world's users. */
export interface WorldDocuments {
  /** A new draft (multipart upload through `createDocument`). */
  draft(options?: DocumentOptions): Promise<Document>;
  /** A document sent for signing. */
  sent(options?: DocumentOptions): Promise<Document>;
  /** A document sent and signed by its first signer (the others still to sign unless there is one). */
  signedByFirst(options?: DocumentOptions): Promise<Document>;
  /** Sends a draft as its sender. */
  send(document: Document, from?: Party): Promise<Document>;
  /** Signs every file with a real CMS by the party's certificate (or `certificate`) through `signDocument`. */
  sign(document: Document, by: Party, certificate?: TestSigner): Promise<Document>;
  /** The document as `by` sees it. */
  view(document: Pick<Document, 'id'>, by: Party): Promise<Document>;
  /** Starts an eGov mobile QR session for `by` (`startQrSigning`). */
  qrSession(document: Pick<Document, 'id'>, by: Party): Promise<QrSigningSession>;
  /** The bytes of a stored file of the document, as `by` downloads them. */
  fileBytes(document: Pick<Document, 'id'>, fileId: number, by: Party): Promise<Uint8Array>;
}

/** The document helpers of a test server: each request signs in as the party's user first (once, cached). */
export function worldDocuments(world: World, fetch: Fetch, baseUrl: string, now: () => Date): WorldDocuments {
  // Keyed by user id: after a reset the world's users are new rows, signed in again.
  const tokens = new Map<string, string>();
  async function request(by: Party, method: string, path: string, body?: FormData, json?: unknown) {
    const id = world.ids[by.user];
    let token = tokens.get(id);
    if (!token) {
      token = (await world.login(by.user)).access_token;
      tokens.set(id, token);
    }
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : body ? { body } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  }
  const binOf = (by: Party) => by.company?.bin ?? WORLD_USERS[by.user].iin;
  const documentPath = (template: string, id: number, by: Party, extra: Record<string, string> = {}) =>
    apiPath(template, { bin: binOf(by), id: String(id), ...extra });
  const sender = (options: DocumentOptions): Party => options.from ?? { user: 'aigerim', company: ALFA };

  const helpers: WorldDocuments = {
    async draft(options = {}) {
      const from = sender(options);
      const form = new FormData();
      const draft = {
        name: options.name ?? 'Договор поставки №1',
        signingMethod: options.signingMethod ?? 'PARALLEL',
        signers: (options.signers ?? [BETA]).map(signerInput),
      };
      form.append('document', JSON.stringify(draft));
      for (const file of options.files ?? [{ filename: 'contract.pdf', bytes: samplePdf() }])
        form.append(
          'files',
          new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? 'application/pdf' }),
          file.filename,
        );
      const res = await request(from, 'POST', apiPath(DOCUMENT_PATHS.documents, { bin: binOf(from) }), form);
      return (await res.json()) as Document;
    },
    async sent(options = {}) {
      return helpers.send(await helpers.draft(options), sender(options));
    },
    async signedByFirst(options = {}) {
      const document = await helpers.sent(options);
      const first = (options.signers ?? [BETA])[0];
      if (!first) throw new Error('a document without signers cannot be signed');
      return helpers.sign(document, partyOf(first));
    },
    async send(document, from = { user: 'aigerim', company: ALFA }) {
      const res = await request(from, 'POST', documentPath(DOCUMENT_PATHS.send, document.id, from));
      return (await res.json()) as Document;
    },
    async sign(document, by, certificate) {
      const signer = certificate ?? world.certificate(by.user, by.company);
      const signatures = [];
      for (const file of document.files) {
        const bytes = await helpers.fileBytes(document, file.id, by);
        const cms = signer.signCms({ content: bytes, detached: true, signingTime: now() });
        signatures.push({ fileId: file.id, cms: Buffer.from(cms).toString('base64') });
      }
      const res = await request(by, 'POST', documentPath(SIGNING_PATHS.sign, document.id, by), undefined, {
        signatures,
      });
      return (await res.json()) as Document;
    },
    async view(document, by) {
      const res = await request(by, 'GET', documentPath(DOCUMENT_PATHS.document, document.id, by));
      return (await res.json()) as Document;
    },
    async qrSession(document, by) {
      const res = await request(by, 'POST', documentPath(SIGNING_PATHS.qrSigning, document.id, by));
      return (await res.json()) as QrSigningSession;
    },
    async fileBytes(document, fileId, by) {
      const path = documentPath(DOCUMENT_PATHS.file, document.id, by, { fileId: String(fileId) });
      return new Uint8Array(await (await request(by, 'GET', path)).arrayBuffer());
    },
  };
  return helpers;
}

/**
 * Plays the eGov mobile app: scans the session's QR, fetches the documents (API #1 / #2 through the in-process
 * fetch) and signs them with `signer` (a world certificate), on the server's clock.
 */
export function egovMobileSigner(fetch: Fetch, now: () => Date) {
  return (
    session: Pick<QrSigningSession, 'qrPayload'>,
    signer: TestSigner,
    action?: 'wrong-document',
  ): Promise<EgovMobileOutcome> =>
    signWithEgovMobile({
      qr: session.qrPayload,
      signer,
      action,
      fetch: fetch as typeof globalThis.fetch,
      now: now(),
    });
}
