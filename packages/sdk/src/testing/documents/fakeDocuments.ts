import {
  ALLOWED_DOCUMENT_EXTENSIONS,
  BOX_FILTERS,
  type CounterpartyInput,
  canTransition,
  companyParamsSchema,
  counterpartyInputSchema,
  counterpartyListQuerySchema,
  counterpartyParamsSchema,
  createFolderRequestSchema,
  DOCUMENT_MAX_FILES,
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_UPLOAD_PARTS,
  type Document,
  type DocumentBox,
  type DocumentDraft,
  type DocumentFile,
  type DocumentFileFormat,
  type DocumentFilter,
  type DocumentListQuery,
  type DocumentSummary,
  documentDraftSchema,
  documentFileParamsSchema,
  documentListQuerySchema,
  documentParamsSchema,
  FILE_NAME_MAX,
  folderParamsSchema,
  type HistoryEvent,
  type HistoryEventType,
  type LifecycleStatus,
  MAX_FILE_BYTES,
  moveToFolderRequestSchema,
  normalizeEmail,
  type Party,
  type Signer,
  signerRuleViolation,
  TRASH_RETENTION_DAYS,
  transition,
  updateFolderRequestSchema,
  viewStatus,
} from '@qoltanba/core';
import { type FakeContext, type FakeHandler, json, noContent, parseInput, refuse } from '../fakeHttp';
import type { FakeOperationId } from '../fakeRoutes';

// The documents service of the fake server: documents, folders and counterparties of a company, with the
// rules taken from core (state machine, draft and signer schemas, list query, folder and counterparty
// bodies). Choices core does not make (statuses of creation, refusal codes of access) follow the server's
// modules; the contract test (contract-tests/) checks them against the real server.

const DAY_MS = 24 * 60 * 60 * 1000;
// A server outside production accepts the NCA test certificates' numbers (QOLTANBA_IDENTITY_TEST_MODE).
const TEST_MODE = { testMode: true };

/** Text order of the server's `order by lower(name)`. */
function compareText(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The calendar day in Kazakhstan (UTC+5), which "the first view of the day" counts in. */
function almatyDay(at: Date): string {
  return new Date(at.getTime() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** C0/C1 controls and the direction marks that make "gpj.exe" read as "exe.jpg" (by code point). */
function isUnsafeCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}
const KNOWN_EXTENSION = new RegExp(`\\.(${ALLOWED_DOCUMENT_EXTENSIONS.join('|')})$`, 'i');

/** A stored file name as the server makes it: last path segment, no controls, the content's extension. */
function sanitizeFileName(raw: string, format: DocumentFileFormat): string {
  const segment = raw.split(/[/\\]/).pop() ?? '';
  let base = Array.from(segment.normalize('NFC'))
    .filter((character) => !isUnsafeCharacter(character))
    .join('')
    .trim()
    .replace(KNOWN_EXTENSION, '')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (base === '') base = 'document';
  const points = Array.from(base);
  const room = FILE_NAME_MAX - format.length - 1;
  if (points.length > room) base = points.slice(0, room).join('').trimEnd();
  return `${base}.${format}`;
}

/** A Content-Disposition value as the server sends it: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** E-mails as the server keeps them: normalised, each once. */
function normalised(input: CounterpartyInput): CounterpartyInput {
  const emails = input.emails.map((email) => normalizeEmail(email) ?? email.trim());
  return { ...input, emails: [...new Set(emails)] };
}

/** A stored file: the public fields plus its bytes. */
interface StoredFile extends DocumentFile {
  bytes: Uint8Array;
}

/** A document as the fake stores it; what a company sees is derived from it per request. */
export interface FakeDocumentRecord {
  id: number;
  number: number;
  name: string;
  signingMethod: Document['signingMethod'];
  status: LifecycleStatus;
  createdAt: string;
  updatedAt: string;
  sender: Party;
  creator: Document['creator'];
  files: StoredFile[];
  signers: Signer[];
  rejection: Document['rejection'];
  /** The sender signed it ("sign and send"): it can no longer be revoked. */
  senderSigned?: boolean;
  /** When each company moved it to its trash. */
  trashedAt: Map<string, string>;
  /** The folder each company keeps it in. */
  folderOf: Map<string, number>;
  history: HistoryEvent[];
}

/** A folder as the fake stores it. */
export interface FakeFolderRecord {
  id: number;
  bin: string;
  name: string;
  parentId: number | null;
  createdAt: string;
}

/** A counterparty as the fake stores it. */
export interface FakeCounterpartyRecord extends CounterpartyInput {
  id: number;
  bin: string;
  createdAt: string;
  updatedAt: string;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);
const contains = (bytes: Uint8Array, text: string) => new TextDecoder('latin1').decode(bytes).includes(text);

/** The format of a file by its content, as the server recognises it; undefined when not allowed. */
export function detectFormat(bytes: Uint8Array): DocumentFileFormat | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (contains(bytes, 'mimetypeapplication/vnd.oasis.opendocument.text')) return 'odt';
    if (contains(bytes, 'word/')) return 'docx';
  }
  return undefined;
}

/** The bytes the fake answers as the PDF conversion of a non-PDF file. */
export const FAKE_CONVERTED_PDF = new TextEncoder().encode('%PDF-1.4\n% fake conversion\n%%EOF\n');

export const CONTENT_TYPES: Record<DocumentFileFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
};

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function bytesResponse(bytes: Uint8Array, type: string, disposition?: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { 'content-type': type, ...(disposition ? { 'content-disposition': disposition } : {}) },
  });
}

/** Options of {@link createFakeDocuments}. */
export interface FakeDocumentsOptions {
  /** The fake's clock. */
  now: () => Date;
}

/** The documents service of the fake server: handlers by operationId and the stored records. */
export function createFakeDocuments({ now }: FakeDocumentsOptions) {
  const documents = new Map<number, FakeDocumentRecord>();
  const folders = new Map<number, FakeFolderRecord>();
  const counterparties = new Map<number, FakeCounterpartyRecord>();
  const numbers = new Map<string, number>();
  let nextId = { document: 0, file: 0, event: 0, folder: 0, counterparty: 0 };
  const newId = (kind: keyof typeof nextId) => {
    nextId = { ...nextId, [kind]: nextId[kind] + 1 };
    return nextId[kind];
  };
  const iso = () => now().toISOString();

  // ----- access -----

  /** The acting company of a request: a company of the caller's, else FORBIDDEN. */
  function actingCompany(context: FakeContext, bin: string): Party {
    const company = context.account?.companies.find((entry) => entry.bin === bin);
    if (!company) refuse('FORBIDDEN');
    return { bin, nameRu: company.nameRu, nameKk: company.nameKk ?? null };
  }

  function signerOf(record: FakeDocumentRecord, bin: string): Signer | undefined {
    return record.signers.find((signer) => signer.identityNumber === bin);
  }

  /** Participants see a document; signers only once it was sent. */
  function visible(record: FakeDocumentRecord, bin: string): boolean {
    if (record.sender.bin === bin) return true;
    return record.status !== 'DRAFT' && signerOf(record, bin) !== undefined;
  }

  /** The document if the company takes part in it; else 404 as if it did not exist. */
  function findDocument(id: number, bin: string): FakeDocumentRecord {
    const record = documents.get(id);
    if (!record || !visible(record, bin)) refuse('ENTITY_NOT_FOUND');
    return record;
  }

  /** The sender, outside its trash, may change a document (the server's assertSenderMayChange). */
  function senderMayChange(record: FakeDocumentRecord, bin: string): void {
    if (record.sender.bin !== bin || record.trashedAt.has(bin)) refuse('DOCUMENT_CHANGE_FORBIDDEN');
  }

  /** The start of every edit: the sender may change it and core's `update` transition allows it. */
  function beginEdit(record: FakeDocumentRecord, bin: string): void {
    senderMayChange(record, bin);
    const step = transition(record.status, 'update');
    if (!step.ok) refuse(step.code);
    if (record.status !== 'DRAFT') {
      record.status = step.to;
      record.rejection = null;
      record.signers = record.signers.map((signer) => ({ ...signer, state: 'WAITING', signedAt: null }));
    }
  }

  function record(
    target: FakeDocumentRecord,
    type: HistoryEventType,
    context: FakeContext,
    company: Party,
    details: string | null = null,
  ) {
    const account = context.account;
    target.history.push({
      id: newId('event'),
      type,
      at: iso(),
      actor: account
        ? { userId: account.userId, firstname: account.profile.firstname, lastname: account.profile.lastname }
        : null,
      company,
      ip: '127.0.0.1',
      details,
    });
  }

  // ----- views -----

  /** Sequential signing: everybody before must have signed; parallel: any waiting signer. */
  function isTurn(record: FakeDocumentRecord, bin: string): boolean {
    const mine = record.signers.findIndex((signer) => signer.identityNumber === bin);
    if (mine < 0 || record.signers[mine]?.state !== 'WAITING') return false;
    return (
      record.signingMethod === 'PARALLEL' ||
      record.signers.slice(0, mine).every((signer) => signer.state === 'SIGNED')
    );
  }

  /** What the routes accept now, exactly as the server's `allowedActions` (server documents/document-view.ts). */
  function allowedActions(record: FakeDocumentRecord, bin: string): Document['allowedActions'] {
    const sender = record.sender.bin === bin;
    if (record.trashedAt.has(bin)) return sender ? ['restore', 'copy'] : ['restore'];
    const actions: Document['allowedActions'] = [];
    if (sender) {
      if (canTransition(record.status, 'update')) actions.push('update');
      if (canTransition(record.status, 'send')) actions.push('send');
      // Sign and send on a draft; once on the document at signing.
      if (canTransition(record.status, 'sign') && !record.senderSigned) actions.push('sign');
      const nobodySigned =
        !record.senderSigned && record.signers.every((signer) => signer.state === 'WAITING');
      if (canTransition(record.status, 'revoke') && nobodySigned) actions.push('revoke');
      actions.push('copy');
    } else {
      const waiting = record.signers.some((s) => s.identityNumber === bin && s.state === 'WAITING');
      if (waiting && record.status === 'AT_SIGNING' && isTurn(record, bin)) actions.push('sign');
      // A later signer of a SEQUENTIAL document may reject before its turn.
      if (waiting && canTransition(record.status, 'reject')) actions.push('reject');
    }
    actions.push('trash');
    return actions;
  }

  function trashInfo(trashedAt: string): Document['trash'] {
    const deleteAt = new Date(Date.parse(trashedAt) + TRASH_RETENTION_DAYS * DAY_MS);
    const daysLeft = Math.max(0, Math.floor((deleteAt.getTime() - now().getTime()) / DAY_MS));
    return { trashedAt, deleteAt: deleteAt.toISOString(), daysLeft };
  }

  function common(record: FakeDocumentRecord, bin: string) {
    const trashedAt = record.trashedAt.get(bin);
    return {
      id: record.id,
      number: record.number,
      name: record.name,
      status: viewStatus(record.status, trashedAt !== undefined),
      lifecycleStatus: record.status,
      signingMethod: record.signingMethod,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      sender: record.sender,
      role: record.sender.bin === bin ? ('sender' as const) : ('signer' as const),
      trash: trashedAt === undefined ? null : trashInfo(trashedAt),
      folderId: record.folderOf.get(bin) ?? null,
    };
  }

  function documentView(record: FakeDocumentRecord, bin: string): Document {
    return {
      ...common(record, bin),
      creator: record.creator,
      files: record.files.map(({ bytes: _bytes, ...file }) => file),
      signers: record.signers,
      rejection: record.rejection,
      allowedActions: allowedActions(record, bin),
    };
  }

  function summaryView(record: FakeDocumentRecord, bin: string): DocumentSummary {
    return {
      ...common(record, bin),
      signers: record.signers.map(({ identityNumber, nameRu, nameKk, state }) => ({
        identityNumber,
        nameRu,
        nameKk,
        state,
      })),
      fileCount: record.files.length,
    };
  }

  // ----- lists -----

  function inBox(record: FakeDocumentRecord, bin: string, box: DocumentBox): boolean {
    const trashed = record.trashedAt.has(bin);
    if (box === 'trash') return trashed;
    if (trashed) return false;
    const sender = record.sender.bin === bin;
    if (box === 'draft') return sender && record.status === 'DRAFT';
    if (box === 'outgoing') return sender && record.status !== 'DRAFT';
    return !sender && record.status !== 'DRAFT';
  }

  function matchesFilter(record: FakeDocumentRecord, bin: string, filter: DocumentFilter): boolean {
    const me = signerOf(record, bin);
    const signedByMe = me?.state === 'SIGNED';
    switch (filter) {
      case 'all':
        return true;
      case 'signedByMe':
        return signedByMe;
      case 'needToSign':
        return record.status === 'AT_SIGNING' && me?.state === 'WAITING';
      case 'signedByAll':
        return record.status === 'SIGNED';
      case 'inProcess':
        return record.status === 'AT_SIGNING';
      case 'signedByMeOrInProcess':
        return signedByMe || record.status === 'AT_SIGNING';
      case 'canceled':
        return record.status === 'REJECTED' || record.status === 'REVOKED';
      case 'draft':
        return record.status === 'DRAFT';
    }
  }

  /** The server's search: a substring of the name or a party's name, the number, or a BIN/IIN exactly. */
  function matchesSearch(record: FakeDocumentRecord, q: string | undefined): boolean {
    if (!q) return true;
    const needle = q.toLowerCase();
    const names = [record.name, record.sender.nameRu, record.sender.nameKk]
      .concat(record.signers.flatMap((signer) => [signer.nameRu, signer.nameKk]))
      .filter((name): name is string => typeof name === 'string');
    if (names.some((name) => name.toLowerCase().includes(needle))) return true;
    if (/^\d{1,9}$/.test(q) && record.number === Number(q)) return true;
    return (
      /^\d{12}$/.test(q) &&
      (record.sender.bin === q || record.signers.some((signer) => signer.identityNumber === q))
    );
  }

  type SortValue = string | number;
  function sortValue(record: FakeDocumentRecord, sort: NonNullable<DocumentListQuery['sort']>): SortValue {
    return record[sort];
  }

  function compareKeys(a: [SortValue, number], b: [SortValue, number]): number {
    if (a[0] < b[0]) return -1;
    if (a[0] > b[0]) return 1;
    return a[1] - b[1];
  }

  /** The cursor of a request; VALIDATION_FAILED when it is garbage or made for another sort or order. */
  function decodeCursor(cursor: string, sort: string, order: string): [SortValue, number] {
    try {
      const { s: cursorSort, o, v, i } = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
      if (cursorSort === sort && o === order && (typeof v === 'string' || typeof v === 'number')) {
        if (Number.isSafeInteger(i) && i > 0) return [v, i];
      }
    } catch {
      // Falls through to the refusal.
    }
    refuse('VALIDATION_FAILED');
  }

  function encodeCursor(sort: string, order: string, [v, i]: [SortValue, number]): string {
    return btoa(JSON.stringify({ s: sort, o: order, v, i }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  }

  function listDocuments(context: FakeContext): Response {
    const query = parseInput(documentListQuerySchema, Object.fromEntries(context.query));
    const { bin } = parseInput(companyParamsSchema, context.params);
    actingCompany(context, bin);
    const filter = query.filter ?? 'all';
    if (!BOX_FILTERS[query.box].includes(filter)) refuse('VALIDATION_FAILED');
    const sort = query.sort ?? 'createdAt';
    const order = query.order ?? 'desc';
    const direction = order === 'asc' ? 1 : -1;
    const keyOf = (record: FakeDocumentRecord): [SortValue, number] => [sortValue(record, sort), record.id];
    const after = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined;
    const matching = [...documents.values()]
      .filter(
        (record) =>
          visible(record, bin) &&
          inBox(record, bin, query.box) &&
          matchesFilter(record, bin, filter) &&
          matchesSearch(record, query.q) &&
          (query.folderId === undefined || record.folderOf.get(bin) === query.folderId),
      )
      .sort((a, b) => direction * compareKeys(keyOf(a), keyOf(b)))
      .filter((record) => after === undefined || direction * compareKeys(keyOf(record), after) > 0);
    const limit = query.limit ?? DOCUMENT_PAGE_SIZE;
    const page = matching.slice(0, limit);
    const last = page.at(-1);
    const nextCursor = matching.length > limit && last ? encodeCursor(sort, order, keyOf(last)) : null;
    return json(200, { items: page.map((record) => summaryView(record, bin)), nextCursor });
  }

  // ----- uploads -----

  /**
   * The files of an upload, one part after another as the server streams them: a part that is not a
   * `files` file is MULTIPART_INVALID, the file past DOCUMENT_MAX_FILES (with `already` stored) is
   * DOCUMENT_FILES_LIMIT, then each file's size and content.
   */
  async function readFiles(entries: Array<[string, FormDataEntryValue]>, already: number) {
    const stored: StoredFile[] = [];
    for (const [name, value] of entries) {
      if (name !== DOCUMENT_UPLOAD_PARTS.files || typeof value === 'string') refuse('MULTIPART_INVALID');
      if (already + stored.length >= DOCUMENT_MAX_FILES) refuse('DOCUMENT_FILES_LIMIT');
      if (value.size > MAX_FILE_BYTES) refuse('FILE_TOO_LARGE');
      const bytes = new Uint8Array(await value.arrayBuffer());
      const format = detectFormat(bytes);
      if (!format) refuse('FILE_FORMAT_NOT_ALLOWED');
      stored.push({
        id: 0,
        name: sanitizeFileName(value.name, format),
        format,
        size: bytes.length,
        sha256: await sha256(bytes),
        uploadedAt: iso(),
        stored: true,
        bytes,
      });
    }
    // Ids only once every file passed, so a refused upload leaves nothing.
    return stored.map((file) => ({ ...file, id: newId('file') }));
  }

  function formEntries(context: FakeContext): Array<[string, FormDataEntryValue]> {
    if (!(context.rawBody instanceof FormData)) refuse('UNSUPPORTED_MEDIA_TYPE');
    return [...context.rawBody.entries()];
  }

  function signersOf(draft: DocumentDraft): Signer[] {
    return draft.signers.map((signer, index) => ({
      identityNumber: signer.identityNumber,
      email: signer.email,
      nameRu: signer.nameRu,
      nameKk: signer.nameKk ?? null,
      approverEmail: signer.approverEmail ?? null,
      order: index + 1,
      state: 'WAITING',
      signedAt: null,
    }));
  }

  function checkSigners(draft: DocumentDraft, bin: string): void {
    const violation = signerRuleViolation(draft.signers, bin);
    if (violation) refuse(violation);
  }

  function newDocument(
    context: FakeContext,
    sender: Party,
    fields: Pick<FakeDocumentRecord, 'name' | 'signingMethod' | 'signers' | 'files'>,
  ): FakeDocumentRecord {
    const account = context.account;
    const number = (numbers.get(sender.bin) ?? 0) + 1;
    numbers.set(sender.bin, number);
    const at = iso();
    const created: FakeDocumentRecord = {
      id: newId('document'),
      number,
      ...fields,
      status: 'DRAFT',
      createdAt: at,
      updatedAt: at,
      sender,
      creator: {
        userId: account?.userId ?? '',
        firstname: account?.profile.firstname ?? '',
        lastname: account?.profile.lastname ?? '',
      },
      rejection: null,
      trashedAt: new Map(),
      folderOf: new Map(),
      history: [],
    };
    documents.set(created.id, created);
    return created;
  }

  async function createDocument(context: FakeContext): Promise<Response> {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const sender = actingCompany(context, bin);
    const [first, ...rest] = formEntries(context);
    if (!first || first[0] !== DOCUMENT_UPLOAD_PARTS.document || typeof first[1] !== 'string') {
      refuse('MULTIPART_INVALID');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(first[1]);
    } catch {
      refuse('MALFORMED_JSON');
    }
    const draft = parseInput(documentDraftSchema(TEST_MODE), parsed);
    checkSigners(draft, bin);
    const files = await readFiles(rest, 0);
    if (files.length === 0) refuse('DOCUMENT_WITHOUT_FILE');
    const created = newDocument(context, sender, {
      name: draft.name,
      signingMethod: draft.signingMethod,
      signers: signersOf(draft),
      files,
    });
    record(created, 'CREATE', context, sender);
    return json(201, documentView(created, bin));
  }

  // ----- one document -----

  function documentInput(context: FakeContext) {
    const { bin, id } = parseInput(documentParamsSchema, context.params);
    const company = actingCompany(context, bin);
    return { bin, company, record: findDocument(id, bin) };
  }

  function touch(target: FakeDocumentRecord): void {
    target.updatedAt = iso();
  }

  function updateDocument(context: FakeContext): Response {
    const params = parseInput(documentParamsSchema, context.params);
    const draft = parseInput(documentDraftSchema(TEST_MODE), context.rawBody);
    const company = actingCompany(context, params.bin);
    checkSigners(draft, params.bin);
    const target = findDocument(params.id, params.bin);
    beginEdit(target, params.bin);
    target.name = draft.name;
    target.signingMethod = draft.signingMethod;
    target.signers = signersOf(draft);
    touch(target);
    record(target, 'UPDATE', context, company);
    return json(200, documentView(target, params.bin));
  }

  function sendDocument(context: FakeContext): Response {
    const { bin, company, record: target } = documentInput(context);
    senderMayChange(target, bin);
    const result = transition(target.status, 'send');
    if (!result.ok) refuse(result.code);
    if (target.files.length === 0) refuse('DOCUMENT_WITHOUT_FILE');
    if (target.signers.length === 0) refuse('SIGNERS_REQUIRED');
    target.status = result.to;
    touch(target);
    record(target, 'SEND', context, company);
    return json(200, documentView(target, bin));
  }

  function copyDocument(context: FakeContext): Response {
    const { bin, company, record: source } = documentInput(context);
    if (source.sender.bin !== bin) refuse('DOCUMENT_CHANGE_FORBIDDEN');
    const copy = newDocument(context, company, {
      name: source.name,
      signingMethod: source.signingMethod,
      signers: source.signers.map((signer) => ({ ...signer, state: 'WAITING', signedAt: null })),
      files: source.files.map((file) => ({ ...file, id: newId('file'), uploadedAt: iso() })),
    });
    record(copy, 'COPY', context, company, `copy of ${source.id}`);
    return json(201, documentView(copy, bin));
  }

  function trashDocument(context: FakeContext): Response {
    const { bin, company, record: target } = documentInput(context);
    if (!target.trashedAt.has(bin)) {
      target.trashedAt.set(bin, iso());
      record(target, 'TRASH', context, company);
    }
    return json(200, documentView(target, bin));
  }

  function restoreDocument(context: FakeContext): Response {
    const { bin, company, record: target } = documentInput(context);
    if (target.trashedAt.delete(bin)) record(target, 'RESTORE', context, company);
    return json(200, documentView(target, bin));
  }

  async function addDocumentFiles(context: FakeContext): Promise<Response> {
    const { bin, company, record: target } = documentInput(context);
    senderMayChange(target, bin);
    if (!canTransition(target.status, 'update')) refuse('DOCUMENT_CHANGE_FORBIDDEN');
    const added = await readFiles(formEntries(context), target.files.length);
    if (added.length === 0) refuse('MULTIPART_INVALID');
    beginEdit(target, bin);
    target.files.push(...added);
    touch(target);
    record(target, 'UPDATE', context, company, `files added: ${added.map((file) => file.name).join(', ')}`);
    return json(200, documentView(target, bin));
  }

  function fileInput(context: FakeContext) {
    const { bin, id, fileId } = parseInput(documentFileParamsSchema, context.params);
    const company = actingCompany(context, bin);
    const target = findDocument(id, bin);
    const file = target.files.find((candidate) => candidate.id === fileId);
    if (!file) refuse('ENTITY_NOT_FOUND');
    return { bin, company, target, file };
  }

  function downloadDocumentFile(context: FakeContext): Response {
    const { file } = fileInput(context);
    return bytesResponse(file.bytes, CONTENT_TYPES[file.format], contentDisposition('attachment', file.name));
  }

  function deleteDocumentFile(context: FakeContext): Response {
    const { bin, company, target, file } = fileInput(context);
    beginEdit(target, bin);
    if (target.files.length === 1) refuse('DOCUMENT_WITHOUT_FILE');
    target.files = target.files.filter((candidate) => candidate !== file);
    touch(target);
    record(target, 'UPDATE', context, company, `file deleted: ${file.name}`);
    return json(200, documentView(target, bin));
  }

  function previewDocumentFile(context: FakeContext): Response {
    const { file } = fileInput(context);
    const disposition = contentDisposition('inline', file.name.replace(/\.[a-z]+$/, '.pdf'));
    return bytesResponse(
      file.format === 'pdf' ? file.bytes : FAKE_CONVERTED_PDF,
      'application/pdf',
      disposition,
    );
  }

  function getDocumentHistory(context: FakeContext): Response {
    const { bin, record: target } = documentInput(context);
    const own = target.history.filter(
      (event) => (event.type !== 'TRASH' && event.type !== 'RESTORE') || event.company?.bin === bin,
    );
    return json(200, own);
  }

  // The fake keeps no hash chain: its history is always intact, and the head is a digest of the whole history.
  async function verifyDocumentHistory(context: FakeContext): Promise<Response> {
    const { record: target } = documentInput(context);
    const events = target.history.length;
    const headHash =
      events > 0 ? await sha256(new TextEncoder().encode(JSON.stringify(target.history))) : null;
    return json(200, { valid: true, events, brokenAt: null, headHash });
  }

  function moveDocumentToFolder(context: FakeContext): Response {
    const params = parseInput(documentParamsSchema, context.params);
    const { folderId } = parseInput(moveToFolderRequestSchema, context.rawBody);
    actingCompany(context, params.bin);
    const target = findDocument(params.id, params.bin);
    if (folderId === null) target.folderOf.delete(params.bin);
    else target.folderOf.set(params.bin, ownFolder(folderId, params.bin).id);
    return json(200, documentView(target, params.bin));
  }

  // ----- folders -----

  function ownFolder(id: number, bin: string): FakeFolderRecord {
    const folder = folders.get(id);
    if (!folder || folder.bin !== bin) refuse('FOLDER_NOT_FOUND');
    return folder;
  }

  function plainFolder({ bin, ...folder }: FakeFolderRecord) {
    let documentCount = 0;
    for (const entry of documents.values()) if (entry.folderOf.get(bin) === folder.id) documentCount += 1;
    return { ...folder, documentCount };
  }

  function uniqueName(bin: string, parentId: number | null, name: string, except?: number): void {
    const taken = [...folders.values()].some(
      (folder) =>
        folder.bin === bin &&
        folder.parentId === parentId &&
        folder.id !== except &&
        folder.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) refuse('FOLDER_NAME_TAKEN');
  }

  function descendants(id: number): Set<number> {
    const found = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const folder of folders.values()) {
        if (folder.parentId !== null && found.has(folder.parentId) && !found.has(folder.id)) {
          found.add(folder.id);
          grew = true;
        }
      }
    }
    return found;
  }

  function listFolders(context: FakeContext): Response {
    const { bin } = parseInput(companyParamsSchema, context.params);
    actingCompany(context, bin);
    const own = [...folders.values()]
      .filter((folder) => folder.bin === bin)
      .sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
    return json(200, own.map(plainFolder));
  }

  function createFolder(context: FakeContext): Response {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const body = parseInput(createFolderRequestSchema, context.rawBody);
    actingCompany(context, bin);
    const parentId = body.parentId ?? null;
    if (parentId !== null) ownFolder(parentId, bin);
    uniqueName(bin, parentId, body.name);
    const folder: FakeFolderRecord = {
      id: newId('folder'),
      bin,
      name: body.name,
      parentId,
      createdAt: iso(),
    };
    folders.set(folder.id, folder);
    return json(201, plainFolder(folder));
  }

  function updateFolder(context: FakeContext): Response {
    const { bin, folderId } = parseInput(folderParamsSchema, context.params);
    const body = parseInput(updateFolderRequestSchema, context.rawBody);
    actingCompany(context, bin);
    const folder = ownFolder(folderId, bin);
    const parentId = body.parentId === undefined ? folder.parentId : body.parentId;
    if (parentId !== null) {
      ownFolder(parentId, bin);
      if (descendants(folder.id).has(parentId)) refuse('FOLDER_CYCLE');
    }
    const name = body.name ?? folder.name;
    uniqueName(bin, parentId, name, folder.id);
    folder.name = name;
    folder.parentId = parentId;
    return json(200, plainFolder(folder));
  }

  function deleteFolder(context: FakeContext): Response {
    const { bin, folderId } = parseInput(folderParamsSchema, context.params);
    actingCompany(context, bin);
    const removed = descendants(ownFolder(folderId, bin).id);
    for (const id of removed) folders.delete(id);
    for (const entry of documents.values()) {
      const kept = entry.folderOf.get(bin);
      if (kept !== undefined && removed.has(kept)) entry.folderOf.delete(bin);
    }
    return noContent();
  }

  // ----- counterparties -----

  function counterpartyView(entry: FakeCounterpartyRecord) {
    const { bin: _bin, ...view } = entry;
    return { ...view, nameKk: view.nameKk ?? null };
  }

  function ownCounterparty(id: number, bin: string): FakeCounterpartyRecord {
    const entry = counterparties.get(id);
    if (!entry || entry.bin !== bin) refuse('COUNTERPARTY_NOT_FOUND');
    return entry;
  }

  function uniqueCounterparty(bin: string, identityNumber: string, except?: number): void {
    for (const entry of counterparties.values()) {
      if (entry.bin === bin && entry.identityNumber === identityNumber && entry.id !== except) {
        refuse('COUNTERPARTY_EXISTS');
      }
    }
  }

  function listCounterparties(context: FakeContext): Response {
    const { q } = parseInput(counterpartyListQuerySchema, Object.fromEntries(context.query));
    const { bin } = parseInput(companyParamsSchema, context.params);
    actingCompany(context, bin);
    const needle = q?.toLowerCase() ?? '';
    const own = [...counterparties.values()]
      .filter(
        (entry) =>
          entry.bin === bin &&
          (entry.nameRu.toLowerCase().includes(needle) ||
            (entry.nameKk ?? '').toLowerCase().includes(needle) ||
            entry.identityNumber.startsWith(needle)),
      )
      .sort((a, b) => compareText(a.nameRu, b.nameRu) || a.id - b.id);
    return json(200, own.map(counterpartyView));
  }

  function createCounterparty(context: FakeContext): Response {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const input = normalised(parseInput(counterpartyInputSchema(TEST_MODE), context.rawBody));
    actingCompany(context, bin);
    uniqueCounterparty(bin, input.identityNumber);
    const at = iso();
    const entry: FakeCounterpartyRecord = {
      ...input,
      id: newId('counterparty'),
      bin,
      createdAt: at,
      updatedAt: at,
    };
    counterparties.set(entry.id, entry);
    return json(201, counterpartyView(entry));
  }

  function updateCounterparty(context: FakeContext): Response {
    const { bin, counterpartyId } = parseInput(counterpartyParamsSchema, context.params);
    const input = normalised(parseInput(counterpartyInputSchema(TEST_MODE), context.rawBody));
    actingCompany(context, bin);
    const entry = ownCounterparty(counterpartyId, bin);
    uniqueCounterparty(bin, input.identityNumber, entry.id);
    Object.assign(entry, input, { updatedAt: iso() });
    return json(200, counterpartyView(entry));
  }

  function deleteCounterparty(context: FakeContext): Response {
    const { bin, counterpartyId } = parseInput(counterpartyParamsSchema, context.params);
    actingCompany(context, bin);
    counterparties.delete(ownCounterparty(counterpartyId, bin).id);
    return noContent();
  }

  const handlers = {
    listDocuments,
    createDocument,
    getDocument: (context) => {
      const { bin, company, record: target } = documentInput(context);
      const day = almatyDay(now());
      const seen = target.history.some(
        (event) =>
          event.type === 'VIEW' && event.company?.bin === bin && almatyDay(new Date(event.at)) === day,
      );
      if (!seen) record(target, 'VIEW', context, company);
      return json(200, documentView(target, bin));
    },
    updateDocument,
    sendDocument,
    copyDocument,
    trashDocument,
    restoreDocument,
    addDocumentFiles,
    downloadDocumentFile,
    deleteDocumentFile,
    previewDocumentFile,
    getDocumentHistory,
    verifyDocumentHistory,
    moveDocumentToFolder,
    listFolders,
    createFolder,
    updateFolder,
    deleteFolder,
    listCounterparties,
    createCounterparty,
    updateCounterparty,
    deleteCounterparty,
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;

  return {
    handlers,
    /** The rules other fake services build on (the signing service). */
    access: { actingCompany, findDocument, documentView, signerOf, isTurn, record, touch, senderMayChange },
    documents,
    folders,
    counterparties,
    /** The stored document `id` (for tests that drive states no route reaches, e.g. signing). */
    document(id: number): FakeDocumentRecord {
      const found = documents.get(id);
      if (!found) throw new Error(`fake server: no document ${id}`);
      return found;
    },
  };
}

/**
 * A PDF file for tests: the `%PDF-` signature followed by filler up to `size` bytes (at least the header).
 *
 * @example await createDocument(draft, [pdfFile('contract.pdf', 2048)])
 */
export function pdfFile(name = 'contract.pdf', size = 64): File {
  const header = new TextEncoder().encode('%PDF-1.7\n');
  const bytes = new Uint8Array(Math.max(size, header.length));
  bytes.set(header);
  return new File([bytes], name, { type: 'application/pdf' });
}

/** A file the server refuses by content (plain text), whatever its name says. */
export function textFile(name = 'notes.pdf', text = 'not a document'): File {
  return new File([text], name, { type: 'application/pdf' });
}
