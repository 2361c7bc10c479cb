import {
  ACCOUNT_PATHS,
  type AttachChallenge,
  apiKeyCreatedSchema,
  apiKeySchema,
  apiPath,
  attachChallengeSchema,
  authTokensSchema,
  codeSentSchema,
  companySchema,
  counterpartySchema,
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  type Document,
  type DocumentDraft,
  type DocumentPage,
  documentPageSchema,
  documentSchema,
  EMBED_PATHS,
  type ErrorCode,
  errorStatus,
  type Folder,
  folderSchema,
  historyEventSchema,
  historyVerificationSchema,
  PARTNER_PATHS,
  PROFILE_PATHS,
  profileSchema,
  type QrSigningSession,
  qrSigningSessionSchema,
  registrationTicketSchema,
  registryEntrySchema,
  SIGNING_PATHS,
  type SigningConfig,
  signingConfigSchema,
  VERIFICATION_PATHS,
  VERIFICATION_UPLOAD_PARTS,
  VERIFY_MAX_FILES,
  webhookDeliverySchema,
} from '@qoltanba/core';
import { PARTIES, type Side } from './sides';

/** What one side remembers between the steps: tokens, ids and values its own answers gave. */
export interface Context {
  tokens: Partial<Record<User, string>>;
  ids: Record<string, number>;
  values: Record<string, string>;
}

/** The two users of the table: A acts for an individual, B for a sole proprietor. */
export type User = 'a' | 'b';

/** A request of the table, built for one side from that side's context. */
export interface TableRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  /** Sent with this user's bearer token. */
  as?: User;
  json?: unknown;
  /** A multipart body (built anew for each side). */
  form?: FormData;
}

/** The part of a zod schema the table uses. */
interface BodySchema {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}

/** What both sides must answer. */
export type Expectation =
  | { status: number; schema?: BodySchema; binary?: undefined; code?: undefined }
  | { status: number; code: ErrorCode; schema?: undefined; binary?: undefined }
  | { status: number; binary: string; schema?: undefined; code?: undefined };

/** One row of the shared table. */
export interface Step {
  name: string;
  request(context: Context, side: Side): TableRequest | Promise<TableRequest>;
  expect: Expectation;
  /** A projection of the body that must be equal on both sides (ids and timestamps differ, meanings must not). */
  same?: (body: never) => unknown;
  /** Remembers values of this side's answer for later steps. */
  keep?: (context: Context, body: never) => void;
}

const ok = (schema?: BodySchema, status = 200): Expectation => (schema ? { status, schema } : { status });
const refused = (code: ErrorCode, status = errorStatus(code)): Expectation => ({ status, code });

const A_BIN = PARTIES.individual.entry.bin;
const B_BIN = PARTIES.soleProprietor.entry.bin;
const EMAIL = { a: 'contract-a@example.kz', b: 'contract-b@example.kz' } as const;
const PASSWORD = 'correct-horse';
const docPath = (template: string, context: Context, extra: Record<string, string> = {}, bin = A_BIN) =>
  apiPath(template, { bin, id: String(context.ids.document), ...extra });
const companyPath = (template: string, bin = A_BIN, extra: Record<string, string> = {}) =>
  apiPath(template, { bin, ...extra });

/** A file the server recognises as PDF by content. */
function pdf(name: string, size = 256): File {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new File([bytes], name, { type: 'application/pdf' });
}

function upload(draft: unknown, files: File[], options: { draftFirst?: boolean } = {}): FormData {
  const form = new FormData();
  if (options.draftFirst !== false && draft !== undefined) {
    form.append(DOCUMENT_UPLOAD_PARTS.document, JSON.stringify(draft));
  }
  for (const file of files) form.append(DOCUMENT_UPLOAD_PARTS.files, file, file.name);
  if (options.draftFirst === false) form.append(DOCUMENT_UPLOAD_PARTS.document, JSON.stringify(draft));
  return form;
}

/** A verification upload: one `files` part per file. */
function verification(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(VERIFICATION_UPLOAD_PARTS.files, file, file.name);
  return form;
}

async function sha256Of(file: File): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const storedFilePath = (docId: number, fileId: number, sha256?: string) =>
  apiPath(VERIFICATION_PATHS.storedFile, { docId: String(docId), fileId: String(fileId) }) +
  (sha256 === undefined ? '' : `?sha256=${sha256}`);

const signerB = { identityNumber: B_BIN, email: EMAIL.b, nameRu: 'ИП Бекова' };
const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [signerB] };

/** The document fields both servers must agree on (the rest are ids, numbers and times). */
const documentMeaning = (document: Document) => ({
  name: document.name,
  status: document.status,
  lifecycleStatus: document.lifecycleStatus,
  role: document.role,
  allowedActions: document.allowedActions,
  files: document.files.map((file) => [file.name, file.format, file.size, file.sha256]),
  signers: document.signers.map((signer) => [signer.identityNumber, signer.order, signer.state]),
  // Presence only: the days left depend on the millisecond the answer is made (see the README).
  inTrash: document.trash !== null,
  inFolder: document.folderId !== null,
});
const pageMeaning = (page: DocumentPage) => ({
  names: page.items.map((item) => [item.name, item.status, item.role, item.fileCount]),
  more: page.nextCursor !== null,
});

/** One unreadable "CMS" per file of the table's document, as user B sees it on this side. */
async function unreadableSignatures(context: Context, side: Side) {
  const response = await side.fetch(docPath(DOCUMENT_PATHS.document, context, {}, B_BIN), {
    headers: { authorization: `Bearer ${context.tokens.b}` },
  });
  const document = (await response.json()) as Document;
  return document.files.map((file) => ({ fileId: file.id, cms: btoa('not a CMS') }));
}

/** Registration of one user by e-mail, through the dev flows of both sides (the code from where each sends it). */
function registration(user: User): Step[] {
  const email = EMAIL[user];
  return [
    {
      name: `user ${user.toUpperCase()}: registration code by e-mail`,
      request: () => ({
        method: 'POST',
        path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel: 'email' }),
        json: { email, lang: 'ru' },
      }),
      expect: ok(codeSentSchema),
    },
    {
      name: `user ${user.toUpperCase()}: the code gives a registration ticket`,
      request: async (_context, side) => ({
        method: 'POST',
        path: apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'registration', channel: 'email' }),
        json: { email, code: await side.latestCode(email), lang: 'ru' },
      }),
      expect: ok(registrationTicketSchema),
      keep: (context, body: { registrationToken: string }) => {
        context.values[`ticket-${user}`] = body.registrationToken;
      },
    },
    {
      name: `user ${user.toUpperCase()}: registration completes with tokens`,
      request: (context) => ({
        method: 'POST',
        path: ACCOUNT_PATHS.completeRegistration,
        json: {
          registrationToken: context.values[`ticket-${user}`],
          password: PASSWORD,
          firstname: 'Айгерим',
          lastname: 'Бекова',
          lang: 'ru',
        },
      }),
      expect: ok(authTokensSchema),
      keep: (context, body: { access_token: string }) => {
        context.tokens[user] = body.access_token;
      },
    },
  ];
}

/** Attaching the user's company by IIN, with the SMS code the phone linked to it receives. */
function attach(user: User, attached: typeof PARTIES.individual | typeof PARTIES.soleProprietor): Step[] {
  const iin = attached.entry.bin;
  const phoneNumber = attached.phone ?? '';
  return [
    {
      name: `user ${user.toUpperCase()}: attaching ${attached.entry.kind} ${iin} sends an SMS code`,
      request: () => ({
        method: 'POST',
        path: PROFILE_PATHS.attachByIin,
        as: user,
        json: { iin, phoneNumber, lang: 'ru' },
      }),
      expect: ok(codeSentSchema),
    },
    {
      name: `user ${user.toUpperCase()}: the SMS code attaches it`,
      request: async (_context, side) => ({
        method: 'POST',
        path: PROFILE_PATHS.attachByIinConfirm,
        as: user,
        json: { iin, phoneNumber, code: await side.latestCode(phoneNumber) },
      }),
      expect: ok(companySchema.array()),
      same: (companies: { bin: string; isMainCompany: boolean }[]) =>
        companies.map((entry) => [entry.bin, entry.isMainCompany]),
    },
  ];
}

/**
 * The shared table: success and refusal cases of login, companies, documents (create, list, get, update,
 * send, copy, trash, restore, files), folders and counterparties, validation errors and access (404 for a
 * document of another company, 403 for a company of someone else). Steps run in order; each side keeps its
 * own ids. Setup (users, companies) goes through the same API on both sides.
 */
export const TABLE: readonly Step[] = [
  // ----- accounts -----
  ...registration('a'),
  ...registration('b'),
  {
    name: 'registration of a taken e-mail is refused',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel: 'email' }),
      json: { email: EMAIL.a, lang: 'ru' },
    }),
    expect: refused('EMAIL_TAKEN'),
  },
  {
    name: 'login with the password',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: EMAIL.a, password: PASSWORD, lang: 'ru' },
    }),
    expect: ok(authTokensSchema),
  },
  {
    name: 'login with a wrong password',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: EMAIL.a, password: 'wrong-horse', lang: 'ru' },
    }),
    expect: refused('INVALID_PASSWORD'),
  },
  {
    name: 'login of an unknown account',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: 'nobody@example.kz', password: PASSWORD, lang: 'ru' },
    }),
    expect: refused('ACCOUNT_NOT_FOUND'),
  },
  {
    name: 'a code to an e-mail address that is not one',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'registration', channel: 'email' }),
      json: { email: 'not-an-email', lang: 'ru' },
    }),
    expect: refused('INVALID_EMAIL'),
  },
  {
    name: 'a code for a purpose there is not',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.sendCode, { purpose: 'welcome', channel: 'email' }),
      json: { email: 'someone@example.kz', lang: 'ru' },
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'a login code of the wrong shape',
    request: () => ({
      method: 'POST',
      path: apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: 'email' }),
      json: { email: EMAIL.a, code: '12', lang: 'ru' },
    }),
    expect: refused('INVALID_CODE'),
  },
  {
    name: 'login with something that is neither e-mail nor phone',
    request: () => ({
      method: 'POST',
      path: ACCOUNT_PATHS.login,
      json: { login: 'just-a-name', password: PASSWORD, lang: 'ru' },
    }),
    expect: refused('INVALID_LOGIN'),
  },
  {
    name: 'a language there is not',
    request: () => ({ method: 'POST', path: apiPath(PROFILE_PATHS.setLocale, { locale: 'fr' }), as: 'a' }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'the profile of the signed-in user',
    request: () => ({ method: 'GET', path: PROFILE_PATHS.user, as: 'a' }),
    expect: ok(profileSchema),
    same: (profile: { email: string; firstname: string }) => [profile.email, profile.firstname],
  },
  {
    name: 'the profile without a token',
    request: () => ({ method: 'GET', path: PROFILE_PATHS.user }),
    expect: refused('UNAUTHORIZED', 401),
  },

  // ----- companies -----
  {
    name: 'a new user has no companies',
    request: () => ({ method: 'GET', path: PROFILE_PATHS.companies, as: 'a' }),
    expect: ok(companySchema.array()),
    same: (companies: unknown[]) => companies.length,
  },
  {
    name: 'a legal entity cannot be attached by IIN',
    request: () => ({
      method: 'POST',
      path: PROFILE_PATHS.attachByIin,
      as: 'a',
      json: { iin: PARTIES.legal.entry.bin, phoneNumber: '+77027654321', lang: 'ru' },
    }),
    expect: refused('ATTACH_BY_IIN_ONLY_INDIVIDUALS'),
  },
  {
    name: 'attaching with a phone that is not the one linked to the IIN',
    request: () => ({
      method: 'POST',
      path: PROFILE_PATHS.attachByIin,
      as: 'a',
      json: { iin: A_BIN, phoneNumber: '+77070000000', lang: 'ru' },
    }),
    expect: refused('PHONE_MISMATCH'),
  },
  ...attach('a', PARTIES.individual),
  ...attach('b', PARTIES.soleProprietor),
  {
    name: 'the register record of an attached IIN',
    request: () => ({
      method: 'GET',
      path: apiPath(PROFILE_PATHS.registryLookup, { identityNumber: A_BIN }),
      as: 'a',
    }),
    expect: ok(registryEntrySchema),
    same: (entry: { bin: string; kind: string }) => [entry.bin, entry.kind],
  },

  // ----- documents: refusals before anything exists -----
  {
    name: 'an empty incoming box',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=incoming`,
      as: 'a',
    }),
    expect: ok(documentPageSchema),
    same: pageMeaning,
  },
  {
    name: 'a filter the box does not offer',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=incoming&filter=draft`,
      as: 'a',
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'a search text over the limit',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=draft&q=${'x'.repeat(101)}`,
      as: 'a',
    }),
    expect: refused('QUERY_PARAM_TOO_LONG'),
  },
  {
    name: 'a cursor that is not one',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=draft&cursor=garbage`,
      as: 'a',
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'the documents of a company of someone else',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents, B_BIN)}?box=draft`,
      as: 'a',
    }),
    expect: refused('FORBIDDEN'),
  },
  {
    name: 'creating without a token: 401 before the upload is read',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      form: upload(draft, [pdf('a.pdf')]),
    }),
    expect: refused('UNAUTHORIZED', 401),
  },
  {
    name: 'creating with more files than a document may have',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload(
        draft,
        Array.from({ length: 11 }, (_, index) => pdf(`f${index}.pdf`)),
      ),
    }),
    expect: refused('DOCUMENT_FILES_LIMIT'),
  },
  {
    name: 'creating from a JSON body instead of multipart',
    request: () => ({ method: 'POST', path: companyPath(DOCUMENT_PATHS.documents), as: 'a', json: draft }),
    expect: refused('UNSUPPORTED_MEDIA_TYPE'),
  },
  {
    name: 'creating without a file',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload(draft, []),
    }),
    expect: refused('DOCUMENT_WITHOUT_FILE'),
  },
  {
    name: 'creating with a file that is no document (by content)',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload(draft, [new File(['plain text'], 'notes.pdf', { type: 'application/pdf' })]),
    }),
    expect: refused('FILE_FORMAT_NOT_ALLOWED'),
  },
  {
    name: 'creating with the draft part after the files',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload(draft, [pdf('a.pdf')], { draftFirst: false }),
    }),
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'creating with a draft part that is not JSON',
    request: () => {
      const form = new FormData();
      form.append(DOCUMENT_UPLOAD_PARTS.document, '{"name":');
      form.append(DOCUMENT_UPLOAD_PARTS.files, pdf('a.pdf'), 'a.pdf');
      return { method: 'POST', path: companyPath(DOCUMENT_PATHS.documents), as: 'a', form };
    },
    expect: refused('MALFORMED_JSON'),
  },
  {
    name: 'creating with a name too short',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload({ ...draft, name: 'Акт' }, [pdf('a.pdf')]),
    }),
    expect: refused('DOCUMENT_NAME_LENGTH'),
  },
  {
    name: 'creating with the acting company as a signer',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload({ ...draft, signers: [{ ...signerB, identityNumber: A_BIN }] }, [pdf('a.pdf')]),
    }),
    expect: refused('SELF_AS_SIGNER'),
  },
  {
    name: 'creating with a signer twice',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload({ ...draft, signers: [signerB, signerB] }, [pdf('a.pdf')]),
    }),
    expect: refused('SIGNER_DUPLICATE'),
  },
  {
    name: 'creating for a company of someone else',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents, B_BIN),
      as: 'a',
      form: upload(draft, [pdf('a.pdf')]),
    }),
    expect: refused('FORBIDDEN'),
  },

  // ----- documents: a draft's life -----
  {
    name: 'creating a draft with two files',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload(draft, [pdf('Договор.pdf', 300), pdf('Приложение.pdf', 200)]),
    }),
    expect: ok(documentSchema, 201),
    same: documentMeaning,
    keep: (context, body: Document) => {
      context.ids.document = body.id;
      context.ids.firstFile = body.files[0]?.id ?? 0;
      context.ids.secondFile = body.files[1]?.id ?? 0;
    },
  },
  {
    name: 'reading the draft',
    request: (context) => ({ method: 'GET', path: docPath(DOCUMENT_PATHS.document, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'a draft is private to the sender: 404 for the signer company',
    request: (context) => ({
      method: 'GET',
      path: docPath(DOCUMENT_PATHS.document, context, {}, B_BIN),
      as: 'b',
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'a document that does not exist',
    request: () => ({
      method: 'GET',
      path: apiPath(DOCUMENT_PATHS.document, { bin: A_BIN, id: '999999' }),
      as: 'a',
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'a document id that is no number',
    request: () => ({
      method: 'GET',
      path: apiPath(DOCUMENT_PATHS.document, { bin: A_BIN, id: 'abc' }),
      as: 'a',
    }),
    expect: refused('VALIDATION_FAILED'),
  },
  {
    name: 'editing with an invalid signer e-mail',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.document, context),
      as: 'a',
      json: { ...draft, signers: [{ ...signerB, email: 'not-an-email' }] },
    }),
    expect: refused('INVALID_EMAIL'),
  },
  {
    name: 'editing the draft',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.document, context),
      as: 'a',
      json: { ...draft, name: 'Договор поставки № 7', signingMethod: 'SEQUENTIAL' },
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'the draft box lists it',
    request: () => ({ method: 'GET', path: `${companyPath(DOCUMENT_PATHS.documents)}?box=draft`, as: 'a' }),
    expect: ok(documentPageSchema),
    same: pageMeaning,
  },
  {
    name: 'the search finds it by name',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=draft&q=${encodeURIComponent('поставки')}`,
      as: 'a',
    }),
    expect: ok(documentPageSchema),
    same: pageMeaning,
  },
  {
    name: 'adding a file to the draft',
    request: (context) => ({
      method: 'POST',
      path: docPath(DOCUMENT_PATHS.files, context),
      as: 'a',
      form: upload(undefined, [pdf('Акт.pdf', 100)]),
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'adding files with no file part',
    request: (context) => ({
      method: 'POST',
      path: docPath(DOCUMENT_PATHS.files, context),
      as: 'a',
      form: upload(undefined, []),
    }),
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'deleting a file of the draft',
    request: (context) => ({
      method: 'DELETE',
      path: docPath(DOCUMENT_PATHS.file, context, { fileId: String(context.ids.secondFile) }),
      as: 'a',
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'downloading a file: its original bytes',
    request: (context) => ({
      method: 'GET',
      path: docPath(DOCUMENT_PATHS.file, context, { fileId: String(context.ids.firstFile) }),
      as: 'a',
    }),
    expect: { status: 200, binary: 'application/pdf' },
  },
  {
    name: 'the preview of a PDF is the PDF',
    request: (context) => ({
      method: 'GET',
      path: docPath(DOCUMENT_PATHS.filePreview, context, { fileId: String(context.ids.firstFile) }),
      as: 'a',
    }),
    expect: { status: 200, binary: 'application/pdf' },
  },
  {
    name: 'a file the document does not have',
    request: (context) => ({
      method: 'GET',
      path: docPath(DOCUMENT_PATHS.file, context, { fileId: '999999' }),
      as: 'a',
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'sending the draft',
    request: (context) => ({ method: 'POST', path: docPath(DOCUMENT_PATHS.send, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'sending it again',
    request: (context) => ({ method: 'POST', path: docPath(DOCUMENT_PATHS.send, context), as: 'a' }),
    expect: refused('DOCUMENT_CHANGE_FORBIDDEN'),
  },
  {
    name: 'editing it once sent',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.document, context),
      as: 'a',
      json: draft,
    }),
    expect: refused('DOCUMENT_CHANGE_FORBIDDEN'),
  },
  {
    name: 'the signer company sees it in its incoming box',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents, B_BIN)}?box=incoming`,
      as: 'b',
    }),
    expect: ok(documentPageSchema),
    same: pageMeaning,
  },
  {
    name: 'the signer company reads it',
    request: (context) => ({
      method: 'GET',
      path: docPath(DOCUMENT_PATHS.document, context, {}, B_BIN),
      as: 'b',
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'the signer company may not edit it',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.document, context, {}, B_BIN),
      as: 'b',
      json: { ...draft, signers: [] },
    }),
    expect: refused('DOCUMENT_CHANGE_FORBIDDEN'),
  },
  {
    name: 'the history',
    request: (context) => ({ method: 'GET', path: docPath(DOCUMENT_PATHS.history, context), as: 'a' }),
    expect: ok(historyEventSchema.array()),
    same: (events: { type: string }[]) => events.map((event) => event.type),
  },
  {
    name: 'the history chain',
    request: (context) => ({ method: 'GET', path: docPath(DOCUMENT_PATHS.historyVerify, context), as: 'a' }),
    expect: ok(historyVerificationSchema),
    same: (answer: { valid: boolean; brokenAt: number | null }) => [answer.valid, answer.brokenAt],
  },
  {
    name: 'copying it into a new draft',
    request: (context) => ({ method: 'POST', path: docPath(DOCUMENT_PATHS.copy, context), as: 'a' }),
    expect: ok(documentSchema, 201),
    same: documentMeaning,
  },
  {
    name: 'moving it into the trash',
    request: (context) => ({ method: 'POST', path: docPath(DOCUMENT_PATHS.trash, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'the trash box lists it',
    request: () => ({ method: 'GET', path: `${companyPath(DOCUMENT_PATHS.documents)}?box=trash`, as: 'a' }),
    expect: ok(documentPageSchema),
    same: pageMeaning,
  },
  {
    name: 'the signer company still has it outside its trash',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents, B_BIN)}?box=incoming`,
      as: 'b',
    }),
    expect: ok(documentPageSchema),
    same: pageMeaning,
  },
  {
    name: 'restoring it',
    request: (context) => ({ method: 'POST', path: docPath(DOCUMENT_PATHS.restore, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },

  // ----- another company's draft -----
  {
    name: 'user B creates a draft without signers',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents, B_BIN),
      as: 'b',
      form: upload({ ...draft, name: 'Счёт на оплату', signers: [] }, [pdf('Счёт.pdf')]),
    }),
    expect: ok(documentSchema, 201),
    same: documentMeaning,
    keep: (context, body: Document) => {
      context.ids.foreign = body.id;
      context.ids.foreignFile = body.files[0]?.id ?? 0;
    },
  },
  {
    name: 'a document of another company answers 404, as if it did not exist',
    request: (context) => ({
      method: 'GET',
      path: apiPath(DOCUMENT_PATHS.document, { bin: A_BIN, id: String(context.ids.foreign) }),
      as: 'a',
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'editing a document of another company answers 404 too',
    request: (context) => ({
      method: 'PUT',
      path: apiPath(DOCUMENT_PATHS.document, { bin: A_BIN, id: String(context.ids.foreign) }),
      as: 'a',
      json: draft,
    }),
    expect: refused('ENTITY_NOT_FOUND', 404),
  },
  {
    name: 'sending a draft without signers',
    request: (context) => ({
      method: 'POST',
      path: apiPath(DOCUMENT_PATHS.send, { bin: B_BIN, id: String(context.ids.foreign) }),
      as: 'b',
    }),
    expect: refused('SIGNERS_REQUIRED'),
  },
  {
    name: 'deleting the only file of a draft',
    request: (context) => ({
      method: 'DELETE',
      path: apiPath(DOCUMENT_PATHS.file, {
        bin: B_BIN,
        id: String(context.ids.foreign),
        fileId: String(context.ids.foreignFile),
      }),
      as: 'b',
    }),
    expect: refused('DOCUMENT_WITHOUT_FILE'),
  },

  // ----- folders -----
  {
    name: 'creating a folder',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: 'Договоры' },
    }),
    expect: ok(folderSchema, 201),
    same: (folder: Folder) => [folder.name, folder.parentId, folder.documentCount],
    keep: (context, body: Folder) => {
      context.ids.folder = body.id;
    },
  },
  {
    name: 'a folder name taken by a sibling (any case)',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: 'ДОГОВОРЫ' },
    }),
    expect: refused('FOLDER_NAME_TAKEN'),
  },
  {
    name: 'a folder without a name',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: '  ' },
    }),
    expect: refused('FOLDER_NAME_REQUIRED'),
  },
  {
    name: 'a folder name with a control character',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: 'Акты\u0007' },
    }),
    expect: refused('CONTROL_CHARACTERS'),
  },
  {
    name: 'a search text with a NUL character',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=draft&q=a%00b`,
      as: 'a',
    }),
    expect: refused('CONTROL_CHARACTERS'),
  },
  {
    name: 'a subfolder',
    request: (context) => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: '2026', parentId: context.ids.folder },
    }),
    expect: ok(folderSchema, 201),
    same: (folder: Folder) => [folder.name, folder.parentId !== null],
    keep: (context, body: Folder) => {
      context.ids.subfolder = body.id;
    },
  },
  {
    name: 'moving a folder into its own subfolder',
    request: (context) => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.folderById, A_BIN, { folderId: String(context.ids.folder) }),
      as: 'a',
      json: { parentId: context.ids.subfolder },
    }),
    expect: refused('FOLDER_CYCLE'),
  },
  {
    name: 'renaming a folder',
    request: (context) => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.folderById, A_BIN, { folderId: String(context.ids.subfolder) }),
      as: 'a',
      json: { name: '2027' },
    }),
    expect: ok(folderSchema),
    same: (folder: Folder) => folder.name,
  },
  {
    name: 'filing the document in the subfolder',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.folder, context),
      as: 'a',
      json: { folderId: context.ids.subfolder },
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'filing it in a folder the company does not have',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.folder, context),
      as: 'a',
      json: { folderId: 999999 },
    }),
    expect: refused('FOLDER_NOT_FOUND', 404),
  },
  {
    name: 'the folders with their document counts',
    request: () => ({ method: 'GET', path: companyPath(DOCUMENT_PATHS.folders), as: 'a' }),
    expect: ok(folderSchema.array()),
    same: (folders: Folder[]) => folders.map((folder) => [folder.name, folder.documentCount]),
  },
  {
    name: 'the folder of another company answers as missing',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(DOCUMENT_PATHS.folderById, B_BIN, { folderId: String(context.ids.folder) }),
      as: 'b',
    }),
    expect: refused('FOLDER_NOT_FOUND', 404),
  },
  {
    name: 'deleting a folder with its subfolders',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(DOCUMENT_PATHS.folderById, A_BIN, { folderId: String(context.ids.folder) }),
      as: 'a',
    }),
    expect: { status: 204 },
  },
  {
    name: 'the document left the deleted folder',
    request: (context) => ({ method: 'GET', path: docPath(DOCUMENT_PATHS.document, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },

  // ----- counterparties -----
  {
    name: 'adding a counterparty',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.counterparties),
      as: 'a',
      json: {
        identityNumber: B_BIN,
        nameRu: 'ИП Бекова',
        emails: ['Office@Example.kz', 'office@example.kz'],
      },
    }),
    expect: ok(counterpartySchema, 201),
    same: (entry: { identityNumber: string; emails: string[]; nameKk: string | null }) => [
      entry.identityNumber,
      entry.emails,
      entry.nameKk,
    ],
    keep: (context, body: { id: number }) => {
      context.ids.counterparty = body.id;
    },
  },
  {
    name: 'the same BIN/IIN twice',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.counterparties),
      as: 'a',
      json: { identityNumber: B_BIN, nameRu: 'Другое имя', emails: ['x@example.kz'] },
    }),
    expect: refused('COUNTERPARTY_EXISTS'),
  },
  {
    name: 'a counterparty with an invalid BIN/IIN',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.counterparties),
      as: 'a',
      json: { identityNumber: '850312300458', nameRu: 'ИП Бекова', emails: ['x@example.kz'] },
    }),
    expect: refused('IDENTITY_NUMBER_INVALID'),
  },
  {
    name: 'searching counterparties by the start of the BIN/IIN',
    request: () => ({ method: 'GET', path: `${companyPath(DOCUMENT_PATHS.counterparties)}?q=8503`, as: 'a' }),
    expect: ok(counterpartySchema.array()),
    same: (entries: { identityNumber: string }[]) => entries.map((entry) => entry.identityNumber),
  },
  {
    name: 'replacing a counterparty',
    request: (context) => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.counterparty, A_BIN, {
        counterpartyId: String(context.ids.counterparty),
      }),
      as: 'a',
      json: {
        identityNumber: B_BIN,
        nameRu: 'ИП Бекова А. С.',
        nameKk: 'ЖК Бекова',
        emails: ['office@example.kz'],
      },
    }),
    expect: ok(counterpartySchema),
    same: (entry: { nameRu: string; nameKk: string | null }) => [entry.nameRu, entry.nameKk],
  },
  {
    name: 'a counterparty that does not exist',
    request: () => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.counterparty, A_BIN, { counterpartyId: '999999' }),
      as: 'a',
      json: { identityNumber: B_BIN, nameRu: 'ИП Бекова', emails: ['office@example.kz'] },
    }),
    expect: refused('COUNTERPARTY_NOT_FOUND', 404),
  },
  {
    name: 'the counterparties of a company of someone else',
    request: () => ({ method: 'GET', path: companyPath(DOCUMENT_PATHS.counterparties, A_BIN), as: 'b' }),
    expect: refused('FORBIDDEN'),
  },
  {
    name: 'deleting a counterparty',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(DOCUMENT_PATHS.counterparty, A_BIN, {
        counterpartyId: String(context.ids.counterparty),
      }),
      as: 'a',
    }),
    expect: { status: 204 },
  },

  // ----- signing: what both sides can judge without NCALayer (a real CMS only the server can verify) -----
  {
    name: 'the signing config',
    request: () => ({ method: 'GET', path: SIGNING_PATHS.config, as: 'a' }),
    expect: ok(signingConfigSchema),
    same: (config: SigningConfig) => config,
  },
  {
    name: 'an attach challenge: 32 bytes to sign',
    request: () => ({ method: 'POST', path: SIGNING_PATHS.attachChallenge, as: 'a' }),
    expect: ok(attachChallengeSchema, 201),
    same: (challenge: AttachChallenge) => atob(challenge.data).length,
  },
  {
    name: 'a signature that is not a CMS',
    request: async (context, side) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.sign, context, {}, B_BIN),
      as: 'b',
      json: { signatures: await unreadableSignatures(context, side) },
    }),
    expect: refused('SIGNATURE_INVALID'),
  },
  {
    name: 'an eGov mobile QR session for the signer',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.qrSigning, context, {}, B_BIN),
      as: 'b',
    }),
    expect: ok(qrSigningSessionSchema, 201),
    same: (session: QrSigningSession) => ({
      qr: session.qrPayload.startsWith('mobileSign:'),
      api1: session.qrPayload.endsWith(apiPath(SIGNING_PATHS.egovApi1, { sessionId: session.sessionId })),
      eventsUrl:
        session.eventsUrl === apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: session.sessionId }),
    }),
  },
  {
    name: 'the events of an unknown QR session',
    request: () => ({
      method: 'GET',
      path: apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: 'y'.repeat(43) }),
    }),
    expect: refused('QR_SESSION_NOT_FOUND', 404),
  },
  {
    name: 'eGov mobile API #1 of an unknown QR session',
    request: () => ({ method: 'GET', path: apiPath(SIGNING_PATHS.egovApi1, { sessionId: 'y'.repeat(43) }) }),
    expect: refused('QR_SESSION_NOT_FOUND', 404),
  },
  {
    name: 'an unknown signing link',
    request: () => ({ method: 'GET', path: apiPath(SIGNING_PATHS.signingLink, { token: 'x'.repeat(43) }) }),
    expect: refused('SIGNING_LINK_NOT_FOUND', 404),
  },
  {
    name: 'a rejection with too short a reason',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.reject, context, {}, B_BIN),
      as: 'b',
      json: { reason: 'abc' },
    }),
    expect: refused('REJECT_COMMENT_LENGTH'),
  },
  {
    name: 'revoking by the signer',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.revoke, context, {}, B_BIN),
      as: 'b',
    }),
    expect: refused('REVOKE_ONLY_BY_SENDER'),
  },
  {
    name: 'revoking by the sender while nobody signed',
    request: (context) => ({ method: 'POST', path: docPath(SIGNING_PATHS.revoke, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'signing a revoked document',
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.sign, context, {}, B_BIN),
      as: 'b',
      json: { signatures: [{ fileId: context.ids.firstFile, cms: btoa('not a CMS') }] },
    }),
    expect: refused('DOCUMENT_CHANGE_FORBIDDEN'),
  },
  {
    name: 'a second document to reject: created',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.documents),
      as: 'a',
      form: upload({ ...draft, name: 'Договор аренды' }, [pdf('Аренда.pdf')]),
    }),
    expect: ok(documentSchema, 201),
    same: documentMeaning,
    keep: (context, body: Document) => {
      context.ids.toReject = body.id;
    },
  },
  {
    name: 'a second document to reject: sent',
    request: (context) => ({
      method: 'POST',
      path: apiPath(DOCUMENT_PATHS.send, { bin: A_BIN, id: String(context.ids.toReject) }),
      as: 'a',
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'the signer rejects it with a reason',
    request: (context) => ({
      method: 'POST',
      path: apiPath(SIGNING_PATHS.reject, { bin: B_BIN, id: String(context.ids.toReject) }),
      as: 'b',
      json: { reason: 'Неверные реквизиты' },
    }),
    expect: ok(documentSchema),
    same: (document: Document) => ({
      ...documentMeaning(document),
      rejection: [document.rejection?.identityNumber, document.rejection?.reason],
    }),
  },
  {
    name: 'rejecting it again',
    request: (context) => ({
      method: 'POST',
      path: apiPath(SIGNING_PATHS.reject, { bin: B_BIN, id: String(context.ids.toReject) }),
      as: 'b',
      json: { reason: 'Неверные реквизиты' },
    }),
    expect: refused('ONLY_IN_PROGRESS_CAN_BE_REJECTED'),
  },

  // ----- public verification: the refusals both sides can judge (a real CMS only the server can verify) -----
  {
    name: 'verification: an upload without a file',
    request: () => ({ method: 'POST', path: VERIFICATION_PATHS.verify, form: verification([]) }),
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'verification: a part that is not `files`',
    request: () => {
      const form = new FormData();
      form.append('document', pdf('a.pdf'), 'a.pdf');
      return { method: 'POST', path: VERIFICATION_PATHS.verify, form };
    },
    expect: refused('MULTIPART_INVALID'),
  },
  {
    name: 'verification: a text file renamed .pdf',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      form: verification([new File(['plain text'], 'notes.pdf', { type: 'application/pdf' })]),
    }),
    expect: refused('UNSUPPORTED_FILE_FORMAT'),
  },
  {
    name: 'verification: a PDF never signed here',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      form: verification([pdf('x.pdf', 777)]),
    }),
    expect: refused('DOCUMENT_NOT_SIGNED'),
  },
  {
    name: 'verification: the file of a document sent here but not signed, with a token too',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      as: 'a',
      form: verification([pdf('Договор.pdf', 300)]),
    }),
    expect: refused('DOCUMENT_NOT_SIGNED'),
  },
  {
    name: 'verification: one file too many',
    request: () => ({
      method: 'POST',
      path: VERIFICATION_PATHS.verify,
      form: verification(Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdf(`${index}.pdf`))),
    }),
    expect: refused('TOO_MANY_FILES'),
  },
  {
    name: 'verification: an unknown stored file',
    request: () => ({ method: 'GET', path: storedFilePath(999_999, 999_999, 'ab'.repeat(8)) }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification: an unsigned stored file with its right hash',
    request: async (context) => ({
      method: 'GET',
      path: storedFilePath(
        context.ids.document ?? 0,
        context.ids.firstFile ?? 0,
        (await sha256Of(pdf('Договор.pdf', 300))).slice(0, 16),
      ),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification: a stored file without the hash',
    request: (context) => ({
      method: 'GET',
      path: storedFilePath(context.ids.document ?? 0, context.ids.firstFile ?? 0),
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'verification: a stored file id beyond a database integer',
    request: () => ({ method: 'GET', path: storedFilePath(1, 2 ** 40, 'ab'.repeat(8)) }),
    expect: refused('ENTITY_NOT_FOUND'),
  },

  // ----- partner API keys and embed sessions -----
  {
    name: 'partner: the administrator has no API keys yet',
    request: () => ({ method: 'GET', path: companyPath(PARTNER_PATHS.apiKeys), as: 'a' }),
    expect: ok(apiKeySchema.array()),
    same: (keys: unknown[]) => keys.length,
  },
  {
    name: 'partner: an origin with a wildcard is refused',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Shop', allowedOrigins: ['https://*.shop.kz'] },
    }),
    expect: refused('ORIGIN_INVALID'),
  },
  {
    name: 'partner: a webhook URL over plain http is refused',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl: 'http://shop.kz/hook' },
    }),
    expect: refused('WEBHOOK_URL_INVALID'),
  },
  {
    name: 'partner: the administrator creates a key (its secrets in this answer only)',
    request: () => ({
      method: 'POST',
      path: companyPath(PARTNER_PATHS.apiKeys),
      as: 'a',
      json: {
        name: 'Shop',
        allowedOrigins: ['https://shop.kz/', 'https://shop.kz'],
        webhookUrl: 'https://shop.kz/hook',
      },
    }),
    expect: { status: 201, schema: apiKeyCreatedSchema },
    same: (created: { apiKey: { name: string; allowedOrigins: string[] }; webhookSecret: string | null }) => [
      created.apiKey.name,
      created.apiKey.allowedOrigins,
      created.webhookSecret === null,
    ],
    keep: (context, created: { apiKey: { id: string } }) => {
      context.values.apiKey = created.apiKey.id;
    },
  },
  {
    name: "partner: another company's member cannot list the keys",
    request: () => ({ method: 'GET', path: companyPath(PARTNER_PATHS.apiKeys), as: 'b' }),
    expect: refused('FORBIDDEN'),
  },
  {
    name: "partner: a key of another company is not found with one's own BIN",
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(PARTNER_PATHS.apiKey, B_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'b',
    }),
    expect: refused('ENTITY_NOT_FOUND'),
  },
  {
    name: 'partner: the administrator renames the key',
    request: (context) => ({
      method: 'PATCH',
      path: companyPath(PARTNER_PATHS.apiKey, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
      json: { name: 'Shop 2', allowedOrigins: ['https://shop.kz'] },
    }),
    expect: ok(apiKeySchema),
    same: (key: { name: string; webhookUrl: string | null }) => [key.name, key.webhookUrl],
  },
  {
    name: 'partner: a new key has an empty delivery log',
    request: (context) => ({
      method: 'GET',
      path: companyPath(PARTNER_PATHS.webhookDeliveries, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
    }),
    expect: ok(webhookDeliverySchema.array()),
    same: (deliveries: unknown[]) => deliveries.length,
  },
  {
    name: 'partner: the administrator revokes the key',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(PARTNER_PATHS.apiKey, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
    }),
    expect: { status: 204 },
  },
  {
    name: 'partner: a revoked key cannot be edited',
    request: (context) => ({
      method: 'PATCH',
      path: companyPath(PARTNER_PATHS.apiKey, A_BIN, { keyId: context.values.apiKey ?? 'x' }),
      as: 'a',
      json: { name: 'Shop 3', allowedOrigins: ['https://shop.kz'] },
    }),
    expect: refused('API_KEY_INVALID'),
  },
  {
    name: 'embed: an unknown token is refused',
    request: () => ({ method: 'POST', path: EMBED_PATHS.sessions, json: { token: `qe_${'A'.repeat(43)}` } }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },
  {
    name: 'embed: a session route without a session is refused',
    request: () => ({ method: 'GET', path: EMBED_PATHS.session }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },
  {
    name: 'embed: signing without a session is refused before the body is read',
    request: () => ({ method: 'POST', path: EMBED_PATHS.sign, json: {} }),
    expect: refused('EMBED_TOKEN_INVALID'),
  },

  // ----- transport -----
  {
    name: 'a method the route does not have',
    request: () => ({ method: 'PATCH', path: companyPath(DOCUMENT_PATHS.folders), as: 'a', json: {} }),
    expect: refused('METHOD_NOT_ALLOWED', 405),
  },
  {
    name: 'an address no route has',
    request: () => ({ method: 'GET', path: `${companyPath(DOCUMENT_PATHS.documents)}/1/nothing`, as: 'a' }),
    expect: refused('ROUTE_NOT_FOUND', 404),
  },
];
