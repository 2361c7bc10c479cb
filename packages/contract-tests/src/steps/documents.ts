import {
  apiPath,
  DOCUMENT_PATHS,
  DOCUMENT_UPLOAD_PARTS,
  type Document,
  documentPageSchema,
  documentSchema,
  EXTERNAL_LINK_PATHS,
  historyEventSchema,
  historyVerificationSchema,
  SIGNING_PATHS,
} from '@qoltanba/core';
import {
  A_BIN,
  B_BIN,
  companyPath,
  docPath,
  documentMeaning,
  draft,
  ok,
  pageMeaning,
  pdf,
  refused,
  type Step,
  signerB,
  upload,
} from '../table-support';
import { externalLinkSteps } from './external-links';

/** Documents: refusals, a draft's life through send, copy, trash and restore, external links, another company's draft. */
export const documentSteps: Step[] = [
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
    name: "sending the signer's link again right after the send (the cooldown)",
    request: (context) => ({
      method: 'POST',
      path: docPath(SIGNING_PATHS.resendSigningLink, context),
      as: 'a',
      json: { identityNumber: B_BIN },
    }),
    expect: refused('SIGNING_LINK_RESEND_TOO_EARLY'),
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
  ...externalLinkSteps,
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
    name: 'external link: a draft cannot be shared',
    request: (context) => ({
      method: 'POST',
      path: apiPath(EXTERNAL_LINK_PATHS.links, { bin: B_BIN, id: String(context.ids.foreign) }),
      as: 'b',
      json: {},
    }),
    expect: refused('DOCUMENT_NOT_SENT'),
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
];
